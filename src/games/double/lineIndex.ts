/**
 * Where along a line each position occurs, by exact position key (`positionKey.ts`, the
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
    return this.found(this.table.lookup(this.keys.write(s, false)));
  }

  /**
   * `get(s)` where `s` is one move from a position whose column codes are `before`
   * (`columnCodesInto`), the move having changed columns `touchedA` and `touchedB` (or -1).
   */
  getAfterMove(s: DoubleState, before: Uint32Array, touchedA: number, touchedB: number): number {
    return this.found(this.table.lookup(this.keys.writeAfterMove(s, before, 0, touchedA, touchedB, false)));
  }

  private found(id: number): number {
    return id < 0 ? -1 : this.last.data[id]!;
  }
}

/**
 * The positions of a line being cut (shorten.ts's cycles), in order, by the same exact key: a
 * position is added at the end, looked up, and the line cut back to a position met again.
 */
export class LinePositions {
  private readonly table = new KeyTable(KEY_WORDS, null, 1 << 10);
  /** Per key id: its index in the line, or -1 once cut off. */
  private readonly at = new GrowableInt32Array(1 << 10);
  private readonly ids = new GrowableInt32Array(1 << 10);
  private length = 0;
  private readonly keys = new PositionKey();

  /** Adds `s` at the end of the line (it must not be in it). */
  push(s: DoubleState): void {
    const id = this.table.intern(this.keys.write(s, false));
    this.at.ensure(id)[id] = this.length;
    this.ids.ensure(this.length)[this.length++] = id;
  }

  /** Where `s` is in the line, or -1. */
  indexOf(s: DoubleState): number {
    const id = this.table.lookup(this.keys.write(s, false));
    return id < 0 ? -1 : this.at.data[id]!;
  }

  /** Keeps the first `length` positions of the line. */
  truncate(length: number): void {
    while (this.length > length) this.at.data[this.ids.data[--this.length]!] = -1;
  }
}
