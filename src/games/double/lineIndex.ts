/**
 * Where along a line each position last occurs, by exact position key (`positionKey.ts`, the
 * waste pointer left out): the shortening's jumps (shorten.ts) look up every position one move
 * off the line, and typed-array keys cost a fraction of text ones.
 *
 * The key is the cycle key's equal (cycleKey.ts): the columns with face-down cards by index,
 * the others as a set, the talon's cards; the foundations follow from the rest (every card of
 * the deal not in a column or the talon is on them, and per suit the two piles' heights
 * follow from how many copies of each rank are up).
 */
import { GrowableInt32Array } from '../../search/growable.js';
import { KeyTable } from '../../search/keyTable.js';
import type { DoubleState } from './engine.js';
import { KEY_WORDS, PositionKey } from './positionKey.js';

export class LineIndex {
  private readonly table = new KeyTable(KEY_WORDS, null, 1 << 10);
  private readonly last = new GrowableInt32Array(1 << 10);
  private readonly keys = new PositionKey();

  /** Records that position `s` occurs at index `at` of the line (the last one recorded counts). */
  set(s: DoubleState, at: number): void {
    const id = this.table.intern(this.keys.write(s, false));
    this.last.ensure(id)[id] = at;
  }

  /** The last index recorded for position `s`, or -1. */
  get(s: DoubleState): number {
    const id = this.table.lookup(this.keys.write(s, false));
    return id < 0 ? -1 : this.last.data[id]!;
  }
}
