/**
 * A deal's figures do not depend on which search found them: the figures the previous
 * solver (version 3, before the minimum-move search was rebuilt) gave for the first codes,
 * kept in fixtures/figures-solver3.json, against this solver's. 500 codes under a single
 * pass (every search runs: win, most removable, dead ends, fewest moves), and the first
 * codes under the app and msc rules, where the fewest moves take most of the time.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../../src/games/pyramide/solver/analyse.js';

interface FixtureSet {
  rules: string;
  /** Deal number, winnable (1/0), maxRemoved, minMoves, deadEndReachable (1/0). */
  deals: [number, number, number, number | null, number][];
}

const fixture = JSON.parse(readFileSync(new URL('./fixtures/figures-solver3.json', import.meta.url), 'utf8')) as { sets: FixtureSet[] };
const RULES: Record<string, PyramideRules> = {
  'app+passes=0': { ...APP_RULES, passes: 0 },
  app: APP_RULES,
  msc: MSC_RULES,
};
const LIMITS = { timeMs: 120_000, nodes: Infinity, memoryBytes: 4 * 1024 ** 3 };
/** Codes compared per set (the fixture holds these many or more). */
const COMPARED: Record<string, number> = { 'app+passes=0': 500, app: 60, msc: 20 };

describe.each(fixture.sets)('figures against the previous solver ($rules)', (set) => {
  it(`are identical on the first ${COMPARED[set.rules]} codes`, () => {
    const rules = RULES[set.rules]!;
    const want = COMPARED[set.rules]!;
    expect(set.deals.length).toBeGreaterThanOrEqual(want);
    for (const [n, winnable, maxRemoved, minMoves, deadEnd] of set.deals.slice(0, want)) {
      const r = solvePyramide(dealFromNumber(n), rules, LIMITS);
      expect([n, r.winnable ? 1 : 0, r.maxRemoved, r.minMoves, r.deadEndReachable ? 1 : 0]).toEqual([
        n,
        winnable,
        maxRemoved,
        minMoves,
        deadEnd,
      ]);
      expect(r.limit).toBeNull();
    }
  }, 300_000);
});
