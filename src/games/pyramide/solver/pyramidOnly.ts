/**
 * Winnability alone, as fast as it goes, for rules under which the stock order does not
 * matter (`talonIsFree`): any stock or waste card can be brought to the waste top, and no
 * two of them pair. A state is then the set of pyramid cards removed plus how many talon
 * cards of each value have been used (the relaxed game of relaxed.ts, here searched
 * depth first until the first win, cutting states with a card that can never go, and playing
 * a pair that every win plays alone: see `forcedPair`).
 */
import { rankOf } from '../../../cards/card.js';
import type { Budget } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import type { PyramideDeal } from '../deal.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, pairableMasks, soleAvailableCover } from '../layout.js';
import type { PyramideRules } from '../rules.js';
import type { PyramidePosition } from './position.js';
import { RelaxedMoves, type RemovalSink } from './relaxedMoves.js';

/** Whether the pyramid can be cleared from `start`; null when a limit stopped the search first. */
export function searchPyramidOnly(
  search: PyramidOnlySearch,
  deal: PyramideDeal,
  rules: PyramideRules,
  budget: Budget,
  start: PyramidePosition,
): { winnable: boolean | null } {
  return { winnable: search.run(deal, rules, budget, start) };
}

/**
 * The search's arrays, allocated once per thread (context.ts): a batch runs it millions of
 * times, one search at a time (it never calls itself), so they serve every deal.
 */
export class PyramidOnlySearch implements RemovalSink {
  /** The pyramid's values, the talon by value and the removals of a state. */
  readonly #moves = new RelaxedMoves();
  readonly #value = this.#moves.value;
  readonly #talon = this.#moves.talon;
  readonly #table = new StateTable(null, 1 << 10);
  #stack = new GrowableInt32Array(1 << 10);
  #sp = 0;
  readonly #avail = new Int32Array(PYRAMID_SIZE);
  /** Partners each card could ever meet in the pyramid (neither under the other). */
  readonly #partners = new Int32Array(PYRAMID_SIZE);
  /** Talon cards of each value still unused in the state being expanded. */
  readonly #left = new Int32Array(14);
  /** The deal's pyramid cards other than Kings (bit per position). */
  #others = 0;

  run(deal: PyramideDeal, rules: PyramideRules, budget: Budget, start: PyramidePosition): boolean | null {
    const moves = this.#moves;
    const value = this.#value;
    const talon = this.#talon;
    const table = this.#table;
    const avail = this.#avail;
    const partners = this.#partners;
    const left = this.#left;
    const talonCount = talon.count;
    moves.setPyramid(deal.pyramid);
    // The talon holds the cards the pyramid does not: four of each value in all.
    talonCount.fill(4);
    for (let i = 0; i < PYRAMID_SIZE; i++) talonCount[value[i]!]!--;
    this.#others = FULL_PYRAMID & ~moves.kings;
    talon.setRadix();
    table.reset(budget);
    if (this.#stack.data.length > 1 << 16) this.#stack = new GrowableInt32Array(1 << 10);
    this.#sp = 0;
    const pairCovering = rules.pairCovering;
    pairableMasks(value, pairCovering, partners);

    // The start: its pyramid, and the talon cards already used (only the first card's place
    // is known when the stock is not given; no other talon card can have been played then).
    let startUsage = 0;
    if (start.talonRemoved !== 0) {
      const known = [deal.first, ...(deal.stock ?? [])];
      for (let i = 0; i < 24; i++) {
        if (((start.talonRemoved >> i) & 1) === 0) continue;
        const c = known[i];
        if (c === undefined || c === null) throw new Error('a talon card of unknown place was removed');
        const v = rankOf(c);
        startUsage += talon.step(v);
      }
    }
    let stopped = !this.add(moves.closeKings(start.removed), startUsage);
    let won = false;
    while (this.#sp > 0 && !stopped) {
      if (!budget.tick()) {
        stopped = true;
        break;
      }
      const id = this.#stack.data[--this.#sp]!;
      const mask = table.hiOf(id);
      const usage = table.loOf(id);
      if (mask === FULL_PYRAMID) {
        won = true;
        break;
      }
      const n = moves.available(mask, avail, 0);
      talon.unusedInto(usage, left);
      if (this.#hasDeadCard(mask)) continue;
      // A pair that every win plays goes alone (see `forcedPair`).
      const forced = this.#forcedPair(mask, usage, n);
      if (forced !== 0) {
        if (forced < 0) stopped = true;
        continue;
      }
      // Pushed first, popped last: pairs with the talon, then pairs inside the pyramid.
      if (!moves.removals(mask, usage, avail, 0, n, left, this, true)) stopped = true;
      if (pairCovering && !stopped) {
        // A card and the only card still covering it, that one being available.
        for (let x = 0; x < PYRAMID_SIZE; x++) {
          const y = soleAvailableCover(mask, x);
          if (y < 0 || value[x]! + value[y]! !== 13) continue;
          if (!this.add(moves.closeKings(mask | (1 << x) | (1 << y)), usage)) stopped = true;
        }
      }
    }
    const complete = !stopped && this.#sp === 0;
    return won ? true : complete ? false : null;
  }

  /**
   * Pushes the one successor of a pair that every win plays, if there is one (1; -1 when the
   * table is full; 0 when there is none): an available card with no pyramid partner left goes
   * with a talon card of its partner value (any one: the talon is free here, and every win
   * spends one on it), and one whose only partner left is an available pyramid card, with no
   * talon card of their value, goes with that card. Playing it first only uncovers cards and
   * spends nothing a win would not, so a win exists from here exactly when one starts with it.
   */
  #forcedPair(mask: number, usage: number, n: number): number {
    const value = this.#value;
    const avail = this.#avail;
    const partners = this.#partners;
    const left = this.#left;
    for (let a = 0; a < n; a++) {
      const x = avail[a]!;
      if (value[x] === 13) continue; // (closeKings has removed every available King)
      const w = 13 - value[x]!;
      const inPyramid = partners[x]! & ~mask;
      if (inPyramid === 0) {
        if (left[w]! === 0) continue; // a dead card: hasDeadCard has cut such states
        return this.add(this.#moves.closeKings(mask | (1 << x)), usage + this.#talon.radix[w]!) ? 1 : -1;
      }
      if ((inPyramid & (inPyramid - 1)) !== 0 || left[w]! !== 0) continue;
      const y = 31 - Math.clz32(inPyramid);
      if ((mask & COVER_MASK[y]!) !== COVER_MASK[y]) continue; // not available yet
      return this.add(this.#moves.closeKings(mask | (1 << x) | (1 << y)), usage) ? 1 : -1;
    }
    return 0;
  }

  /** A card left with no partner it could ever meet (with `left` set for the state): this state cannot be won. */
  #hasDeadCard(mask: number): boolean {
    const value = this.#value;
    const partners = this.#partners;
    const left = this.#left;
    for (let t = this.#others & ~mask; t !== 0; t &= t - 1) {
      const x = 31 - Math.clz32(t & -t);
      if ((partners[x]! & ~mask) === 0 && left[13 - value[x]!] === 0) return true;
    }
    return false;
  }

  /** Queues a state unless it was met before; false when the table is full. */
  add(mask: number, usage: number): boolean {
    const id = this.#table.intern(mask, usage);
    if (id < 0) return false;
    if (!this.#table.lastWasNew) return true;
    this.#stack.ensure(this.#sp);
    this.#stack.data[this.#sp++] = id;
    return true;
  }
}
