/**
 * The admissible bound of the minimum-move search (minMoves.ts): a lower bound on the moves
 * a packed position still needs to win, or -1 when it cannot be won. Memoised per pyramid
 * where it depends on the pyramid alone.
 */
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { FULL_PYRAMID, PYRAMID_SIZE, TALON_SIZE } from '../layout.js';
import { ALL_TALON, type FullStateSpace, TALON_BASE } from './fullState.js';
import { NO_WIN } from './relaxed.js';

export class MoveBound {
  private readonly counts = new Int32Array(14);
  /** Costs of reaching talon cards, 8 slots per value. */
  private readonly costs = new Int32Array(14 * 8);

  constructor(private readonly space: FullStateSpace) {}

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
  of(lo: number, hi: number): number {
    const value = this.space.value;
    const counts = this.counts;
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    // Removals the pyramid needs with the talon free: a bound, and NO_WIN proves the loss.
    const relaxedRemovals = this.space.relaxed.minRemovals(removed, this.space.usageOf(hi));
    if (relaxedRemovals === NO_WIN) return -1;
    if (this.space.rules.strictWin) {
      if (this.space.talonStuck(lo, hi)) return -1;
      counts.fill(0);
      for (let i = 0; i < PYRAMID_SIZE; i++) if (((removed >> i) & 1) === 0) counts[value[i]!]!++;
      for (let i = 0; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) counts[value[TALON_BASE + i]!]!++;
      let removals = counts[13]!;
      for (let v = 1; v <= 6; v++) removals += Math.max(counts[v]!, counts[13 - v]!);
      if (this.space.rules.stockTopAvailable) return removals;
      // Every stock card has to be drawn.
      const next = ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
      let draws = 0;
      for (let i = next; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) draws++;
      return removals + draws;
    }

    // Removals and unmatched cards depend on the pyramid alone: computed once per pyramid.
    const need = this.need;
    const removals = Math.max(relaxedRemovals, this.pyramidBound(removed));
    const present = this.present; // bit v: a pyramid card of value v is left
    const next = ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
    const canCycle = ((hi >>> 25) & 63) < this.space.rules.passes;
    const costs = this.costs;
    const found = this.found;
    found.fill(0);
    if (this.space.rules.stockTopAvailable) {
      // The stock top plays without a draw, and a card may leave the stock by pairing instead
      // of being drawn; so a card costs only the cards above it that cost a move of their own
      // anyway (a King, or a card with no partner value left in the pyramid: drawn, or
      // removed by a move the removal count leaves out).
      let above = 0;
      for (let i = next; i < TALON_SIZE; i++) {
        if ((talonRemoved >> i) & 1) continue;
        const vi = value[TALON_BASE + i]!;
        if (vi !== 13 && need[vi] !== 0) costs[vi * 8 + found[vi]!++] = above;
        if (vi === 13 || ((present >> (13 - vi)) & 1) === 0) above++;
      }
      above = 0;
      for (let i = next - 1; i >= 0; i--) {
        if ((talonRemoved >> i) & 1) continue;
        const vi = value[TALON_BASE + i]!;
        if (vi !== 13 && need[vi] !== 0) costs[vi * 8 + found[vi]!++] = canCycle ? Math.min(above, 1) : above;
        if (vi === 13 || ((present >> (13 - vi)) & 1) === 0) above++;
      }
    } else {
      // Waste from the top down: a waste card is reachable without a cycle when every card
      // above it can still be removed (a King, or a card whose partner value is in the
      // pyramid or, with pair-beneath, in the talon).
      let partnerValues = present;
      if (this.space.rules.pairBeneath) {
        for (let t = ~talonRemoved & ALL_TALON; t !== 0; t &= t - 1) partnerValues |= 1 << value[TALON_BASE + 31 - Math.clz32(t & -t)]!;
      }
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
        if (vi !== 13 && ((partnerValues >> (13 - vi)) & 1) === 0) clearAbove = false;
      }
      let depth = 0;
      for (let i = next; i < TALON_SIZE; i++) {
        if ((talonRemoved >> i) & 1) continue;
        depth++;
        const vi = value[TALON_BASE + i]!;
        if (vi !== 13 && need[vi] !== 0) costs[vi * 8 + found[vi]!++] = depth;
      }
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
  private pyramidPresent = new GrowableInt32Array(1 << 10);
  /** Set by `pyramidBound`: bit v when a pyramid card of value v is left. */
  private present = 0;

  /** Fills `need` for a pyramid and returns its removal bound (memoised per pyramid). */
  private pyramidBound(removed: number): number {
    const need = this.need;
    const id = this.pyramidTable.intern(removed, 0);
    if (!this.pyramidTable.lastWasNew) {
      const nlo = this.pyramidNeedLo.data[id]!;
      const nhi = this.pyramidNeedHi.data[id]!;
      for (let w = 1; w <= 6; w++) need[w] = (nlo >>> ((w - 1) * 4)) & 15;
      for (let w = 7; w <= 12; w++) need[w] = (nhi >>> ((w - 7) * 4)) & 15;
      this.present = this.pyramidPresent.data[id]!;
      return this.pyramidRemovals.data[id]!;
    }
    const counts = this.counts;
    counts.fill(0);
    let present = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((removed >> i) & 1) === 0) {
        counts[this.space.value[i]!]!++;
        present |= 1 << this.space.value[i]!;
      }
    }
    this.present = present;
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
    this.pyramidPresent.ensure(id);
    this.pyramidPresent.data[id] = present;
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
    for (let i = 0; i < PYRAMID_SIZE; i++) if (((removed >> i) & 1) === 0 && this.space.value[i] === v) this.leftOf[n++] = i;
    this.matchOf.fill(-1);
    let m = 0;
    for (let a = 0; a < n; a++) if (this.augment(this.leftOf[a]!, removed, 0)) m++;
    return m;
  }

  private augment(x: number, removed: number, seen: number): boolean {
    let options = this.space.compatible[x]! & ~removed & ~seen;
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
}
