/**
 * The pass closure of the minimum-move bound (moveBound.ts), for rule sets where stock cards
 * are only reached by drawing: which pyramid cards the rest of the pass under way can remove
 * at best, how deep it can dig the waste, and, when it cannot clear the pyramid, what the
 * passes after the next turn-over must still pay.
 */
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, popcount, TALON_SIZE } from '../layout.js';
import { ALL_TALON, type FullStateSpace, TALON_BASE } from './fullState.js';

/** A cost no line pays: the card cannot be reached that way. */
export const NEVER = 1 << 20;
/** Slots of the pyramid-closure memo (see `PassClosure.pyramidClosure`): 2^14, 256 KB. */
const CLOSURE_BITS = 14;

/** What `PassClosure.reach` finds of the pass under way: one per owner, filled in place. */
export class PassReach {
  /** How many waste cards, from the top, a dig in this pass can take. */
  digDepth = 0;
  /** Whether every pyramid card left may go in this pass. */
  clears = true;
  /**
   * When the pass cannot clear the pyramid and a turn-over is left: the fewest draws after
   * the next turn-over that reach a talon card some pyramid card left behind needs (one with
   * no pyramid card it could ever pair with, so a talon card of its partner value must come
   * in a later pass). A waste card lies as many cards from the new stock's top as it is from
   * the waste's bottom; a stock card lies above every waste card no dig of this pass takes.
   */
  lateCost = 0;
  /**
   * Likewise: when the pass after the next turn-over cannot clear the pyramid either, the
   * fewest draws and turn-overs from that turn-over on (else 0). That pass runs through the
   * talon in its order, from what this pass may remove, under the same closure; every card
   * this pass cannot remove is drawn in it, then comes one more turn-over, and the draws down
   * to a card that a pyramid card left behind needs (past every card neither pass can remove).
   */
  secondPassCost = 0;
}

/** What `PassClosure.close` reaches: the pyramid cards removed or removable, and the waste cards gone from the top. */
class Closure {
  gone = 0;
  popped = 0;
}

export class PassClosure {
  readonly #value: Int32Array;
  readonly #compatible: Int32Array;
  readonly #pairBeneath: boolean;
  readonly #pairCovering: boolean;
  /** Per value, the pyramid positions holding it. */
  readonly #ofValue = new Int32Array(14);
  /** The waste's values from the top down, for `reach`. */
  readonly #wasteValues = new Int32Array(TALON_SIZE);
  /** `close`'s scratch: per value, the pyramid cards of that value the waste cards gone have taken. */
  readonly #claimed = new Int32Array(14);
  /** `close`'s result, reused. */
  readonly #closure = new Closure();

  constructor(space: FullStateSpace) {
    this.#value = space.value;
    this.#compatible = space.compatible;
    this.#pairBeneath = space.rules.pairBeneath;
    this.#pairCovering = space.rules.pairCovering;
    for (let i = 0; i < PYRAMID_SIZE; i++) this.#ofValue[this.#value[i]!]! |= 1 << i;
  }

  /**
   * Bit v: a talon card of value v may go, `gone` holding the pyramid cards that may (a King,
   * a pyramid card of its partner value among them, or with pair-beneath its partner value
   * in the talon: `partners`). One mask per closure: the loops over the talon test a bit.
   */
  #goValues(gone: number, partners: number): number {
    const ofValue = this.#ofValue;
    let mask = 1 << 13;
    for (let w = 1; w <= 12; w++) if ((gone & ofValue[w]!) !== 0 || ((partners >> w) & 1) === 1) mask |= 1 << (13 - w);
    return mask;
  }

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
   * in this pass gets below the first waste card outside it. Into `out`: how many waste
   * cards, from the top, can go, and whether the pass clears the pyramid; when it does not
   * and a turn-over is left (`canCycle`), the costs of the passes after it.
   */
  reach(removed: number, talonRemoved: number, next: number, canCycle: boolean, out: PassReach): void {
    const value = this.#value;
    const closure = this.#closure;
    const stock = ~talonRemoved & ALL_TALON & ~((1 << next) - 1);
    let stockValues = 0;
    for (let t = stock; t !== 0; t &= t - 1) stockValues |= 1 << value[TALON_BASE + 31 - Math.clz32(t & -t)]!;
    let m = 0;
    let talonValues = stockValues;
    for (let t = ~talonRemoved & ((1 << next) - 1); t !== 0; ) {
      const i = 31 - Math.clz32(t);
      t &= ~(1 << i);
      this.#wasteValues[m] = value[TALON_BASE + i]!;
      talonValues |= 1 << this.#wasteValues[m++]!;
    }
    // With pair-beneath a talon card whose partner value is in the talon may go with it.
    const partners = this.#pairBeneath ? talonValues : 0;
    this.#close(removed, removed, stockValues, m, 0, true, closure);
    // A stock card that can never go seals everything beneath it once drawn: the pass runs in
    // phases, each using the stock cards between two such cards (and the first one the
    // waste), and the closure is taken phase by phase. Only the first phase digs the waste.
    const goValues = this.#goValues(closure.gone & ~removed, partners);
    let phaseValues = 0; // values of the stock cards of the phase
    let gone = removed;
    let popped = -1; // the first phase's waste cards gone, once it is closed
    for (let t = stock; t !== 0; t &= t - 1) {
      const v = value[TALON_BASE + 31 - Math.clz32(t & -t)]!;
      if ((goValues >> v) & 1) {
        phaseValues |= 1 << v;
        continue;
      }
      this.#close(gone, removed, phaseValues, m, 0, popped < 0, closure);
      if (popped < 0) popped = closure.popped;
      gone = closure.gone;
      phaseValues = 0;
    }
    if (popped < 0)
      popped = closure.popped; // no card seals: the closure above stands
    else this.#close(gone, removed, phaseValues, m, 0, false, closure);
    const closed = closure.gone;
    out.digDepth = popped;
    out.clears = (closed & FULL_PYRAMID) === FULL_PYRAMID;
    out.lateCost = 0;
    out.secondPassCost = 0;
    // (Without a turn-over left the position is lost when the pass cannot clear: no need for these.)
    if (!out.clears && canCycle) {
      out.lateCost = this.#lateDraws(removed, closed, stockValues, m, popped);
      out.secondPassCost = this.#nextPassCost(removed, closed, talonRemoved, next, popped, partners);
    }
  }

  /** `PassReach.secondPassCost`, from the pyramid cards this pass may remove (`closed`). */
  #nextPassCost(removed: number, closed: number, talonRemoved: number, next: number, popped: number, partners: number): number {
    const value = this.#value;
    const closure = this.#closure;
    const goNow = this.#goValues(closed & ~removed, partners);
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
    this.#close(closed, removed, values, 0, 0, false, closure);
    const goNext = this.#goValues(closure.gone & ~removed, partners);
    // Phase by phase, as in this pass: a card surely there that can never go seals the rest.
    let gone = closed;
    let phaseValues = 0;
    for (let t = talonLeft; t !== 0; t &= t - 1) {
      const i = 31 - Math.clz32(t & -t);
      const v = value[TALON_BASE + i]!;
      if ((stays >> i) & 1 && ((goNext >> v) & 1) === 0) {
        this.#close(gone, removed, phaseValues, 0, 0, false, closure);
        gone = closure.gone;
        phaseValues = 0;
      } else phaseValues |= 1 << v;
    }
    this.#close(gone, removed, phaseValues, 0, 0, false, closure);
    const reached = closure.gone;
    if ((reached & FULL_PYRAMID) === FULL_PYRAMID) return 0;
    // Cards still there after that pass too, and the pyramid cards that need a talon card later.
    const goLater = this.#goValues(reached & ~removed, partners);
    let staysLater = 0;
    for (let t = stays; t !== 0; t &= t - 1) {
      const i = 31 - Math.clz32(t & -t);
      if (((goLater >> value[TALON_BASE + i]!) & 1) === 0) staysLater |= 1 << i;
    }
    // For each value needed later, its first card in the talon is its cheapest (the fewest cards that stay lie above it).
    let missing = this.#lateValues(reached, removed);
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
  #lateValues(reached: number, removed: number): number {
    const value = this.#value;
    const compatible = this.#compatible;
    let late = 0;
    for (let t = ~reached & FULL_PYRAMID; t !== 0; t &= t - 1) {
      const p = 31 - Math.clz32(t & -t);
      const v = value[p]!;
      if (v !== 13 && (compatible[p]! & ~removed) === 0) late |= 1 << (13 - v);
    }
    return late;
  }

  /** `PassReach.lateCost`, from the pyramid cards this pass may remove (`closed`). */
  #lateDraws(removed: number, closed: number, stockValues: number, m: number, popped: number): number {
    const late = this.#lateValues(closed, removed);
    if (late === 0) return 0;
    // A value's cheapest card: its first from the bottom of the waste, or a stock card (below the cards no dig takes).
    const fromStock = m - popped + 1;
    let most = 0;
    let missing = late;
    for (let k = m - 1; k >= 0 && missing !== 0; k--) {
      const v = this.#wasteValues[k]!;
      if (((missing >> v) & 1) === 0) continue;
      missing &= ~(1 << v);
      const cost = (stockValues >> v) & 1 ? Math.min(m - k, fromStock) : m - k;
      if (cost > most) most = cost;
    }
    if (missing !== 0) most = Math.max(most, (missing & ~stockValues) !== 0 ? NEVER : fromStock);
    return most;
  }

  /**
   * The closure of `reach`'s rules from `gone` (pyramid cards removed or removable),
   * `values` (talon values usable at any time) and the first `m` waste values from the top,
   * of which `popped` are gone; with `pops` false the waste is out of reach (no pops, and
   * its top does not pair). The pyramid's closure and the pops alternate: both only ever add,
   * so any order reaches the same least fixed point, and the pyramid's part can come from
   * its memo. Into `out`.
   */
  #close(gone: number, removed: number, values: number, m: number, popped: number, pops: boolean, out: Closure): void {
    if (!pops || popped >= m) {
      // No waste card to pop: the pyramid's closure alone.
      out.gone = this.#pyramidClosure(gone, removed, values);
      out.popped = popped;
      return;
    }
    const claimed = this.#claimed;
    for (let v = 0; v < 14; v++) claimed[v] = 0;
    // With pair-beneath a waste card on top may also go with a stock card drawn onto it.
    const drawnPartners = this.#pairBeneath ? values : 0;
    for (;;) {
      // The waste top may pair too. What is usable only grows (a card popped joins `values`).
      const usable = pops && popped < m ? values | (1 << this.#wasteValues[popped]!) : values;
      gone = this.#pyramidClosure(gone, removed, usable);
      const goneNow = gone & ~removed;
      const before = popped;
      while (pops && popped < m) {
        const w = this.#wasteValues[popped]!;
        // Each waste card that goes takes a pyramid card of its partner value with it, or
        // (pair-beneath) goes with a stock card drawn onto it or with the waste card beneath.
        if (w !== 13 && ((drawnPartners >> (13 - w)) & 1) === 0) {
          if (this.#pairBeneath && popped + 1 < m && this.#wasteValues[popped + 1] === 13 - w) {
            values |= (1 << w) | (1 << (13 - w));
            popped += 2;
            continue;
          }
          if (popcount(goneNow & this.#ofValue[13 - w]!) <= claimed[13 - w]!) break;
          claimed[13 - w]!++;
        }
        values |= 1 << w;
        popped++;
      }
      if (popped === before) break;
    }
    out.gone = gone;
    out.popped = popped;
  }

  // `pyramidClosure`'s memo, one slot per hash (a slot keeps the last key that hashed to it):
  // a deal's searches meet few pyramids against the closures asked for (bench/README.md).
  // A slot's key and closure side by side (gone, removed, usable, closure; -1: empty): one cache line per lookup.
  readonly #closureMemo = new Int32Array(4 << CLOSURE_BITS).fill(-1);

  /**
   * The pyramid cards removed or removable from `gone` (a superset of `removed`) when the
   * talon values `usable` can be met at any time: a card goes when its covers have gone and
   * it is a King, its partner value is usable, or a pyramid card it could pair with (not
   * removed, its own covers gone) is there, or (pair-covering) the one card still covering it
   * is its partner and uncovered. The least fixed point, memoised.
   */
  #pyramidClosure(gone: number, removed: number, usable: number): number {
    const slot = (Math.imul(gone ^ Math.imul(removed, 0x9e3779b1) ^ Math.imul(usable, 0x85ebca6b), 0xc2b2ae35) >>> (32 - CLOSURE_BITS)) | 0;
    const memo = this.#closureMemo;
    const k = slot << 2;
    if (memo[k] === gone && memo[k + 1] === removed && memo[k + 2] === usable && memo[k + 3]! >= 0) return memo[k + 3]!;
    memo[k] = gone;
    memo[k + 1] = removed;
    memo[k + 2] = usable;
    const value = this.#value;
    const compatible = this.#compatible;
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
          if (this.#pairCovering && (rest & (rest - 1)) === 0) {
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
}
