// The previous solver, kept unchanged for the comparison in previous.test.ts.
/**
 * Winnability, the most removable cards and whether a "no more moves" dead end is
 * reachable, for rules under which the stock order does not matter (`talonIsFree`):
 * any stock or waste card can be brought to the waste top, and no two of them pair.
 * A state is then the set of pyramid cards removed plus how many talon cards of each value
 * have been used; it is searched exhaustively with a transposition table.
 */
import { rankOf } from '../../../../src/cards/card.js';
import type { Budget } from '../../../../src/search/limits.js';
import { StateTable } from '../../../../src/search/stateTable.js';
import type { PyramideDeal } from '../../../../src/games/pyramide/deal.js';
import { talonCards } from '../../../../src/games/pyramide/deal.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, pairableMasks, popcount, soleAvailableCover } from '../../../../src/games/pyramide/layout.js';
import type { PyramideRules } from '../../../../src/games/pyramide/rules.js';

export interface PyramidOnlyResult {
  /** Null when the search was stopped before it could tell. */
  winnable: boolean | null;
  /** The most pyramid cards removed in any reachable state (a lower bound when stopped). */
  maxRemoved: number;
  /** Exact only when the search completed. */
  complete: boolean;
  deadEndReachable: boolean | null;
}

export function searchPyramidOnly(
  deal: PyramideDeal,
  rules: PyramideRules,
  budget: Budget,
  stopAtWin: boolean,
): PyramidOnlyResult {
  const value = new Int32Array(PYRAMID_SIZE);
  for (let i = 0; i < PYRAMID_SIZE; i++) value[i] = rankOf(deal.pyramid[i]!);

  // Talon usage per value 1..12 in mixed radix: digit v counts talon cards of value v used.
  const talonCount = new Int32Array(14);
  for (const c of talonCards(deal)) talonCount[rankOf(c)]!++;
  const radix = new Int32Array(14);
  let r = 1;
  let fullUsage = 0;
  for (let v = 1; v <= 12; v++) {
    radix[v] = r;
    fullUsage += talonCount[v]! * r;
    r *= talonCount[v]! + 1;
  }

  const table = new StateTable(budget, 1 << 10);
  // The DFS stack holds state ids; it doubles when full.
  let stackBuf = new Int32Array(1024);
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

  let maxRemoved = 0;
  let won = false;
  let deadEnd = false;

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
    if (sp >= stackBuf.length) {
      const bigger = new Int32Array(stackBuf.length * 2);
      bigger.set(stackBuf);
      stackBuf = bigger;
    }
    stackBuf[sp++] = id;
    return true;
  };

  let stopped = !push(closeKings(0), 0);
  while (sp > 0 && !stopped) {
    if (!budget.tick()) {
      stopped = true;
      break;
    }
    const id = stackBuf[--sp]!;
    const mask = table.hiOf(id);
    const usage = table.loOf(id);
    const removed = popcount(mask);
    if (removed > maxRemoved) maxRemoved = removed;
    if (mask === FULL_PYRAMID) {
      won = true;
      if (stopAtWin) break;
      continue;
    }
    let n = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((mask >> i) & 1) === 0 && (mask & COVER_MASK[i]!) === COVER_MASK[i]) avail[n++] = i;
    }
    // Talon cards of each value still unused.
    for (let v = 1; v <= 12; v++) left[v] = talonCount[v]! - (Math.floor(usage / radix[v]!) % (talonCount[v]! + 1));
    if (stopAtWin && hasDeadCard(mask)) continue;
    // Pushed first, popped last: pairs with the talon, then pairs inside the pyramid.
    for (let a = 0; a < n && !stopped; a++) {
      const pa = avail[a]!;
      const w = 13 - value[pa]!;
      if (w >= 1 && w <= 12 && left[w]! > 0) {
        if (!push(closeKings(mask | (1 << pa)), usage + radix[w]!)) stopped = true;
      }
    }
    let pyramidMoves = 0;
    for (let a = 0; a < n && !stopped; a++) {
      const pa = avail[a]!;
      const va = value[pa]!;
      for (let b = a + 1; b < n; b++) {
        const pb = avail[b]!;
        if (va + value[pb]! === 13) {
          pyramidMoves++;
          if (!push(closeKings(mask | (1 << pa) | (1 << pb)), usage)) stopped = true;
        }
      }
    }
    if (pairCovering && !stopped) {
      // A card and the only card still covering it, that one being available.
      for (let x = 0; x < PYRAMID_SIZE; x++) {
        const y = soleAvailableCover(mask, x);
        if (y < 0 || value[x]! + value[y]! !== 13) continue;
        pyramidMoves++;
        if (!push(closeKings(mask | (1 << x) | (1 << y)), usage)) stopped = true;
      }
    }
    if (pyramidMoves === 0 && usage === fullUsage) deadEnd = true;
  }
  const complete = !stopped && sp === 0;
  // Stopping at a win, or pruning lost states, leaves the other figures unproven.
  const exhaustive = complete && !stopAtWin;
  return {
    winnable: won ? true : complete ? false : null,
    maxRemoved: won ? PYRAMID_SIZE : maxRemoved,
    complete: won || exhaustive,
    deadEndReachable: deadEnd ? true : exhaustive ? false : null,
  };
}
