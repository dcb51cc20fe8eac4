/**
 * The admissible bound of the minimum-move search (minMoves.ts): a lower bound on the moves
 * a packed position still needs to win, or -1 when it cannot be won. Memoised per pyramid
 * where it depends on the pyramid alone.
 */
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { FULL_PYRAMID, PYRAMID_SIZE, popcount, TALON_SIZE } from '../layout.js';
import { ALL_TALON, type FullStateSpace, pointerOf, TALON_BASE, turnOversOf } from './fullState.js';
import { NEVER, PassClosure, PassReach } from './passClosure.js';
import { PyramidCounts, PyramidRemovals } from './pyramidRemovals.js';
import { NO_WIN, RelaxedNeeds } from './relaxed.js';

export class MoveBound {
  readonly #counts = new Int32Array(14);
  /** Costs of reaching talon cards, 8 slots per value. */
  readonly #costs = new Int32Array(14 * 8);

  /** Whether the full bound (`of(lo, hi, true)`) can say more than the quick one: only where it takes the pass closure. */
  readonly fullSaysMore: boolean;
  readonly #pairBeneath: boolean;
  readonly #strictWin: boolean;
  readonly #stockTopAvailable: boolean;
  readonly #passes: number;

  /** The pass closure behind the full bound, and what it finds of the position being bounded. */
  readonly #passClosure: PassClosure;
  readonly #reach = new PassReach();

  readonly #space: FullStateSpace;

  constructor(space: FullStateSpace) {
    this.#space = space;
    this.#passClosure = new PassClosure(space);
    this.#pyramidRemovals = new PyramidRemovals(space);
    const r = space.rules;
    this.fullSaysMore = !r.strictWin && !r.stockTopAvailable;
    this.#pairBeneath = r.pairBeneath;
    this.#strictWin = r.strictWin;
    this.#stockTopAvailable = r.stockTopAvailable;
    this.#passes = r.passes;
  }

  /**
   * A lower bound on the moves still needed to win, or -1 when the position can no longer
   * be won.
   * Removals: a King goes alone; two pyramid cards go together only when neither lies under
   * the other, so for each pair of values (v, 13-v) at least a_v + a_w - M removals remain,
   * M the largest matching of such compatible cards. (Under a strict win: max(a_v, a_w)
   * over every card left.)
   * Draws (when stock cards cannot be touched before they are drawn): every pyramid card
   * left without a partner in the pyramid needs a talon card of its partner value (how
   * many of each value: the relaxed game's count, which also sees pyramid cards blocking
   * each other's partners); the cheapest of those still needs as many draws as its depth
   * in the stock. A waste card is dug out in this pass (every card above it removed, at
   * the cost of the removals that go beyond the pyramid's count) or reached in the next
   * one (the rest of the stock, a turn-over, and the cards under it); neither when a card
   * above it can never go (no partner value left, or more cards of its value above than
   * pyramid cards to pair them with).
   */
  of(lo: number, hi: number, full = true): number {
    // Removals the pyramid needs with the talon free: a bound, and NO_WIN proves the loss.
    const fig = this.#figuresOf(lo & FULL_PYRAMID, this.#space.usageOf(hi));
    const removals = this.#removalsOf.data[fig]!;
    if (removals === NO_WIN) return -1;
    if (this.#strictWin) return this.#strictBound(lo, hi);
    const found = this.#found; // per needed value, its talon cards met so far
    for (let v = 0; v < 14; v++) found[v] = 0; // (a loop: cheaper than fill's call for 14 slots)
    // One function per way of reaching the talon: the stock top playable, or stock cards reached only by drawing.
    const talonMoves = this.#stockTopAvailable ? this.#stockTopDraws(lo, hi, fig) : this.#drawnTalonMoves(lo, hi, fig, full);
    return talonMoves >= NEVER ? -1 : removals + talonMoves;
  }

  /** Under a strict win: every card left is removed (a pair of values takes the larger count), and every stock card drawn. */
  #strictBound(lo: number, hi: number): number {
    const value = this.#space.value;
    const counts = this.#counts;
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    if (this.#space.talonStuck(lo, hi)) return -1;
    counts.fill(0);
    for (let i = 0; i < PYRAMID_SIZE; i++) if (((removed >> i) & 1) === 0) counts[value[i]!]!++;
    for (let i = 0; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) counts[value[TALON_BASE + i]!]!++;
    let removals = counts[13]!;
    for (let v = 1; v <= 6; v++) removals += Math.max(counts[v]!, counts[13 - v]!);
    if (this.#stockTopAvailable) return removals;
    // Every stock card has to be drawn.
    const next = pointerOf(lo, hi);
    let draws = 0;
    for (let i = next; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) draws++;
    return removals + draws;
  }

  /** The draws a position needs when the stock top plays without a draw (NEVER: it cannot be won). */
  #stockTopDraws(lo: number, hi: number, fig: number): number {
    const value = this.#space.value;
    const talonRemoved = hi & ALL_TALON;
    // What depends on the pyramid and the talon values used alone, computed once for each.
    const need = this.#needOf.data;
    const at = fig * 14; // need[at + w]: talon cards of value w still needed
    const present = this.#presentOf.data[fig]!; // bit v: a pyramid card of value v is left
    const next = pointerOf(lo, hi);
    const canCycle = turnOversOf(hi) < this.#passes;
    const costs = this.#costs;
    const found = this.#found;
    // The stock top plays without a draw, and a card may leave the stock by pairing instead
    // of being drawn; so a card costs only the cards above it that cost a move of their own
    // anyway (a King, or a card with no partner value left in the pyramid: drawn, or
    // removed by a move the removal count leaves out).
    let above = 0;
    for (let i = next; i < TALON_SIZE; i++) {
      if ((talonRemoved >> i) & 1) continue;
      const vi = value[TALON_BASE + i]!;
      if (vi !== 13 && need[at + vi] !== 0) costs[vi * 8 + found[vi]!++] = above;
      if (vi === 13 || ((present >> (13 - vi)) & 1) === 0) above++;
    }
    above = 0;
    for (let i = next - 1; i >= 0; i--) {
      if ((talonRemoved >> i) & 1) continue;
      const vi = value[TALON_BASE + i]!;
      if (vi !== 13 && need[at + vi] !== 0) costs[vi * 8 + found[vi]!++] = canCycle ? Math.min(above, 1) : above;
      if (vi === 13 || ((present >> (13 - vi)) & 1) === 0) above++;
    }
    return this.#cheapestDraws(at);
  }

  /**
   * The draws, turn-overs and dig removals a position needs when stock cards are only
   * reached by drawing (NEVER: it cannot be won); with `full`, through the pass closure.
   */
  #drawnTalonMoves(lo: number, hi: number, fig: number, full: boolean): number {
    const value = this.#space.value;
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    const need = this.#needOf.data;
    const left = this.#cardsLeftOf.data;
    const at = fig * 14; // need[at + w]: talon cards of value w still needed; left[at + v]: pyramid cards of value v
    const slack = this.#slackOf.data[fig]!;
    const present = this.#presentOf.data[fig]!; // bit v: a pyramid card of value v is left
    const next = pointerOf(lo, hi);
    const canCycle = turnOversOf(hi) < this.#passes;
    const costs = this.#costs;
    const found = this.#found;
    // Waste from the top down: a waste card is reachable without a cycle when every card
    // above it can still be removed (a King, or a card whose partner value is in the
    // pyramid or, with pair-beneath, in the talon).
    let partnerValues = present;
    if (this.#pairBeneath) {
      for (let t = ~talonRemoved & ALL_TALON; t !== 0; t &= t - 1) partnerValues |= 1 << value[TALON_BASE + 31 - Math.clz32(t & -t)]!;
    }
    const below = (1 << next) - 1;
    const wasteLeft = popcount(~talonRemoved & below);
    const stockLeft = popcount(~talonRemoved & ALL_TALON & ~below);
    // Digging a waste card out in this pass removes every card above it first. Without
    // talon pairs each such removal is a talon King (a move of its own) or pairs a talon card
    // of value v with a pyramid card, and a pair of values {v, 13-v} whose pyramid cards
    // take u_v talon cards of value v costs a_(13-v) + u_v removals: so using more of
    // them than `need` costs that many removals beyond the pyramid's own bound (less
    // the slack the relaxed game's bound already has over it).
    // With pair-beneath a waste card may also go with the one beneath it, two cards in one
    // move: a card beyond its value's need costs at least half a move whichever way it goes
    // (paired with a pyramid card, the pair of values {v, 13-v} costs the larger of their
    // excesses, at least half their sum), so the dig costs the Kings above plus half the
    // excess cards, rounded up.
    const pairBeneath = this.#pairBeneath;
    const used = this.#used;
    const wasteDig = this.#wasteDig;
    // What this pass can still reach at best (see `PassClosure.reach`): the waste cards a dig can
    // pass, and whether every pyramid card can go without a turn-over.
    // (For the quick bound each value's cheapest way is taken on its own.) `of` sends only
    // rule sets without a strict win or a playable stock top here: those where the full
    // bound says more (`fullSaysMore`).
    const closure = full;
    const reach = this.#reach;
    if (closure) this.#passClosure.reach(removed, talonRemoved, next, canCycle, reach);
    const digDepth = closure ? reach.digDepth : 24;
    const clearsThisPass = !closure || reach.clears;
    if (!clearsThisPass && !canCycle) return NEVER;
    const stockFound = this.#stockFound;
    for (let v = 0; v < 14; v++) stockFound[v] = 0;
    // The needed talon cards met, for the closure's `talonMoves`: waste cards, then stock cards.
    let wasteSeen = 0;
    let stockSeen = 0;
    let fromTop = 0;
    for (let v = 0; v < 14; v++) used[v] = 0;
    let extra = 0; // removals beyond the pyramid's bound that digging down to here costs
    let kings = 0;
    let excess = 0;
    let clearAbove = true;
    let fromBottom = wasteLeft;
    // The waste cards left, from the top down (set bits, highest first).
    for (let t = ~talonRemoved & below; t !== 0; ) {
      const i = 31 - Math.clz32(t);
      t &= ~(1 << i);
      const vi = value[TALON_BASE + i]!;
      // Past a card that can never go, no dig reaches deeper: nothing more to count.
      if (clearAbove) {
        if (pairBeneath) {
          if (vi === 13) kings++;
          else if (++used[vi]! > need[at + vi]!) excess++;
          extra = kings + ((excess + 1) >> 1);
        } else if (vi === 13) extra++;
        else if (used[vi]! >= left[at + 13 - vi]!)
          clearAbove = false; // more than the pyramid cards it could pair with
        else {
          const wi = 13 - vi;
          const before = Math.max(0, used[vi]! - need[at + vi]!, used[wi]! - need[at + wi]!);
          used[vi]!++;
          extra += Math.max(0, used[vi]! - need[at + vi]!, used[wi]! - need[at + wi]!) - before;
        }
      }
      if (vi !== 13 && need[at + vi] !== 0) {
        const dig = clearAbove && fromTop <= digDepth ? Math.max(0, extra - slack) : NEVER;
        if (closure) {
          wasteDig[vi * 8 + found[vi]!++] = dig;
          this.#seenWasteValue[wasteSeen] = vi;
          this.#seenBottom[wasteSeen++] = fromBottom;
        } else {
          // The quick bound: each value's cheapest way on its own, a dig or the next pass.
          costs[vi * 8 + found[vi]!++] = Math.min(dig, canCycle ? stockLeft + 1 + fromBottom : NEVER);
        }
      }
      fromBottom--;
      fromTop++;
      if (vi !== 13 && ((partnerValues >> (13 - vi)) & 1) === 0) clearAbove = false;
    }
    let depth = 0;
    // The stock cards left, from the top (set bits, lowest first), until the stock alone
    // holds every needed card: a deeper card costs more than those, whichever way it is reached.
    let valuesWanting = this.#valuesNeededOf.data[fig]!;
    for (let t = ~talonRemoved & ALL_TALON & ~below; t !== 0 && valuesWanting !== 0; t &= t - 1) {
      depth++;
      const vi = value[TALON_BASE + 31 - Math.clz32(t & -t)]!;
      if (vi !== 13 && need[at + vi] !== 0) {
        if (++stockFound[vi]! === need[at + vi]) valuesWanting--;
        if (closure) {
          this.#seenStockValue[stockSeen] = vi;
          this.#seenDepth[stockSeen++] = depth;
        } else costs[vi * 8 + found[vi]!++] = depth;
      }
    }
    if (closure) {
      const canCycleTwice = turnOversOf(hi) + 1 < this.#passes;
      return this.#talonMoves(at, stockLeft, canCycle, canCycleTwice, reach, wasteSeen, stockSeen);
    }
    return this.#cheapestDraws(at);
  }

  /** With each needed value's cards' costs in `costs` (`found` of them): the costliest value's cheapest way, or NEVER. */
  #cheapestDraws(at: number): number {
    const need = this.#needOf.data;
    const found = this.#found;
    let draws = 0;
    for (let w = 1; w <= 12; w++) {
      if (need[at + w] === 0) continue;
      if (found[w]! < need[at + w]!) return NEVER;
      const cost = need[at + w] === 1 ? this.#smallest(w * 8, found[w]!) : this.#kthSmallest(w * 8, found[w]!, need[at + w]!);
      if (cost >= NEVER) return NEVER;
      if (cost > draws) draws = cost;
    }
    return draws;
  }

  readonly #found = new Int32Array(14);
  // The needed values' talon cards in the position being bounded, 8 slots per value: waste
  // cards from the top down (`found` of them: the removals beyond the bound a dig down to
  // each costs, NEVER when no dig reaches it; and its place from the bottom of the waste),
  // then stock cards from the top (`stockFound`: depth).
  readonly #wasteDig = new Int32Array(14 * 8);
  readonly #stockFound = new Int32Array(14);

  /**
   * The fewest draws, turn-overs and dig removals (beyond the removal bound) that bring every
   * needed talon card to the waste top, when stock cards are only reached by drawing. The
   * waste is a stack, and the two ways of going on exclude each other:
   *   - no more turn-overs: draw down to some depth D of the stock, and take what else is
   *     needed by digging the waste (D draws plus the deepest dig's removals);
   *   - a turn-over: the whole stock left is drawn first (its cards cost nothing more), one
   *     move to turn over, then draws down to some place D from the bottom of the old waste,
   *     and digs in this pass for what lies above it.
   * Each value w needs need[w] of its cards; for each D tried (every place where some needed
   * card lies), the digs still wanted are each value's cheapest, and the deepest dig counts.
   * The quick bound takes each value's cheapest way on its own, mixing the two; this is never
   * below it (the cost of a turn-over is shared by every card it brings). `reach`: the pass
   * closure's findings; `wasteSeen` / `stockSeen`: the needed waste and stock cards met.
   */
  #talonMoves(
    at: number,
    stockLeft: number,
    canCycle: boolean,
    canCycleTwice: boolean,
    reach: PassReach,
    wasteSeen: number,
    stockSeen: number,
  ): number {
    const clearsThisPass = reach.clears;
    const need = this.#needOf.data;
    const found = this.#found;
    const stockFound = this.#stockFound;
    const wasteDig = this.#wasteDig;
    const wanted = this.#wanted;
    const digOf = this.#digOf;
    for (let w = 1; w <= 12; w++) if (found[w]! + stockFound[w]! < need[at + w]!) return NEVER;
    // No turn-over: every depth D where a needed stock card lies, from the top.
    let best = NEVER;
    if (clearsThisPass) {
      let most = 0;
      for (let w = 1; w <= 12; w++) {
        const r = need[at + w]!;
        wanted[w] = r;
        digOf[w] = r === 0 ? 0 : r > found[w]! ? NEVER : wasteDig[w * 8 + r - 1]!;
        if (digOf[w]! > most) most = digOf[w]!;
      }
      best = most;
      for (let k = 0; k < stockSeen; k++) {
        const d = this.#seenDepth[k]!;
        if (d >= best) break;
        const w = this.#seenStockValue[k]!;
        const r = --wanted[w]!;
        const was = digOf[w]!;
        digOf[w] = r <= 0 ? 0 : r > found[w]! ? NEVER : wasteDig[w * 8 + r - 1]!;
        // A value's dig only gets cheaper: the deepest changes only when it was that one.
        if (was === most && digOf[w]! < was) most = this.#deepest();
        if (d + most < best) best = d + most;
      }
    }
    if (!canCycle) return best;
    const turnOver = stockLeft + 1;
    if (turnOver >= best) return best;
    // A turn-over: every place D from the bottom of the old waste where a needed card lies.
    let most = 0;
    for (let w = 1; w <= 12; w++) {
      const r = need[at + w]! - stockFound[w]!;
      wanted[w] = r;
      // (r never exceeds the waste cards of w left above the ones drawn: checked above.)
      digOf[w] = r <= 0 ? 0 : wasteDig[w * 8 + r - 1]!;
      if (digOf[w]! > most) most = digOf[w]!;
    }
    // Some cards may have to come after the turn-over whatever is dug (see `PassReach.lateCost`).
    const late = clearsThisPass ? 0 : reach.lateCost;
    let cycle = late + most;
    for (let k = wasteSeen - 1; k >= 0; k--) {
      const d = Math.max(this.#seenBottom[k]!, late);
      if (d >= cycle || turnOver + d >= best) break;
      const w = this.#seenWasteValue[k]!;
      const r = --wanted[w]!;
      const was = digOf[w]!;
      digOf[w] = r <= 0 ? 0 : wasteDig[w * 8 + r - 1]!;
      if (was === most && digOf[w]! < was) most = this.#deepest();
      if (d + most < cycle) cycle = d + most;
    }
    let viaTurnOver = turnOver + cycle;
    if (!clearsThisPass && reach.secondPassCost > 0) {
      // The pass after the turn-over cannot clear the pyramid either (see `PassReach.secondPassCost`).
      if (!canCycleTwice) return best;
      viaTurnOver = Math.max(viaTurnOver, turnOver + reach.secondPassCost);
    }
    return Math.min(best, viaTurnOver);
  }

  /** The costliest dig of `digOf`. */
  #deepest(): number {
    const digOf = this.#digOf;
    let most = 0;
    for (let v = 1; v <= 12; v++) if (digOf[v]! > most) most = digOf[v]!;
    return most;
  }

  /** `talonMoves`' scratch: per value, the cards still wanted and the dig they cost. */
  readonly #wanted = new Int32Array(14);
  readonly #digOf = new Int32Array(14);
  // The needed talon cards in the order `talonMoves` meets them: stock cards from the top
  // (value, depth), waste cards from the top down (value, place from the bottom).
  readonly #seenStockValue = new Int32Array(TALON_SIZE);
  readonly #seenDepth = new Int32Array(TALON_SIZE);
  readonly #seenWasteValue = new Int32Array(TALON_SIZE);
  readonly #seenBottom = new Int32Array(TALON_SIZE);

  // Per (pyramid, talon values used): removal bound (NO_WIN: lost), its slack over the
  // pyramid's own class count, values present, and 14 slots each of needs and cards left.
  readonly #figuresTable = new StateTable(null, 1 << 10);
  readonly #removalsOf = new GrowableInt32Array(1 << 10);
  readonly #slackOf = new GrowableInt32Array(1 << 10);
  readonly #presentOf = new GrowableInt32Array(1 << 10);
  /** How many values have talon cards still needed. */
  readonly #valuesNeededOf = new GrowableInt32Array(1 << 10);
  readonly #needOf = new GrowableInt32Array(14 << 10);
  readonly #cardsLeftOf = new GrowableInt32Array(14 << 10);

  /** The pyramid's own removal bound, and what it finds of the pyramid. */
  readonly #pyramidRemovals: PyramidRemovals;
  readonly #pyramidCounts = new PyramidCounts();
  readonly #relaxedNeeds = new RelaxedNeeds();

  /** The id of a (pyramid, usage) in the tables above, its figures computed if new. */
  #figuresOf(removed: number, usage: number): number {
    const id = this.#figuresTable.intern(removed, usage);
    if (!this.#figuresTable.lastWasNew) return id;
    this.#removalsOf.ensure(id);
    this.#slackOf.ensure(id);
    this.#presentOf.ensure(id);
    this.#valuesNeededOf.ensure(id);
    const need = this.#needOf.ensure(id * 14 + 13);
    const left = this.#cardsLeftOf.ensure(id * 14 + 13);
    const relaxed = this.#space.relaxed;
    const relaxedNeeds = this.#relaxedNeeds;
    const relaxedRemovals = relaxed.minRemovalsAndNeeds(removed, usage, relaxedNeeds);
    if (relaxedRemovals === NO_WIN) {
      this.#removalsOf.data[id] = NO_WIN;
      return id;
    }
    const pyramid = this.#pyramidCounts;
    const pyramidRemovals = this.#pyramidRemovals.of(removed, pyramid);
    const removals = Math.max(relaxedRemovals, pyramidRemovals);
    this.#removalsOf.data[id] = removals;
    this.#slackOf.data[id] = removals - pyramidRemovals;
    this.#presentOf.data[id] = pyramid.present;
    const at = id * 14;
    // The relaxed game's needs also see pyramid cards that block each other's partners.
    let valuesNeeded = 0;
    for (let w = 1; w <= 12; w++) {
      need[at + w] = Math.max(pyramid.need[w]!, relaxedNeeds.of(w));
      left[at + w] = pyramid.left[w]!;
      if (need[at + w] !== 0) valuesNeeded++;
    }
    this.#valuesNeededOf.data[id] = valuesNeeded;
    need[at + 13] = 0;
    return id;
  }
  /** Talon cards of each value a dig through the waste would use. */
  readonly #used = new Int32Array(14);

  /** The smallest of the n entries of `costs` from `base`. */
  #smallest(base: number, n: number): number {
    const c = this.#costs;
    let m = c[base]!;
    for (let i = base + 1; i < base + n; i++) if (c[i]! < m) m = c[i]!;
    return m;
  }

  /** The k-th smallest (1-based) of the n entries of `costs` from `base` (n is at most 4). */
  #kthSmallest(base: number, n: number, k: number): number {
    const c = this.#costs;
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
}
