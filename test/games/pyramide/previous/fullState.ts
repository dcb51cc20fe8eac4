// The previous solver, kept unchanged for the comparison in previous.test.ts.
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
import { rankOf } from '../../../../src/cards/card.js';
import type { PyramideDeal } from '../../../../src/games/pyramide/deal.js';
import { talonOf } from '../../../../src/games/pyramide/deal.js';
import type { PyramideMove } from '../../../../src/games/pyramide/engine.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, TALON_SIZE, pairableMasks, popcount, soleAvailableCover } from '../../../../src/games/pyramide/layout.js';
import type { PyramideRules } from '../../../../src/games/pyramide/rules.js';
import { GrowableInt32Array, StateTable } from '../../../../src/search/stateTable.js';

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

/** Room for every successor of one position: removals after each of up to 48 draws and turn-overs. */
export const MAX_MOVES = 8192;

export class FullStateSpace {
  readonly value = new Int32Array(PYRAMID_SIZE + TALON_SIZE);
  readonly startLo: number;
  readonly startHi: number;
  private readonly avail = new Int32Array(PYRAMID_SIZE + 4);
  private readonly counts = new Int32Array(14);
  /** Costs of reaching talon cards, 8 slots per value. */
  private readonly costs = new Int32Array(14 * 8);
  /** For each position, the positions it could ever pair with (neither lies under the other). */
  private readonly compatible: Int32Array;

  constructor(
    readonly deal: PyramideDeal,
    readonly rules: PyramideRules,
  ) {
    const talon = talonOf(deal);
    if (!talon) throw new Error('the full search needs the whole stock order');
    for (let i = 0; i < PYRAMID_SIZE; i++) this.value[i] = rankOf(deal.pyramid[i]!);
    for (let i = 0; i < TALON_SIZE; i++) this.value[TALON_BASE + i] = rankOf(talon[i]!);
    this.compatible = pairableMasks(this.value.subarray(0, PYRAMID_SIZE), rules.pairCovering);
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

  /** Set by `successors`: the position, or the end of its drawing, has no move at all. */
  deadEnd = false;

  /**
   * Writes the successors of a position into `outLo` / `outHi` / `outMove` and returns how
   * many; `moveCost(code)` tells how many moves each stands for.
   *
   * Draws are compressed: a successor is a removal, preceded by the draws and turn-overs
   * that bring the cards it uses to the top ("draw 5 times, then 9♣ + 4♦" is one step of
   * cost 6). Nothing is lost: a removal inside the pyramid does not depend on the stock,
   * so in any line it can be played before the draws that precede it, and draws that no
   * removal follows are never needed. Stopping after one full cycle is safe because going
   * round again reaches the same position later, with more turn-overs used.
   *
   * When a King in the pyramid can be removed, that is the only successor: it must go in
   * every win, it only uncovers cards, and removing it first loses nothing.
   */
  successors(lo: number, hi: number, outLo: Uint32Array, outHi: Uint32Array, outMove: Int32Array): number {
    const rules = this.rules;
    const value = this.value;
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    const startNext = ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
    const startPasses = (hi >>> 25) & 63;
    const avail = this.avail;
    let n = 0;
    let out = 0;
    this.deadEnd = false;

    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((removed >> i) & 1) === 0 && (removed & COVER_MASK[i]!) === COVER_MASK[i]) {
        if (value[i] === 13) {
          const p = this.pack(removed | (1 << i), talonRemoved, startNext, startPasses);
          outLo[0] = p.lo;
          outHi[0] = p.hi;
          outMove[0] = moveCode(MOVE_KING, i);
          return 1;
        }
        avail[n++] = i;
      }
    }

    // Removals inside the pyramid.
    for (let a = 0; a < n; a++) {
      const la = avail[a]!;
      const va = value[la]!;
      for (let b = a + 1; b < n; b++) {
        const lb = avail[b]!;
        if (va + value[lb]! === 13) out = this.emit(la, lb, 0, removed, talonRemoved, startNext, startPasses, outLo, outHi, outMove, out);
      }
    }
    if (rules.pairCovering) {
      for (let x = 0; x < PYRAMID_SIZE; x++) {
        const y = soleAvailableCover(removed, x);
        if (y < 0 || value[x]! + value[y]! !== 13) continue;
        out = this.emit(x, y, 0, removed, talonRemoved, startNext, startPasses, outLo, outHi, outMove, out);
      }
    }
    const pyramidMoves = out;

    // Removals with the talon, after 0, 1, 2, ... draws and turn-overs.
    let next = startNext;
    let passes = startPasses;
    for (let steps = 0; ; steps++) {
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
      const before = out;
      const top = wasteTop >= 0 ? TALON_BASE + wasteTop : -1;
      const shown = rules.stockTopAvailable && stockTop >= 0 ? TALON_BASE + stockTop : -1;
      for (let which = 0; which < 2; which++) {
        const loc = which === 0 ? top : shown;
        if (loc < 0) continue;
        if (value[loc] === 13) {
          out = this.emit(loc, -1, steps, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
          // Under a strict win a King on top must go anyway: nothing else to try first.
          if (rules.strictWin && steps === 0) {
            outLo[0] = outLo[out - 1]!;
            outHi[0] = outHi[out - 1]!;
            outMove[0] = outMove[out - 1]!;
            return 1;
          }
          continue;
        }
        for (let a = 0; a < n; a++) {
          if (value[avail[a]!]! + value[loc]! === 13) out = this.emit(avail[a]!, loc, steps, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
        }
      }
      if (top >= 0 && shown >= 0 && value[top]! + value[shown]! === 13) {
        out = this.emit(top, shown, steps, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
      }
      if (rules.pairBeneath && wasteTop >= 0) {
        for (let i = wasteTop - 1; i >= 0; i--) {
          if (((talonRemoved >> i) & 1) === 0) {
            if (value[top]! + value[TALON_BASE + i]! === 13) {
              out = this.emit(top, TALON_BASE + i, steps, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
            }
            break;
          }
        }
      }
      // One more draw, or a turn-over when the stock is empty.
      if (stockTop >= 0) next = stockTop + 1;
      else if (wasteTop >= 0 && passes < rules.passes) {
        next = 0;
        if (rules.passes !== Infinity) passes++;
      } else {
        // Nothing left to draw: a dead end when nothing can be removed here either.
        if (out === before && pyramidMoves === 0) this.deadEnd = true;
        break;
      }
      while (next < TALON_SIZE && ((talonRemoved >> next) & 1) === 1) next++;
      if (next === startNext) break; // a full cycle: back where we started
    }
    return out;
  }

  /**
   * Whether a pyramid card is left that can never go: no partner left in the pyramid that
   * it could ever meet (neither lies under the other) and none left in the stock or waste.
   * Such a position cannot be won.
   */
  hasDeadCard(lo: number, hi: number): boolean {
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    const value = this.value;
    let talonValues = 0; // bit v: a talon card of value v is left
    for (let i = 0; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) talonValues |= 1 << value[TALON_BASE + i]!;
    for (let x = 0; x < PYRAMID_SIZE; x++) {
      if ((removed >> x) & 1 || value[x] === 13) continue;
      if ((this.compatible[x]! & ~removed) === 0 && ((talonValues >> (13 - value[x]!)) & 1) === 0) return true;
    }
    return false;
  }

  /** How many moves a successor's code stands for: its draws and turn-overs, plus the removal. */
  static moveCost(code: number): number {
    return (code >>> 14) + 1;
  }

  /** The draws and turn-overs a successor's code plays before its removal. */
  static stepsOf(code: number): number {
    return code >>> 14;
  }

  /** Writes one removal (one card when `lb` is -1) after `steps` draws and turn-overs. */
  private emit(
    la: number,
    lb: number,
    steps: number,
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
    if (lb >= 0) {
      if (lb < TALON_BASE) r |= 1 << lb;
      else t |= 1 << (lb - TALON_BASE);
    }
    const p = this.pack(r, t, next, passes);
    outLo[out] = p.lo;
    outHi[out] = p.hi;
    outMove[out] = (lb < 0 ? moveCode(MOVE_KING, la) : moveCode(MOVE_PAIR, la, lb)) | (steps << 14);
    return out + 1;
  }

  /**
   * A lower bound on the moves still needed to win, or -1 when the position can no longer
   * be won.
   * Removals: a King goes alone; two pyramid cards go together only when neither lies under
   * the other, so for each pair of values (v, 13-v) at least a_v + a_w - M removals remain,
   * M the largest matching of such compatible cards. (Under a strict win: max(a_v, a_w)
   * over every card left.)
   * Draws (when stock cards cannot be touched before they are drawn): every pyramid card
   * left without a partner in the pyramid needs a talon card of its partner value; the
   * cheapest of those still needs as many draws as its depth in the stock, or a whole
   * cycle when it lies in the waste under cards that nothing left can remove.
   */
  lowerBound(lo: number, hi: number): number {
    const value = this.value;
    const counts = this.counts;
    counts.fill(0);
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    for (let i = 0; i < PYRAMID_SIZE; i++) if (((removed >> i) & 1) === 0) counts[value[i]!]!++;
    if (this.rules.strictWin) {
      for (let i = 0; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) counts[value[TALON_BASE + i]!]!++;
      let removals = counts[13]!;
      for (let v = 1; v <= 6; v++) removals += Math.max(counts[v]!, counts[13 - v]!);
      if (this.rules.stockTopAvailable) return removals;
      // Every stock card has to be drawn.
      const next = ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
      let draws = 0;
      for (let i = next; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) draws++;
      return removals + draws;
    }

    // Removals and unmatched cards depend on the pyramid alone: computed once per pyramid.
    const need = this.need;
    const removals = this.pyramidBound(removed);
    if (this.rules.stockTopAvailable) {
      for (let w = 1; w <= 12; w++) {
        if (need[w] === 0) continue;
        let have = 0;
        for (let i = 0; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0 && value[TALON_BASE + i] === w) have++;
        if (have < need[w]!) return -1;
      }
      return removals;
    }

    const next = ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
    const canCycle = ((hi >>> 25) & 63) < this.rules.passes;
    const costs = this.costs;
    const found = this.found;
    found.fill(0);
    // Waste from the top down: a waste card is reachable without a cycle when every card
    // above it can still be removed (a King, or a card whose partner value is in the pyramid).
    let wasteLeft = 0;
    for (let i = 0; i < next; i++) if (((talonRemoved >> i) & 1) === 0) wasteLeft++;
    let stockLeft = 0;
    for (let i = next; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) stockLeft++;
    let clearAbove = true;
    let fromBottom = wasteLeft;
    for (let i = next - 1; i >= 0; i--) {
      if ((talonRemoved >> i) & 1) continue;
      const vi = value[TALON_BASE + i]!;
      if (vi !== 13 && need[vi] !== 0) {
        const cost = clearAbove ? 0 : canCycle ? stockLeft + 1 + fromBottom : 1 << 20;
        costs[vi * 8 + found[vi]!++] = cost;
      }
      fromBottom--;
      if (vi !== 13 && counts[13 - vi] === 0) clearAbove = false;
    }
    let depth = 0;
    for (let i = next; i < TALON_SIZE; i++) {
      if ((talonRemoved >> i) & 1) continue;
      depth++;
      const vi = value[TALON_BASE + i]!;
      if (vi !== 13 && need[vi] !== 0) costs[vi * 8 + found[vi]!++] = depth;
    }
    let draws = 0;
    for (let w = 1; w <= 12; w++) {
      if (need[w] === 0) continue;
      if (found[w]! < need[w]!) return -1;
      const cost = this.kthSmallest(w * 8, found[w]!, need[w]!);
      if (cost >= 1 << 20) return -1;
      if (cost > draws) draws = cost;
    }
    return removals + draws;
  }

  private readonly found = new Int32Array(14);
  // Per pyramid (removed mask): the removal bound and the unmatched cards of each value.
  private readonly pyramidTable = new StateTable(null, 1 << 10);
  private pyramidRemovals = new GrowableInt32Array(1 << 10);
  private pyramidNeedLo = new GrowableInt32Array(1 << 10);
  private pyramidNeedHi = new GrowableInt32Array(1 << 10);

  /** Fills `need` for a pyramid and returns its removal bound (memoised per pyramid). */
  private pyramidBound(removed: number): number {
    const need = this.need;
    const id = this.pyramidTable.intern(removed, 0);
    if (!this.pyramidTable.lastWasNew) {
      const nlo = this.pyramidNeedLo.data[id]!;
      const nhi = this.pyramidNeedHi.data[id]!;
      for (let w = 1; w <= 6; w++) need[w] = (nlo >>> ((w - 1) * 4)) & 15;
      for (let w = 7; w <= 12; w++) need[w] = (nhi >>> ((w - 7) * 4)) & 15;
      return this.pyramidRemovals.data[id]!;
    }
    const counts = this.counts;
    need.fill(0);
    let removals = counts[13]!;
    for (let v = 1; v <= 6; v++) {
      const w = 13 - v;
      const m = counts[v] === 0 || counts[w] === 0 ? 0 : this.matching(removed, v);
      removals += counts[v]! + counts[w]! - m;
      need[w] = counts[v]! - m;
      need[v] = counts[w]! - m;
    }
    let nlo = 0;
    let nhi = 0;
    for (let w = 1; w <= 6; w++) nlo |= need[w]! << ((w - 1) * 4);
    for (let w = 7; w <= 12; w++) nhi |= need[w]! << ((w - 7) * 4);
    this.pyramidRemovals.ensure(id);
    this.pyramidNeedLo.ensure(id);
    this.pyramidNeedHi.ensure(id);
    this.pyramidRemovals.data[id] = removals;
    this.pyramidNeedLo.data[id] = nlo;
    this.pyramidNeedHi.data[id] = nhi;
    return removals;
  }

  private readonly need = new Int32Array(14);

  /** The k-th smallest (1-based) of the n entries of `costs` from `base` (n is at most 4). */
  private kthSmallest(base: number, n: number, k: number): number {
    const c = this.costs;
    for (let i = base + 1; i < base + n; i++) {
      const x = c[i]!;
      let j = i - 1;
      while (j >= base && c[j]! > x) {
        c[j + 1] = c[j]!;
        j--;
      }
      c[j + 1] = x;
    }
    return c[base + k - 1]!;
  }

  // Largest matching of compatible pyramid cards of values v and 13 - v (Kuhn's algorithm).
  private readonly matchOf = new Int32Array(PYRAMID_SIZE);
  private readonly leftOf = new Int32Array(4);

  private matching(removed: number, v: number): number {
    let n = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) if (((removed >> i) & 1) === 0 && this.value[i] === v) this.leftOf[n++] = i;
    this.matchOf.fill(-1);
    let m = 0;
    for (let a = 0; a < n; a++) if (this.augment(this.leftOf[a]!, removed, 0)) m++;
    return m;
  }

  private augment(x: number, removed: number, seen: number): boolean {
    let options = this.compatible[x]! & ~removed & ~seen;
    while (options !== 0) {
      const y = 31 - Math.clz32(options);
      options &= ~(1 << y);
      seen |= 1 << y;
      const other = this.matchOf[y]!;
      if (other < 0 || this.augment(other, removed, seen)) {
        this.matchOf[y] = x;
        return true;
      }
    }
    return false;
  }

  /** The engine's removal for a successor's code (its draws come first; see `stepsOf`). */
  toMove(code: number): PyramideMove {
    const kind = code & 3;
    const card = (loc: number): number => (loc < TALON_BASE ? this.deal.pyramid[loc]! : talonOf(this.deal)![loc - TALON_BASE]!);
    if (kind === MOVE_KING) return { kind: 'king', card: card((code >> 2) & 63) };
    if (kind === MOVE_PAIR) return { kind: 'pair', cards: [card((code >> 2) & 63), card((code >> 8) & 63)] };
    if (kind === MOVE_DRAW) return { kind: 'draw' };
    return { kind: 'turn-over' };
  }
}
