/**
 * Winnability alone, as fast as it goes, for rules under which the stock order does not
 * matter (`talonIsFree`): any stock or waste card can be brought to the waste top, and no
 * two of them pair. A state is then the set of pyramid cards removed plus how many talon
 * cards of each value have been used (the relaxed game of relaxed.ts, here searched
 * depth first until the first win, cutting states with a card that can never go).
 */
import { rankOf } from '../../../cards/card.js';
import type { Budget } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import type { PyramideDeal } from '../deal.js';
import { talonCards } from '../deal.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, pairableMasks, soleAvailableCover } from '../layout.js';
import type { PyramideRules } from '../rules.js';
import type { PyramidePosition } from './position.js';

/** Whether the pyramid can be cleared from `start`; null when a limit stopped the search first. */
export function searchPyramidOnly(
  deal: PyramideDeal,
  rules: PyramideRules,
  budget: Budget,
  start: PyramidePosition,
): { winnable: boolean | null } {
  const value = new Int32Array(PYRAMID_SIZE);
  for (let i = 0; i < PYRAMID_SIZE; i++) value[i] = rankOf(deal.pyramid[i]!);

  // Talon usage per value 1..12 in mixed radix: digit v counts talon cards of value v used.
  const talonCount = new Int32Array(14);
  for (const c of talonCards(deal)) talonCount[rankOf(c)]!++;
  const radix = new Int32Array(14);
  let r = 1;
  for (let v = 1; v <= 12; v++) {
    radix[v] = r;
    r *= talonCount[v]! + 1;
  }

  const table = new StateTable(budget, 1 << 10);
  const stack = new GrowableInt32Array(1 << 10);
  let sp = 0;
  const avail = new Int32Array(PYRAMID_SIZE);
  const pairCovering = rules.pairCovering;

  // Partners each card could ever meet in the pyramid (neither under the other).
  const partners = pairableMasks(value, pairCovering);
  const left = new Int32Array(14);
  /** A card left with no partner it could ever meet: this state cannot be won. */
  const hasDeadCard = (mask: number): boolean => {
    for (let x = 0; x < PYRAMID_SIZE; x++) {
      if ((mask >> x) & 1 || value[x] === 13) continue;
      if ((partners[x]! & ~mask) === 0 && left[13 - value[x]!] === 0) return true;
    }
    return false;
  };

  let won = false;

  /** Removes every available King, repeatedly: never a bad move (it only uncovers cards). */
  const closeKings = (mask: number): number => {
    for (;;) {
      let changed = false;
      for (let i = 0; i < PYRAMID_SIZE; i++) {
        if (value[i] === 13 && ((mask >> i) & 1) === 0 && (mask & COVER_MASK[i]!) === COVER_MASK[i]) {
          mask |= 1 << i;
          changed = true;
        }
      }
      if (!changed) return mask;
    }
  };

  const push = (mask: number, usage: number): boolean => {
    const id = table.intern(mask, usage);
    if (id < 0) return false;
    if (!table.lastWasNew) return true;
    stack.ensure(sp);
    stack.data[sp++] = id;
    return true;
  };

  // The start: its pyramid, and the talon cards already used (only the first card's place
  // is known when the stock is not given; no other talon card can have been played then).
  let startUsage = 0;
  const known = [deal.first, ...(deal.stock ?? [])];
  for (let i = 0; i < 24; i++) {
    if (((start.talonRemoved >> i) & 1) === 0) continue;
    const c = known[i];
    if (c === undefined || c === null) throw new Error('a talon card of unknown place was removed');
    const v = rankOf(c);
    if (v !== 13) startUsage += radix[v]!;
  }
  let stopped = !push(closeKings(start.removed), startUsage);
  while (sp > 0 && !stopped) {
    if (!budget.tick()) {
      stopped = true;
      break;
    }
    const id = stack.data[--sp]!;
    const mask = table.hiOf(id);
    const usage = table.loOf(id);
    if (mask === FULL_PYRAMID) {
      won = true;
      break;
    }
    let n = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((mask >> i) & 1) === 0 && (mask & COVER_MASK[i]!) === COVER_MASK[i]) avail[n++] = i;
    }
    // Talon cards of each value still unused.
    for (let v = 1; v <= 12; v++) left[v] = talonCount[v]! - (Math.floor(usage / radix[v]!) % (talonCount[v]! + 1));
    if (hasDeadCard(mask)) continue;
    // Pushed first, popped last: pairs with the talon, then pairs inside the pyramid.
    for (let a = 0; a < n && !stopped; a++) {
      const pa = avail[a]!;
      const w = 13 - value[pa]!;
      if (w >= 1 && w <= 12 && left[w]! > 0) {
        if (!push(closeKings(mask | (1 << pa)), usage + radix[w]!)) stopped = true;
      }
    }
    for (let a = 0; a < n && !stopped; a++) {
      const pa = avail[a]!;
      const va = value[pa]!;
      for (let b = a + 1; b < n; b++) {
        const pb = avail[b]!;
        if (va + value[pb]! === 13) {
          if (!push(closeKings(mask | (1 << pa) | (1 << pb)), usage)) stopped = true;
        }
      }
    }
    if (pairCovering && !stopped) {
      // A card and the only card still covering it, that one being available.
      for (let x = 0; x < PYRAMID_SIZE; x++) {
        const y = soleAvailableCover(mask, x);
        if (y < 0 || value[x]! + value[y]! !== 13) continue;
        if (!push(closeKings(mask | (1 << x) | (1 << y)), usage)) stopped = true;
      }
    }
  }
  const complete = !stopped && sp === 0;
  return { winnable: won ? true : complete ? false : null };
}
