/**
 * Pointer dominance for the minimum-move search (minMoves.ts). Two positions with the same
 * pyramid, the same talon cards removed and the same turn-overs used differ only in where
 * the waste ends; from the one with the earlier pointer, draws alone reach the other (and,
 * with unlimited turn-overs, from any pointer by drawing to the end and turning over). So
 * when a position was taken from the queue after g moves and the other is met after g' >=
 * g + those draws, every line from the other is matched, move for move after the draws, by
 * a line from the first that is no longer (the search's steps from the first include each
 * of its own after those draws): the other needs no search of its own. The draws
 * between two pointers are the talon cards left between them, so no position is compared
 * with itself at a lower cost (a pointer always sits on a card left, or at the end).
 */
import type { Budget } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { FULL_PYRAMID, popcount } from '../layout.js';
import { ALL_TALON } from './fullState.js';

/** Positions taken, per pyramid and talon, kept for comparison (a bound on the work per check). */
const SLOTS = 4;
const WORDS = SLOTS + 1;
const NEXT_HIGH_BIT = 1 << 24;

export class PointerDominance {
  private readonly table: StateTable;
  /** Per key: how many slots are used, then each slot's pointer << 16 | moves. */
  private readonly slots = new GrowableInt32Array(WORDS << 10);

  /** `wrap`: turn-overs are unlimited, so a later pointer reaches an earlier one too. */
  constructor(private readonly wrap: boolean) {
    this.table = new StateTable(null, 1 << 10, WORDS * 4);
  }

  /** Forgets every position, for another search under `budget`. */
  reset(budget: Budget | null): void {
    this.table.reset(budget);
  }

  /** Bytes held (the queue counts them against the memory limit). */
  bytes(): number {
    return this.table.bytes() + this.slots.data.byteLength;
  }

  /** Whether a position taken before reaches this one (met after `g` moves) by draws, at no more cost. */
  dominated(lo: number, hi: number, g: number): boolean {
    const id = this.table.lookup((hi & ~NEXT_HIGH_BIT) >>> 0, lo & FULL_PYRAMID);
    if (id < 0) return false;
    const left = ~hi & ALL_TALON;
    const p = pointerOf(lo, hi);
    const before = popcount(left & ((1 << p) - 1));
    const s = this.slots.data;
    const at = id * WORDS;
    for (let i = 1; i <= s[at]!; i++) {
      const q = s[at + i]! >>> 16;
      const gq = s[at + i]! & 0xffff;
      if (q === p) continue;
      let draws: number;
      if (q < p) draws = before - popcount(left & ((1 << q) - 1));
      else if (this.wrap) draws = popcount(left & ~((1 << q) - 1)) + 1 + before;
      else continue;
      if (gq + draws <= g) return true;
    }
    return false;
  }

  /** Records a position taken from the queue after `g` moves (not when memory runs out: then it only prunes less). */
  close(lo: number, hi: number, g: number): void {
    const id = this.table.intern((hi & ~NEXT_HIGH_BIT) >>> 0, lo & FULL_PYRAMID);
    if (id < 0) return;
    const s = this.slots.ensure(id * WORDS + SLOTS);
    const at = id * WORDS;
    if (this.table.lastWasNew) s[at] = 0;
    const p = pointerOf(lo, hi);
    for (let i = 1; i <= s[at]!; i++) {
      if (s[at + i]! >>> 16 === p) {
        // Taken again by a shorter path.
        if ((s[at + i]! & 0xffff) > g) s[at + i] = (p << 16) | g;
        return;
      }
    }
    if (s[at]! < SLOTS) {
      s[at]!++;
      s[at + s[at]!] = (p << 16) | g;
    }
  }
}

/** The waste pointer of a packed position (0 to 24; see fullState.ts). */
function pointerOf(lo: number, hi: number): number {
  return ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
}
