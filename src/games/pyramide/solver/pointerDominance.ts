/**
 * Pointer dominance for the minimum-move search (minMoves.ts). Two positions with the same
 * pyramid and the same talon cards removed differ only in where the waste ends and how many
 * turn-overs they used. From the one with the earlier pointer, draws alone reach the other;
 * from any pointer, drawing to the end and turning over reaches every pointer with one more
 * turn-over used (and, with unlimited turn-overs, every pointer). So when a position was
 * taken from the queue after g moves and the other is met after g' >= g + those moves,
 * every line from the other is matched, move for move after them, by a line from the first
 * that is no longer (the search's steps from the first include each of its own after those
 * moves): the other needs no search of its own. The draws between two pointers are the
 * talon cards left between them, so no position is compared with itself at a lower cost (a
 * pointer always sits on a card left, or at the end).
 */
import type { Budget } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { FULL_PYRAMID, popcount } from '../layout.js';
import { ALL_TALON } from './fullState.js';

/** Positions taken, per pyramid and talon, kept for comparison (a bound on the work per check). */
const SLOTS = 4;
const WORDS = SLOTS + 1;

export class PointerDominance {
  private readonly table: StateTable;
  /** Per key: how many slots are used, then each slot's turn-overs << 21 | pointer << 16 | moves. */
  private readonly slots = new GrowableInt32Array(WORDS << 10);

  /** Turn-overs are unlimited, so a later pointer reaches an earlier one too. */
  private wrap = false;

  constructor() {
    this.table = new StateTable(null, 1 << 10, WORDS * 4);
  }

  /** One bit per hash of a key: most keys met were never taken, and this says so without the table. */
  private readonly filter = new Int32Array(FILTER_WORDS);

  /**
   * Forgets every position, for another search under `budget` (`wrap`: with unlimited
   * turn-overs). Kept from search to search: a small one clears only the filter bits it set.
   */
  reset(budget: Budget | null, wrap: boolean): void {
    this.wrap = wrap;
    const t = this.table;
    if (t.size < FILTER_WORDS >> 3) {
      for (let id = 0; id < t.size; id++) this.filter[filterSlot(t.hiOf(id), t.loOf(id)) >>> 5] = 0;
    } else this.filter.fill(0);
    t.reset(budget);
    // Nor the slots of a large one.
    if (this.slots.data.length > WORDS << 16) this.slots.data = new Int32Array(WORDS << 10);
  }

  /** Bytes held (the queue counts them against the memory limit). */
  bytes(): number {
    return this.table.bytes() + this.slots.data.byteLength;
  }

  /** Whether a position taken before reaches this one (met after `g` moves) by draws, at no more cost. */
  dominated(lo: number, hi: number, g: number): boolean {
    const h = filterSlot(hi, lo);
    if ((this.filter[h >>> 5]! & (1 << (h & 31))) === 0) return false;
    const id = this.table.lookup(hi & ALL_TALON, lo & FULL_PYRAMID);
    if (id < 0) return false;
    const left = ~hi & ALL_TALON;
    const p = pointerOf(lo, hi);
    const k = turnOversOf(hi);
    const before = popcount(left & ((1 << p) - 1));
    const s = this.slots.data;
    const at = id * WORDS;
    for (let i = 1; i <= s[at]!; i++) {
      const kq = s[at + i]! >>> 21;
      const q = (s[at + i]! >>> 16) & 31;
      const gq = s[at + i]! & 0xffff;
      if (kq > k || (kq === k && q === p)) continue;
      let draws: number;
      if (kq === k && q < p) draws = before - popcount(left & ((1 << q) - 1));
      else if (kq < k || this.wrap) {
        // To the end, turn over, whole passes for the turn-overs still to come, then on to the pointer.
        const all = popcount(left);
        draws = all - popcount(left & ((1 << q) - 1)) + 1 + (k - kq - (kq < k ? 1 : 0)) * (all + 1) + before;
      } else continue;
      if (gq + draws <= g) return true;
    }
    return false;
  }

  /** Records a position taken from the queue after `g` moves (not when memory runs out: then it only prunes less). */
  close(lo: number, hi: number, g: number): void {
    const id = this.table.intern(hi & ALL_TALON, lo & FULL_PYRAMID);
    if (id < 0) return;
    const h = filterSlot(hi, lo);
    this.filter[h >>> 5]! |= 1 << (h & 31);
    const s = this.slots.ensure(id * WORDS + SLOTS);
    const at = id * WORDS;
    if (this.table.lastWasNew) s[at] = 0;
    const where = (turnOversOf(hi) << 5) | pointerOf(lo, hi);
    for (let i = 1; i <= s[at]!; i++) {
      if (s[at + i]! >>> 16 === where) {
        // Taken again by a shorter path.
        if ((s[at + i]! & 0xffff) > g) s[at + i] = (where << 16) | g;
        return;
      }
    }
    if (s[at]! < SLOTS) {
      s[at]!++;
      s[at + s[at]!] = (where << 16) | g;
    }
  }
}

const FILTER_BITS = 20;
const FILTER_WORDS = 1 << (FILTER_BITS - 5);

/** The filter's bit for a key (the pointer and the turn-overs left out). */
function filterSlot(hi: number, lo: number): number {
  return Math.imul((lo & FULL_PYRAMID) ^ Math.imul(hi & ALL_TALON, 0x9e3779b1), 0x85ebca6b) >>> (32 - FILTER_BITS);
}

/** Turn-overs used by a packed position (see fullState.ts). */
function turnOversOf(hi: number): number {
  return (hi >>> 25) & 63;
}

/** The waste pointer of a packed position (0 to 24; see fullState.ts). */
function pointerOf(lo: number, hi: number): number {
  return ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
}
