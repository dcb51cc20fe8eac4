/**
 * The previous Pyramide solver (kept here, as it was, only for this comparison) against the
 * current one: a deal's figures must not depend on which search found them. 500 codes under
 * the app rules (verdict, most removable, dead ends; the fewest moves on every fifth code,
 * the slow part of both), and 30 codes under msc with every figure.
 */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../../src/games/pyramide/deal.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../../../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../../../src/games/pyramide/solver/analyse.js';
import type { Limits } from '../../../../src/search/limits.js';
import { solvePyramide as solvePrevious } from './analyse.js';

// A node limit, not a clock: the comparison must not depend on the machine's load.
const LIMITS: Limits = { timeMs: Infinity, nodes: 3_000_000, memoryBytes: 4 * 1024 ** 3 };

function figures(n: number, rules: PyramideRules, withMoves: boolean, solve: typeof solvePyramide) {
  const deal = dealFromNumber(n);
  // Without the stock the app figures skip the fewest moves (the expensive part).
  const r = solve(withMoves ? deal : { ...deal, stock: null }, rules, LIMITS);
  return { verdict: r.verdict, maxRemoved: r.maxRemoved, maxExact: r.maxExact, minMoves: r.minMoves, deadEndReachable: r.deadEndReachable, limit: r.limit };
}

describe('the current Pyramide solver against the previous one', () => {
  it('same figures on 500 codes, app rules', () => {
    let winnable = 0;
    for (let n = 0; n < 500; n++) {
      const withMoves = n % 5 === 0;
      const now = figures(n, APP_RULES, withMoves, solvePyramide);
      expect(now, `PY1 deal ${n}`).toEqual(figures(n, APP_RULES, withMoves, solvePrevious));
      expect(now.limit).toBeNull();
      if (now.verdict === 'winnable') winnable++;
    }
    expect(winnable).toBeGreaterThan(250);
  }, 900_000);

  it('same figures on 30 codes, msc rules (where the previous one finished)', () => {
    let compared = 0;
    for (let n = 0; n < 30; n++) {
      const now = figures(n, MSC_RULES, true, solvePyramide);
      const before = figures(n, MSC_RULES, true, solvePrevious);
      expect(now.limit, `PY1 deal ${n}`).toBeNull();
      if (before.limit === null) {
        expect(now, `PY1 deal ${n}`).toEqual(before);
        compared++;
      } else {
        // The previous search stopped: what it did prove must still hold.
        if (before.verdict !== 'unknown') expect(now.verdict).toBe(before.verdict);
        if (before.maxRemoved !== null) expect(now.maxRemoved!).toBeGreaterThanOrEqual(before.maxRemoved);
        if (before.deadEndReachable !== null) expect(now.deadEndReachable).toBe(before.deadEndReachable);
      }
    }
    expect(compared).toBeGreaterThanOrEqual(20);
  }, 900_000);
});
