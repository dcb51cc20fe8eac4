/**
 * The whole Pyramide position packed into two 32-bit words, and its moves, for the exact
 * searches (minimum moves; every rule set where the stock order matters).
 *
 *   lo = pyramid cards removed (bits 0-27) | low 4 bits of `next` (bits 28-31)
 *   hi = talon cards removed (bits 0-23)   | high bit of `next` (bit 24) | turn-overs used (bits 25-30)
 *
 * `next` is the engine's boundary between waste and stock, always moved past removed
 * cards so that one position has one key. Nothing here allocates per position: moves are
 * written into typed-array buffers the caller owns.
 */
import { rankOf } from '../../../cards/card.js';
import type { PyramideDeal } from '../deal.js';
import { talonOf } from '../deal.js';
import type { PyramideMove } from '../engine.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, TALON_SIZE, popcount } from '../layout.js';
import type { PyramideRules } from '../rules.js';

export const MOVE_KING = 0;
export const MOVE_PAIR = 1;
export const MOVE_DRAW = 2;
export const MOVE_TURN = 3;

/** Card locations in move codes: 0-27 pyramid positions, 28-51 talon indexes. */
const TALON_BASE = PYRAMID_SIZE;
const ALL_TALON = (1 << TALON_SIZE) - 1;

export function moveCode(kind: number, a = 0, b = 0): number {
  return kind | (a << 2) | (b << 8);
}

/** Room for every move of one position: pairs among up to 28 + 3 cards, kings, draw, turn-over. */
export const MAX_MOVES = 512;

export class FullStateSpace {
  readonly value = new Int32Array(PYRAMID_SIZE + TALON_SIZE);
  readonly startLo: number;
  readonly startHi: number;
  private readonly avail = new Int32Array(PYRAMID_SIZE + 4);
  private readonly counts = new Int32Array(14);
  private readonly costs = new Int32Array(TALON_SIZE);

  constructor(
    readonly deal: PyramideDeal,
    readonly rules: PyramideRules,
  ) {
    const talon = talonOf(deal);
    if (!talon) throw new Error('the full search needs the whole stock order');
    for (let i = 0; i < PYRAMID_SIZE; i++) this.value[i] = rankOf(deal.pyramid[i]!);
    for (let i = 0; i < TALON_SIZE; i++) this.value[TALON_BASE + i] = rankOf(talon[i]!);
    const start = this.pack(0, 0, rules.wasteStartsEmpty ? 0 : 1, 0);
    this.startLo = start.lo;
    this.startHi = start.hi;
  }

  // Scratch output of `pack`, so packing allocates nothing.
  private readonly packed = { lo: 0, hi: 0 };

  pack(removed: number, talonRemoved: number, next: number, passes: number): { lo: number; hi: number } {
    while (next < TALON_SIZE && ((talonRemoved >> next) & 1) === 1) next++;
    if (this.rules.passes === Infinity) passes = 0;
    this.packed.lo = (removed | ((next & 15) << 28)) >>> 0;
    this.packed.hi = (talonRemoved | ((next >> 4) << 24) | (passes << 25)) >>> 0;
    return this.packed;
  }

  static removedOf(lo: number): number {
    return lo & FULL_PYRAMID;
  }

  isWon(lo: number, hi: number): boolean {
    if ((lo & FULL_PYRAMID) !== FULL_PYRAMID) return false;
    return !this.rules.strictWin || (hi & ALL_TALON) === ALL_TALON;
  }

  removedCount(lo: number): number {
    return popcount(lo & FULL_PYRAMID);
  }

  /**
   * Writes the successors of a position into `outLo` / `outHi` / `outMove` and returns how
   * many. When a King can be removed, that is the only successor: it must go in every win,
   * it only uncovers cards, and removing it first loses nothing (and no dead end).
   */
  successors(lo: number, hi: number, outLo: Uint32Array, outHi: Uint32Array, outMove: Int32Array): number {
    const rules = this.rules;
    const value = this.value;
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    const next = ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
    const passes = (hi >>> 25) & 63;
    const avail = this.avail;
    let n = 0;
    let out = 0;

    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((removed >> i) & 1) === 0 && (removed & COVER_MASK[i]!) === COVER_MASK[i]) {
        if (value[i] === 13) {
          const p = this.pack(removed | (1 << i), talonRemoved, next, passes);
          outLo[0] = p.lo;
          outHi[0] = p.hi;
          outMove[0] = moveCode(MOVE_KING, i);
          return 1;
        }
        avail[n++] = i;
      }
    }
    let wasteTop = -1;
    for (let i = next - 1; i >= 0; i--) {
      if (((talonRemoved >> i) & 1) === 0) {
        wasteTop = i;
        break;
      }
    }
    let stockTop = -1;
    for (let i = next; i < TALON_SIZE; i++) {
      if (((talonRemoved >> i) & 1) === 0) {
        stockTop = i;
        break;
      }
    }
    const firstTalon = n;
    if (wasteTop >= 0) avail[n++] = TALON_BASE + wasteTop;
    if (rules.stockTopAvailable && stockTop >= 0) avail[n++] = TALON_BASE + stockTop;

    // Kings on the talon: under a strict win they must go anyway, so that is the only move.
    for (let k = firstTalon; k < n; k++) {
      const loc = avail[k]!;
      if (value[loc] === 13) {
        const p = this.pack(removed, talonRemoved | (1 << (loc - TALON_BASE)), next, passes);
        outLo[out] = p.lo;
        outHi[out] = p.hi;
        outMove[out] = moveCode(MOVE_KING, loc);
        if (rules.strictWin) return 1;
        out++;
      }
    }

    // Pairs of available cards (two talon cards never pair unless the stock top is available).
    for (let a = 0; a < n; a++) {
      const la = avail[a]!;
      const va = value[la]!;
      for (let b = a + 1; b < n; b++) {
        const lb = avail[b]!;
        if (va + value[lb]! !== 13) continue;
        out = this.emitPair(la, lb, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
      }
    }
    if (rules.pairBeneath && wasteTop >= 0) {
      for (let i = wasteTop - 1; i >= 0; i--) {
        if (((talonRemoved >> i) & 1) === 0) {
          if (value[TALON_BASE + wasteTop]! + value[TALON_BASE + i]! === 13) {
            out = this.emitPair(TALON_BASE + wasteTop, TALON_BASE + i, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
          }
          break;
        }
      }
    }
    if (rules.pairCovering) {
      for (let x = 0; x < PYRAMID_SIZE; x++) {
        if ((removed >> x) & 1) continue;
        const rest = COVER_MASK[x]! & ~removed;
        if (rest === 0 || (rest & (rest - 1)) !== 0) continue;
        const y = 31 - Math.clz32(rest);
        if ((removed & COVER_MASK[y]!) !== COVER_MASK[y] || value[x]! + value[y]! !== 13) continue;
        out = this.emitPair(x, y, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
      }
    }

    if (stockTop >= 0) {
      const p = this.pack(removed, talonRemoved, stockTop + 1, passes);
      outLo[out] = p.lo;
      outHi[out] = p.hi;
      outMove[out++] = moveCode(MOVE_DRAW);
    } else if (wasteTop >= 0 && passes < rules.passes) {
      const p = this.pack(removed, talonRemoved, 0, passes + 1);
      outLo[out] = p.lo;
      outHi[out] = p.hi;
      outMove[out++] = moveCode(MOVE_TURN);
    }
    return out;
  }

  private emitPair(
    la: number,
    lb: number,
    removed: number,
    talonRemoved: number,
    next: number,
    passes: number,
    outLo: Uint32Array,
    outHi: Uint32Array,
    outMove: Int32Array,
    out: number,
  ): number {
    let r = removed;
    let t = talonRemoved;
    if (la < TALON_BASE) r |= 1 << la;
    else t |= 1 << (la - TALON_BASE);
    if (lb < TALON_BASE) r |= 1 << lb;
    else t |= 1 << (lb - TALON_BASE);
    const p = this.pack(r, t, next, passes);
    outLo[out] = p.lo;
    outHi[out] = p.hi;
    outMove[out] = moveCode(MOVE_PAIR, la, lb);
    return out + 1;
  }

  /**
   * A lower bound on the moves still needed to win, or -1 when the position can no longer
   * be won. Removals: a King alone, otherwise each removal takes at most one card of each
   * value of a pair (v, 13-v), so at least max(count v, count 13-v) removals. Draws (when
   * stock cards are untouchable until drawn): the talon cards the pyramid needs that sit in
   * the stock have to be drawn, at least as deep as the cheapest set that covers the need.
   */
  lowerBound(lo: number, hi: number): number {
    const value = this.value;
    const counts = this.counts;
    counts.fill(0);
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    for (let i = 0; i < PYRAMID_SIZE; i++) if (((removed >> i) & 1) === 0) counts[value[i]!]!++;
    const strict = this.rules.strictWin;
    if (strict) {
      for (let i = 0; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) counts[value[TALON_BASE + i]!]!++;
    }
    let removals = counts[13]!;
    for (let v = 1; v <= 6; v++) removals += Math.max(counts[v]!, counts[13 - v]!);
    if (this.rules.stockTopAvailable) return removals;

    const next = ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
    let draws = 0;
    if (strict) {
      // Every stock card has to be drawn.
      for (let i = next; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) draws++;
      return removals + draws;
    }
    for (let w = 1; w <= 12; w++) {
      const need = counts[13 - w]! - counts[w]!;
      if (need <= 0) continue;
      // Costs of the unused talon cards of value w: 0 in the waste, stock depth otherwise.
      let k = 0;
      let depth = 0;
      for (let i = 0; i < TALON_SIZE; i++) {
        if ((talonRemoved >> i) & 1) continue;
        if (i >= next) depth++;
        if (value[TALON_BASE + i] === w) this.costs[k++] = i < next ? 0 : depth;
      }
      if (k < need) return -1;
      // Costs come in increasing order except the zeros of the waste, which come first anyway.
      const cost = this.costs[need - 1]!;
      if (cost > draws) draws = cost;
    }
    return removals + draws;
  }

  /** The engine's move for a move code. */
  toMove(code: number): PyramideMove {
    const kind = code & 3;
    const card = (loc: number): number => (loc < TALON_BASE ? this.deal.pyramid[loc]! : talonOf(this.deal)![loc - TALON_BASE]!);
    if (kind === MOVE_KING) return { kind: 'king', card: card((code >> 2) & 63) };
    if (kind === MOVE_PAIR) return { kind: 'pair', cards: [card((code >> 2) & 63), card((code >> 8) & 63)] };
    if (kind === MOVE_DRAW) return { kind: 'draw' };
    return { kind: 'turn-over' };
  }
}
