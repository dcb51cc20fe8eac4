/**
 * The admissible bound of the minimum-move search (minMoves.ts): a lower bound on the moves
 * a packed position still needs to win, or -1 when it cannot be won. Memoised per pyramid
 * where it depends on the pyramid alone.
 */
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, popcount, TALON_SIZE } from '../layout.js';
import { ALL_TALON, type FullStateSpace, pointerOf, TALON_BASE, turnOversOf } from './fullState.js';
import { NO_WIN } from './relaxed.js';

/** A cost no line pays: the card cannot be reached that way. */
const NEVER = 1 << 20;
/** Slots of the pyramid-closure memo (see `MoveBound.pyramidClosure`): 2^14, 256 KB. */
const CLOSURE_BITS = 14;

export class MoveBound {
  private readonly counts = new Int32Array(14);
  /** Costs of reaching talon cards, 8 slots per value. */
  private readonly costs = new Int32Array(14 * 8);

  /** Whether the full bound (`of(lo, hi, true)`) can say more than the quick one: only where it takes the pass closure. */
  readonly fullSaysMore: boolean;
  private readonly pairBeneath: boolean;
  private readonly pairCovering: boolean;
  private readonly strictWin: boolean;
  private readonly stockTopAvailable: boolean;
  private readonly passes: number;

  constructor(private readonly space: FullStateSpace) {
    const r = space.rules;
    this.fullSaysMore = !r.strictWin && !r.stockTopAvailable;
    this.pairBeneath = r.pairBeneath;
    this.pairCovering = r.pairCovering;
    this.strictWin = r.strictWin;
    this.stockTopAvailable = r.stockTopAvailable;
    this.passes = r.passes;
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
    const fig = this.figuresOf(lo & FULL_PYRAMID, this.space.usageOf(hi));
    const removals = this.removalsOf.data[fig]!;
    if (removals === NO_WIN) return -1;
    if (this.strictWin) return this.strictBound(lo, hi);
    const found = this.found; // per needed value, its talon cards met so far
    for (let v = 0; v < 14; v++) found[v] = 0; // (a loop: cheaper than fill's call for 14 slots)
    // One function per way of reaching the talon: the stock top playable, or stock cards reached only by drawing.
    const talonMoves = this.stockTopAvailable ? this.stockTopDraws(lo, hi, fig) : this.drawnTalonMoves(lo, hi, fig, full);
    return talonMoves >= NEVER ? -1 : removals + talonMoves;
  }

  /** Under a strict win: every card left is removed (a pair of values takes the larger count), and every stock card drawn. */
  private strictBound(lo: number, hi: number): number {
    const value = this.space.value;
    const counts = this.counts;
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    if (this.space.talonStuck(lo, hi)) return -1;
    counts.fill(0);
    for (let i = 0; i < PYRAMID_SIZE; i++) if (((removed >> i) & 1) === 0) counts[value[i]!]!++;
    for (let i = 0; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) counts[value[TALON_BASE + i]!]!++;
    let removals = counts[13]!;
    for (let v = 1; v <= 6; v++) removals += Math.max(counts[v]!, counts[13 - v]!);
    if (this.stockTopAvailable) return removals;
    // Every stock card has to be drawn.
    const next = pointerOf(lo, hi);
    let draws = 0;
    for (let i = next; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) draws++;
    return removals + draws;
  }

  /** The draws a position needs when the stock top plays without a draw (NEVER: it cannot be won). */
  private stockTopDraws(lo: number, hi: number, fig: number): number {
    const value = this.space.value;
    const talonRemoved = hi & ALL_TALON;
    // What depends on the pyramid and the talon values used alone, computed once for each.
    const need = this.needOf.data;
    const at = fig * 14; // need[at + w]: talon cards of value w still needed
    const present = this.presentOf.data[fig]!; // bit v: a pyramid card of value v is left
    const next = pointerOf(lo, hi);
    const canCycle = turnOversOf(hi) < this.passes;
    const costs = this.costs;
    const found = this.found;
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
    return this.cheapestDraws(at);
  }

  /**
   * The draws, turn-overs and dig removals a position needs when stock cards are only
   * reached by drawing (NEVER: it cannot be won); with `full`, through the pass closure.
   */
  private drawnTalonMoves(lo: number, hi: number, fig: number, full: boolean): number {
    const value = this.space.value;
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    const need = this.needOf.data;
    const left = this.cardsLeftOf.data;
    const at = fig * 14; // need[at + w]: talon cards of value w still needed; left[at + v]: pyramid cards of value v
    const slack = this.slackOf.data[fig]!;
    const present = this.presentOf.data[fig]!; // bit v: a pyramid card of value v is left
    const next = pointerOf(lo, hi);
    const canCycle = turnOversOf(hi) < this.passes;
    const costs = this.costs;
    const found = this.found;
    // Waste from the top down: a waste card is reachable without a cycle when every card
    // above it can still be removed (a King, or a card whose partner value is in the
    // pyramid or, with pair-beneath, in the talon).
    let partnerValues = present;
    if (this.pairBeneath) {
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
    const pairBeneath = this.pairBeneath;
    const used = this.used;
    const wasteDig = this.wasteDig;
    // What this pass can still reach at best (see `passReach`): the waste cards a dig can
    // pass, and whether every pyramid card can go without a turn-over.
    // (For the quick bound each value's cheapest way is taken on its own.) `of` sends only
    // rule sets without a strict win or a playable stock top here: those where the full
    // bound says more (`fullSaysMore`).
    const closure = full;
    const digDepth = closure ? this.passReach(removed, talonRemoved, next, canCycle) : 24;
    const clearsThisPass = !closure || this.passClears;
    if (!clearsThisPass && !canCycle) return NEVER;
    const stockFound = this.stockFound;
    for (let v = 0; v < 14; v++) stockFound[v] = 0;
    if (closure) {
      this.wasteSeen = 0;
      this.stockSeen = 0;
    }
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
          this.seenWasteValue[this.wasteSeen] = vi;
          this.seenBottom[this.wasteSeen++] = fromBottom;
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
    let valuesWanting = this.valuesNeededOf.data[fig]!;
    for (let t = ~talonRemoved & ALL_TALON & ~below; t !== 0 && valuesWanting !== 0; t &= t - 1) {
      depth++;
      const vi = value[TALON_BASE + 31 - Math.clz32(t & -t)]!;
      if (vi !== 13 && need[at + vi] !== 0) {
        if (++stockFound[vi]! === need[at + vi]) valuesWanting--;
        if (closure) {
          this.seenStockValue[this.stockSeen] = vi;
          this.seenDepth[this.stockSeen++] = depth;
        } else costs[vi * 8 + found[vi]!++] = depth;
      }
    }
    if (closure) {
      const canCycleTwice = turnOversOf(hi) + 1 < this.passes;
      return this.talonMoves(at, stockLeft, canCycle, canCycleTwice, clearsThisPass);
    }
    return this.cheapestDraws(at);
  }

  /** With each needed value's cards' costs in `costs` (`found` of them): the costliest value's cheapest way, or NEVER. */
  private cheapestDraws(at: number): number {
    const need = this.needOf.data;
    const found = this.found;
    let draws = 0;
    for (let w = 1; w <= 12; w++) {
      if (need[at + w] === 0) continue;
      if (found[w]! < need[at + w]!) return NEVER;
      const cost = need[at + w] === 1 ? this.smallest(w * 8, found[w]!) : this.kthSmallest(w * 8, found[w]!, need[at + w]!);
      if (cost >= NEVER) return NEVER;
      if (cost > draws) draws = cost;
    }
    return draws;
  }

  private readonly found = new Int32Array(14);
  // The needed values' talon cards in the position being bounded, 8 slots per value: waste
  // cards from the top down (`found` of them: the removals beyond the bound a dig down to
  // each costs, NEVER when no dig reaches it; and its place from the bottom of the waste),
  // then stock cards from the top (`stockFound`: depth).
  private readonly wasteDig = new Int32Array(14 * 8);
  private readonly stockFound = new Int32Array(14);

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
   * below it (the cost of a turn-over is shared by every card it brings).
   */
  private talonMoves(at: number, stockLeft: number, canCycle: boolean, canCycleTwice: boolean, clearsThisPass: boolean): number {
    const need = this.needOf.data;
    const { found, stockFound, wasteDig, wanted, digOf } = this;
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
      for (let k = 0; k < this.stockSeen; k++) {
        const d = this.seenDepth[k]!;
        if (d >= best) break;
        const w = this.seenStockValue[k]!;
        const r = --wanted[w]!;
        const was = digOf[w]!;
        digOf[w] = r <= 0 ? 0 : r > found[w]! ? NEVER : wasteDig[w * 8 + r - 1]!;
        // A value's dig only gets cheaper: the deepest changes only when it was that one.
        if (was === most && digOf[w]! < was) most = this.deepest();
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
    // Some cards may have to come after the turn-over whatever is dug (see `lateCost`).
    const late = clearsThisPass ? 0 : this.lateCost;
    let cycle = late + most;
    for (let k = this.wasteSeen - 1; k >= 0; k--) {
      const d = Math.max(this.seenBottom[k]!, late);
      if (d >= cycle || turnOver + d >= best) break;
      const w = this.seenWasteValue[k]!;
      const r = --wanted[w]!;
      const was = digOf[w]!;
      digOf[w] = r <= 0 ? 0 : wasteDig[w * 8 + r - 1]!;
      if (was === most && digOf[w]! < was) most = this.deepest();
      if (d + most < cycle) cycle = d + most;
    }
    let viaTurnOver = turnOver + cycle;
    if (!clearsThisPass && this.secondPassCost > 0) {
      // The pass after the turn-over cannot clear the pyramid either (see `secondPassCost`).
      if (!canCycleTwice) return best;
      viaTurnOver = Math.max(viaTurnOver, turnOver + this.secondPassCost);
    }
    return Math.min(best, viaTurnOver);
  }

  /** The costliest dig of `digOf`. */
  private deepest(): number {
    const digOf = this.digOf;
    let most = 0;
    for (let v = 1; v <= 12; v++) if (digOf[v]! > most) most = digOf[v]!;
    return most;
  }

  /** `talonMoves`' scratch: per value, the cards still wanted and the dig they cost. */
  private readonly wanted = new Int32Array(14);
  private readonly digOf = new Int32Array(14);
  // The needed talon cards in the order `talonMoves` meets them: stock cards from the top
  // (value, depth), waste cards from the top down (value, place from the bottom).
  private readonly seenStockValue = new Int32Array(TALON_SIZE);
  private readonly seenDepth = new Int32Array(TALON_SIZE);
  private stockSeen = 0;
  private readonly seenWasteValue = new Int32Array(TALON_SIZE);
  private readonly seenBottom = new Int32Array(TALON_SIZE);
  private wasteSeen = 0;

  /** Set by `passReach`: whether every pyramid card left may go in this pass. */
  private passClears = true;
  /** Set by `passReach`: with pair-beneath the talon's values (a talon card may go with one of its partner value), else 0. */
  private talonPartners = 0;

  /**
   * Bit v: a talon card of value v may go, `gone` holding the pyramid cards that may (a King,
   * a pyramid card of its partner value among them, or with pair-beneath its partner value
   * in the talon). One mask per closure: the loops over the talon test a bit.
   */
  private goValues(gone: number): number {
    const ofValue = this.ofValue;
    const partners = this.talonPartners;
    let mask = 1 << 13;
    for (let w = 1; w <= 12; w++) if ((gone & ofValue[w]!) !== 0 || ((partners >> w) & 1) === 1) mask |= 1 << (13 - w);
    return mask;
  }
  /** Per value, the pyramid positions holding it. */
  private readonly ofValue = new Int32Array(14);
  private ofValueReady = false;
  /** The waste's values from the top down, for `passReach`. */
  private readonly wasteValues = new Int32Array(TALON_SIZE);

  /**
   * What the rest of this pass can reach at best (when stock cards are only reached by
   * drawing): the stock cards left are taken as a pool usable at any time, any number of
   * times, and so is each waste card once it is on top (every card above it gone). A pyramid
   * card can go when the cards on it can, alone (a King) or with a pool or uncovered waste
   * value, or with a pyramid card it can meet whose own covers can go (with pair-covering,
   * also with its last cover). A waste card can go when it is a King or a pyramid card of
   * its partner value can go; with pair-beneath also when a stock card of its partner value
   * is left (drawn onto it), or together with the card beneath it when that is its partner,
   * and a stock card may go whenever the talon holds its partner value. The closure of these rules holds
   * every card that any line goes on to remove before its next turn-over (by induction on
   * the order of removals), so a pyramid card outside it needs a turn-over first, and no dig
   * in this pass gets below the first waste card outside it. Returns how many waste cards,
   * from the top, can go; sets `passClears`, and when it is false and a turn-over is left
   * (`canCycle`), `lateCost` and `secondPassCost`.
   */
  private passReach(removed: number, talonRemoved: number, next: number, canCycle: boolean): number {
    const value = this.space.value;
    const ofValue = this.ofValue;
    if (!this.ofValueReady) {
      for (let i = 0; i < PYRAMID_SIZE; i++) ofValue[value[i]!]! |= 1 << i;
      this.ofValueReady = true;
    }
    const stock = ~talonRemoved & ALL_TALON & ~((1 << next) - 1);
    let stockValues = 0;
    for (let t = stock; t !== 0; t &= t - 1) stockValues |= 1 << value[TALON_BASE + 31 - Math.clz32(t & -t)]!;
    let m = 0;
    let talonValues = stockValues;
    for (let t = ~talonRemoved & ((1 << next) - 1); t !== 0; ) {
      const i = 31 - Math.clz32(t);
      t &= ~(1 << i);
      this.wasteValues[m] = value[TALON_BASE + i]!;
      talonValues |= 1 << this.wasteValues[m++]!;
    }
    // With pair-beneath a talon card whose partner value is in the talon may go with it.
    this.talonPartners = this.pairBeneath ? talonValues : 0;
    this.close(removed, removed, stockValues, m, 0, true);
    // A stock card that can never go seals everything beneath it once drawn: the pass runs in
    // phases, each using the stock cards between two such cards (and the first one the
    // waste), and the closure is taken phase by phase. Only the first phase digs the waste.
    const goValues = this.goValues(this.closed & ~removed);
    let phaseValues = 0; // values of the stock cards of the phase
    let gone = removed;
    let popped = -1; // the first phase's waste cards gone, once it is closed
    for (let t = stock; t !== 0; t &= t - 1) {
      const v = value[TALON_BASE + 31 - Math.clz32(t & -t)]!;
      if ((goValues >> v) & 1) {
        phaseValues |= 1 << v;
        continue;
      }
      this.close(gone, removed, phaseValues, m, 0, popped < 0);
      if (popped < 0) popped = this.popped;
      gone = this.closed;
      phaseValues = 0;
    }
    if (popped < 0)
      popped = this.popped; // no card seals: the closure above stands
    else this.close(gone, removed, phaseValues, m, 0, false);
    this.passClears = (this.closed & FULL_PYRAMID) === FULL_PYRAMID;
    // (Without a turn-over left the position is lost when the pass cannot clear: no need for these.)
    if (!this.passClears && canCycle) {
      this.lateCost = this.lateDraws(removed, stockValues, m, popped);
      this.secondPassCost = this.nextPassCost(removed, talonRemoved, next, popped);
    }
    return popped;
  }

  /**
   * Set with `lateCost`: when the pass after the next turn-over cannot clear the pyramid
   * either, the fewest draws and turn-overs from that turn-over on (else 0). That pass runs
   * through the talon in its order, from what this pass may remove, under the same closure;
   * every card this pass cannot remove is drawn in it, then comes one more turn-over, and the
   * draws down to a card that a pyramid card left behind needs (past every card neither pass
   * can remove).
   */
  private secondPassCost = 0;

  private nextPassCost(removed: number, talonRemoved: number, next: number, popped: number): number {
    const value = this.space.value;
    const goNow = this.goValues(this.closed & ~removed);
    const talonLeft = ~talonRemoved & ALL_TALON;
    // The talon cards surely there at the turn-over: waste cards below the deepest dig, and
    // stock cards with no partner this pass may remove.
    let stays = 0;
    let k = 0;
    for (let t = talonLeft & ((1 << next) - 1); t !== 0; k++) {
      const i = 31 - Math.clz32(t);
      t &= ~(1 << i);
      if (k >= popped) stays |= 1 << i;
    }
    let values = 0;
    for (let t = talonLeft; t !== 0; t &= t - 1) {
      const i = 31 - Math.clz32(t & -t);
      const v = value[TALON_BASE + i]!;
      values |= 1 << v;
      if (i >= next && ((goNow >> v) & 1) === 0) stays |= 1 << i;
    }
    const gone1 = this.closed;
    this.close(gone1, removed, values, 0, 0, false);
    const goNext = this.goValues(this.closed & ~removed);
    // Phase by phase, as in this pass: a card surely there that can never go seals the rest.
    let gone = gone1;
    let phaseValues = 0;
    for (let t = talonLeft; t !== 0; t &= t - 1) {
      const i = 31 - Math.clz32(t & -t);
      const v = value[TALON_BASE + i]!;
      if ((stays >> i) & 1 && ((goNext >> v) & 1) === 0) {
        this.close(gone, removed, phaseValues, 0, 0, false);
        gone = this.closed;
        phaseValues = 0;
      } else phaseValues |= 1 << v;
    }
    this.close(gone, removed, phaseValues, 0, 0, false);
    const reached = this.closed;
    if ((reached & FULL_PYRAMID) === FULL_PYRAMID) return 0;
    // Cards still there after that pass too, and the pyramid cards that need a talon card later.
    const goLater = this.goValues(reached & ~removed);
    let staysLater = 0;
    for (let t = stays; t !== 0; t &= t - 1) {
      const i = 31 - Math.clz32(t & -t);
      if (((goLater >> value[TALON_BASE + i]!) & 1) === 0) staysLater |= 1 << i;
    }
    // For each value needed later, its first card in the talon is its cheapest (the fewest cards that stay lie above it).
    let missing = this.lateValues(reached, removed);
    let most = 0;
    for (let t = talonLeft; t !== 0 && missing !== 0; t &= t - 1) {
      const i = 31 - Math.clz32(t & -t);
      const v = value[TALON_BASE + i]!;
      if (((missing >> v) & 1) === 0) continue;
      missing &= ~(1 << v);
      const cost = popcount(staysLater & ((1 << i) - 1)) + 1;
      if (cost > most) most = cost;
    }
    return popcount(stays) + 1 + (missing !== 0 ? NEVER : most);
  }

  /** Bit w: a pyramid card outside `reached` has no pyramid card it could ever pair with and needs a talon card of value w. */
  private lateValues(reached: number, removed: number): number {
    const value = this.space.value;
    const compatible = this.space.compatible;
    let late = 0;
    for (let t = ~reached & FULL_PYRAMID; t !== 0; t &= t - 1) {
      const p = 31 - Math.clz32(t & -t);
      const v = value[p]!;
      if (v !== 13 && (compatible[p]! & ~removed) === 0) late |= 1 << (13 - v);
    }
    return late;
  }

  /**
   * Set by `passReach` when the pass cannot clear the pyramid: the fewest draws after the
   * next turn-over that reach a talon card some pyramid card left behind needs (one with no
   * pyramid card it could ever pair with, so a talon card of its partner value must come in
   * a later pass). A waste card lies as many cards from the new stock's top as it is from
   * the waste's bottom; a stock card lies above every waste card no dig of this pass takes.
   */
  private lateCost = 0;

  private lateDraws(removed: number, stockValues: number, m: number, popped: number): number {
    const late = this.lateValues(this.closed, removed);
    if (late === 0) return 0;
    // A value's cheapest card: its first from the bottom of the waste, or a stock card (below the cards no dig takes).
    const fromStock = m - popped + 1;
    let most = 0;
    let missing = late;
    for (let k = m - 1; k >= 0 && missing !== 0; k--) {
      const v = this.wasteValues[k]!;
      if (((missing >> v) & 1) === 0) continue;
      missing &= ~(1 << v);
      const cost = (stockValues >> v) & 1 ? Math.min(m - k, fromStock) : m - k;
      if (cost > most) most = cost;
    }
    if (missing !== 0) most = Math.max(most, (missing & ~stockValues) !== 0 ? NEVER : fromStock);
    return most;
  }

  /** `close`'s scratch: per value, the pyramid cards of that value the waste cards gone have taken. */
  private readonly claimed = new Int32Array(14);
  // Set by `close`: the pyramid cards removed or removable, and the waste cards gone from the top.
  private closed = 0;
  private popped = 0;

  /**
   * The closure of `passReach`'s rules from `gone` (pyramid cards removed or removable),
   * `values` (talon values usable at any time) and the first `m` waste values from the top,
   * of which `popped` are gone; with `pops` false the waste is out of reach (no pops, and
   * its top does not pair). The pyramid's closure and the pops alternate: both only ever add,
   * so any order reaches the same least fixed point, and the pyramid's part can come from
   * its memo.
   */
  private close(gone: number, removed: number, values: number, m: number, popped: number, pops: boolean): void {
    if (!pops || popped >= m) {
      // No waste card to pop: the pyramid's closure alone.
      this.closed = this.pyramidClosure(gone, removed, values);
      this.popped = popped;
      return;
    }
    const claimed = this.claimed;
    for (let v = 0; v < 14; v++) claimed[v] = 0;
    // With pair-beneath a waste card on top may also go with a stock card drawn onto it.
    const drawnPartners = this.pairBeneath ? values : 0;
    for (;;) {
      // The waste top may pair too. What is usable only grows (a card popped joins `values`).
      const usable = pops && popped < m ? values | (1 << this.wasteValues[popped]!) : values;
      gone = this.pyramidClosure(gone, removed, usable);
      const goneNow = gone & ~removed;
      const before = popped;
      while (pops && popped < m) {
        const w = this.wasteValues[popped]!;
        // Each waste card that goes takes a pyramid card of its partner value with it, or
        // (pair-beneath) goes with a stock card drawn onto it or with the waste card beneath.
        if (w !== 13 && ((drawnPartners >> (13 - w)) & 1) === 0) {
          if (this.pairBeneath && popped + 1 < m && this.wasteValues[popped + 1] === 13 - w) {
            values |= (1 << w) | (1 << (13 - w));
            popped += 2;
            continue;
          }
          if (popcount(goneNow & this.ofValue[13 - w]!) <= claimed[13 - w]!) break;
          claimed[13 - w]!++;
        }
        values |= 1 << w;
        popped++;
      }
      if (popped === before) break;
    }
    this.closed = gone;
    this.popped = popped;
  }

  // `pyramidClosure`'s memo, one slot per hash (a slot keeps the last key that hashed to it):
  // a deal's searches meet few pyramids (925 on the slowest of the first 1,000 codes, against
  // 1.6 million closures asked for; 13% of lookups miss).
  // A slot's key and closure side by side (gone, removed, usable, closure; -1: empty): one cache line per lookup.
  private readonly closureMemo = new Int32Array(4 << CLOSURE_BITS).fill(-1);

  /**
   * The pyramid cards removed or removable from `gone` (a superset of `removed`) when the
   * talon values `usable` can be met at any time: a card goes when its covers have gone and
   * it is a King, its partner value is usable, or a pyramid card it could pair with (not
   * removed, its own covers gone) is there, or (pair-covering) the one card still covering it
   * is its partner and uncovered. The least fixed point, memoised.
   */
  private pyramidClosure(gone: number, removed: number, usable: number): number {
    const slot = (Math.imul(gone ^ Math.imul(removed, 0x9e3779b1) ^ Math.imul(usable, 0x85ebca6b), 0xc2b2ae35) >>> (32 - CLOSURE_BITS)) | 0;
    const memo = this.closureMemo;
    const k = slot << 2;
    if (memo[k] === gone && memo[k + 1] === removed && memo[k + 2] === usable && memo[k + 3]! >= 0) return memo[k + 3]!;
    memo[k] = gone;
    memo[k + 1] = removed;
    memo[k + 2] = usable;
    const value = this.space.value;
    const compatible = this.space.compatible;
    for (let changed = true; changed; ) {
      changed = false;
      // From the bottom row up (highest positions first): a card's covers come before it.
      for (let t = ~gone & FULL_PYRAMID; t !== 0; ) {
        const i = 31 - Math.clz32(t);
        t &= ~(1 << i);
        if ((gone >> i) & 1) continue;
        const rest = COVER_MASK[i]! & ~gone;
        if (rest !== 0) {
          // With pair-covering a card may go with its one cover left, once that one is uncovered.
          if (this.pairCovering && (rest & (rest - 1)) === 0) {
            const j = 31 - Math.clz32(rest);
            if ((compatible[i]! >> j) & 1 && (gone & COVER_MASK[j]!) === COVER_MASK[j]) {
              gone |= (1 << i) | (1 << j);
              changed = true;
            }
          }
          continue;
        }
        const v = value[i]!;
        if (v === 13 || (usable >> (13 - v)) & 1) {
          gone |= 1 << i;
          changed = true;
          continue;
        }
        for (let q = compatible[i]! & ~removed; q !== 0; q &= q - 1) {
          const j = 31 - Math.clz32(q & -q);
          if ((gone & COVER_MASK[j]!) === COVER_MASK[j]) {
            gone |= (1 << i) | (1 << j);
            changed = true;
            break;
          }
        }
      }
    }
    memo[k + 3] = gone;
    return gone;
  }

  // Per (pyramid, talon values used): removal bound (NO_WIN: lost), its slack over the
  // pyramid's own class count, values present, and 14 slots each of needs and cards left.
  private readonly figuresTable = new StateTable(null, 1 << 10);
  private readonly removalsOf = new GrowableInt32Array(1 << 10);
  private readonly slackOf = new GrowableInt32Array(1 << 10);
  private readonly presentOf = new GrowableInt32Array(1 << 10);
  /** How many values have talon cards still needed. */
  private readonly valuesNeededOf = new GrowableInt32Array(1 << 10);
  private readonly needOf = new GrowableInt32Array(14 << 10);
  private readonly cardsLeftOf = new GrowableInt32Array(14 << 10);

  /** The id of a (pyramid, usage) in the tables above, its figures computed if new. */
  private figuresOf(removed: number, usage: number): number {
    const id = this.figuresTable.intern(removed, usage);
    if (!this.figuresTable.lastWasNew) return id;
    this.removalsOf.ensure(id);
    this.slackOf.ensure(id);
    this.presentOf.ensure(id);
    this.valuesNeededOf.ensure(id);
    const need = this.needOf.ensure(id * 14 + 13);
    const left = this.cardsLeftOf.ensure(id * 14 + 13);
    const relaxed = this.space.relaxed;
    const relaxedRemovals = relaxed.minRemovalsAndNeeds(removed, usage);
    if (relaxedRemovals === NO_WIN) {
      this.removalsOf.data[id] = NO_WIN;
      return id;
    }
    const pyramidRemovals = this.pyramidBound(removed);
    const removals = Math.max(relaxedRemovals, pyramidRemovals);
    this.removalsOf.data[id] = removals;
    this.slackOf.data[id] = removals - pyramidRemovals;
    this.presentOf.data[id] = this.present;
    const at = id * 14;
    // The relaxed game's needs also see pyramid cards that block each other's partners.
    let valuesNeeded = 0;
    for (let w = 1; w <= 12; w++) {
      const r = w <= 6 ? (relaxed.lastNeedLo >>> ((w - 1) * 3)) & 7 : (relaxed.lastNeedHi >>> ((w - 7) * 3)) & 7;
      need[at + w] = Math.max(this.need[w]!, r);
      left[at + w] = this.left[w]!;
      if (need[at + w] !== 0) valuesNeeded++;
    }
    this.valuesNeededOf.data[id] = valuesNeeded;
    need[at + 13] = 0;
    return id;
  }
  // Per pyramid (removed mask): the removal bound and the unmatched cards of each value.
  private readonly pyramidTable = new StateTable(null, 1 << 10);
  private pyramidRemovals = new GrowableInt32Array(1 << 10);
  private pyramidNeedLo = new GrowableInt32Array(1 << 10);
  private pyramidNeedHi = new GrowableInt32Array(1 << 10);
  private pyramidPresent = new GrowableInt32Array(1 << 10);
  private pyramidLeftLo = new GrowableInt32Array(1 << 10);
  private pyramidLeftHi = new GrowableInt32Array(1 << 10);
  /** Set by `pyramidBound`: the pyramid cards left of each value. */
  private readonly left = new Int32Array(14);
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
      const clo = this.pyramidLeftLo.data[id]!;
      const chi = this.pyramidLeftHi.data[id]!;
      for (let v = 1; v <= 6; v++) this.left[v] = (clo >>> ((v - 1) * 4)) & 15;
      for (let v = 7; v <= 12; v++) this.left[v] = (chi >>> ((v - 7) * 4)) & 15;
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
    let clo = 0;
    let chi = 0;
    for (let v = 1; v <= 6; v++) clo |= counts[v]! << ((v - 1) * 4);
    for (let v = 7; v <= 12; v++) chi |= counts[v]! << ((v - 7) * 4);
    for (let v = 1; v <= 12; v++) this.left[v] = counts[v]!;
    this.pyramidLeftLo.ensure(id);
    this.pyramidLeftHi.ensure(id);
    this.pyramidLeftLo.data[id] = clo;
    this.pyramidLeftHi.data[id] = chi;
    this.pyramidNeedLo.data[id] = nlo;
    this.pyramidNeedHi.data[id] = nhi;
    return removals;
  }

  private readonly need = new Int32Array(14);
  /** Talon cards of each value a dig through the waste would use. */
  private readonly used = new Int32Array(14);

  /** The smallest of the n entries of `costs` from `base`. */
  private smallest(base: number, n: number): number {
    const c = this.costs;
    let m = c[base]!;
    for (let i = base + 1; i < base + n; i++) if (c[i]! < m) m = c[i]!;
    return m;
  }

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
