/**
 * The exact win probability of a uniformly random Pyramide player (one choosing uniformly
 * among the engine's legal moves: Kings, pairs, draw, turn-over) under unlimited turn-overs,
 * stopped as lost the moment its position can no longer be won.
 *
 * Removals are irreversible, and for a fixed set of removed cards the draws and the
 * turn-over only move the waste pointer round one cycle: (no waste card) → draw → each card
 * still in the talon on top in turn → turn over → (no waste card). So, with P_j the win
 * probability at pointer state j of a removal set, k_j its legal moves and S_j the sum of
 * the probabilities after its removals,
 *
 *   P_j = (P_{j+1} + S_j) / k_j        (the talon move goes to j+1, round the cycle)
 *
 * an affine map per state; composing them round the cycle gives P_0 = A·P_0 + B, so
 * P_0 = B / (1 − A) (A = 1 only when no state of the cycle has a removal: the player then
 * never wins, P = 0), and the others follow back round. The removal sets form an acyclic
 * graph, solved depth first and memoised in a typed-array table; past `stateLimit` removal
 * sets the computation gives up (the caller falls back to seeded playouts).
 */
import { GrowableInt32Array } from '../../search/growable.js';
import { KeyTable } from '../../search/keyTable.js';
import type { PyramideDecisionSpace } from './difficulty.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE } from './layout.js';

const TALON = 24;
/** Child markers in the per-depth scratch: a won or a lost position instead of a table offset. */
const WON = -2;
const LOST = -3;
/** Removals can go no deeper than the cards: 28 pyramid + 24 talon, and a margin. */
const MAX_DEPTH = 64;
/** Removals of one position that involve no talon card (Kings and pyramid pairs). */
const MAX_REMOVALS = 64;

export class ExactRandomPlay {
  private readonly table = new KeyTable(2, null, 1 << 12);
  /** Per removal set (table id): where its values start in `values`. */
  private readonly offset = new GrowableInt32Array(1 << 12);
  private values = new Float64Array(1 << 16);
  private used = 0;
  private readonly key = new Uint32Array(2);
  /** Per depth: the talon cards still in play (indices), the available pyramid cards, the pyramid-only children. */
  private readonly inPlay = new Int32Array(MAX_DEPTH * TALON);
  private readonly avail = new Int32Array(MAX_DEPTH * PYRAMID_SIZE);
  private readonly pyrChild = new Int32Array(MAX_DEPTH * MAX_REMOVALS);
  private readonly coefA = new Float64Array(MAX_DEPTH * (TALON + 1));
  private readonly coefB = new Float64Array(MAX_DEPTH * (TALON + 1));
  overflow = false;

  constructor(
    private readonly space: PyramideDecisionSpace,
    private readonly stateLimit: number,
  ) {}

  /** Removal sets solved so far. */
  get states(): number {
    return this.table.size;
  }

  /**
   * The win probability from the start: nothing removed, the waste pointer after the first
   * talon card (`wasteStartsEmpty` false, the app's deal) or before it. Null past the limit.
   */
  startRate(wasteStartsEmpty: boolean): number | null {
    const at = this.solve(0, 0, 0, 0);
    if (at < 0) return null;
    // Pointer state 1 is the first talon card on the waste; 0 the empty waste.
    return this.values[at + (wasteStartsEmpty ? 0 : 1)]!;
  }

  /** The value of a child at pointer state j: won 1, lost 0, or from the table. */
  private childValue(child: number, j: number): number {
    if (child === WON) return 1;
    if (child === LOST) return 0;
    return this.values[child + j]!;
  }

  /** A child position: WON, LOST (cannot be won any more), or its offset in `values` (−1: over the limit). */
  private child(mask: number, removed: number, usage: number, depth: number): number {
    if (mask === FULL_PYRAMID) return WON;
    if (!this.space.winnable(this.space.closeKings(mask), usage)) return LOST;
    return this.solve(mask, removed, usage, depth);
  }

  /** Solves a removal set; returns the offset of its values (one per pointer state), or −1 past the limit. */
  private solve(mask: number, removed: number, usage: number, depth: number): number {
    this.key[0] = mask;
    this.key[1] = removed;
    const known = this.table.lookup(this.key);
    if (known >= 0) return this.offset.data[known]!;
    if (this.overflow || this.table.size >= this.stateLimit || depth >= MAX_DEPTH) {
      this.overflow = true;
      return -1;
    }
    const space = this.space;
    const value = space.value;
    const tv = space.talonValue;
    // The talon cards in play, in order: pointer state j ≥ 1 has inPlay[j − 1] on the waste top.
    const ip = depth * TALON;
    let r = 0;
    for (let i = 0; i < TALON; i++) if (((removed >> i) & 1) === 0) this.inPlay[ip + r++] = i;
    const av = depth * PYRAMID_SIZE;
    let n = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((mask >> i) & 1) === 0 && (mask & COVER_MASK[i]!) === COVER_MASK[i]) this.avail[av + n++] = i;
    }
    // Removals without a talon card lead to the same pointer state of another removal set.
    const pc = depth * MAX_REMOVALS;
    let np = 0;
    for (let a = 0; a < n; a++) {
      const pa = this.avail[av + a]!;
      if (value[pa] === 13) this.pyrChild[pc + np++] = this.child(mask | (1 << pa), removed, usage, depth + 1);
      for (let b = a + 1; b < n; b++) {
        const pb = this.avail[av + b]!;
        if (value[pa]! + value[pb]! === 13) this.pyrChild[pc + np++] = this.child(mask | (1 << pa) | (1 << pb), removed, usage, depth + 1);
      }
    }
    for (let c = 0; c < np; c++) if (this.pyrChild[pc + c] === -1) return -1;
    const cycle = r + 1;
    const talonMove = r > 0 ? 1 : 0;
    const ca = depth * (TALON + 1);
    for (let j = 0; j < cycle; j++) {
      let sum = 0;
      for (let c = 0; c < np; c++) sum += this.childValue(this.pyrChild[pc + c]!, j);
      let k = np + talonMove;
      if (j > 0) {
        // Removals with the waste top t: the pointer falls back to the card below it (state j − 1).
        const t = this.inPlay[ip + j - 1]!;
        const bit = 1 << t;
        const vt = tv[t]!;
        if (vt === 13) {
          const ch = this.child(mask, removed | bit, usage, depth + 1);
          if (ch === -1) return -1;
          sum += this.childValue(ch, j - 1);
          k++;
        } else {
          for (let a = 0; a < n; a++) {
            const pa = this.avail[av + a]!;
            if (value[pa]! + vt !== 13) continue;
            const ch = this.child(mask | (1 << pa), removed | bit, space.useTalon(usage, vt), depth + 1);
            if (ch === -1) return -1;
            sum += this.childValue(ch, j - 1);
            k++;
          }
        }
      }
      this.coefA[ca + j] = k === 0 ? 0 : talonMove / k;
      this.coefB[ca + j] = k === 0 ? 0 : sum / k;
    }
    // Round the cycle: P_0 = A·P_0 + B.
    let A = 1;
    let B = 0;
    for (let j = cycle - 1; j >= 0; j--) {
      const a = this.coefA[ca + j]!;
      B = a * B + this.coefB[ca + j]!;
      A *= a;
    }
    const at = this.reserve(cycle);
    const vals = this.values;
    vals[at] = A < 1 ? B / (1 - A) : 0;
    for (let j = cycle - 1; j >= 1; j--) vals[at + j] = this.coefA[ca + j]! * vals[at + ((j + 1) % cycle)]! + this.coefB[ca + j]!;
    this.key[0] = mask;
    this.key[1] = removed;
    const id = this.table.intern(this.key);
    this.offset.ensure(id)[id] = at;
    return at;
  }

  private reserve(count: number): number {
    if (this.used + count > this.values.length) {
      let cap = this.values.length * 2;
      while (cap < this.used + count) cap *= 2;
      const next = new Float64Array(cap);
      next.set(this.values);
      this.values = next;
    }
    const at = this.used;
    this.used += count;
    return at;
  }
}
