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
import { PyramideGame } from '../../../src/games/pyramide/engine.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';
import { playSteps, solvePyramide } from '../../../src/games/pyramide/solver/analyse.js';
import { FullStateSpace } from '../../../src/games/pyramide/solver/fullState.js';
import { MinMovesPools, searchMinMoves } from '../../../src/games/pyramide/solver/minMoves.js';
import { startPosition } from '../../../src/games/pyramide/solver/position.js';
import { Budget } from '../../../src/search/limits.js';

/** This file's own search pools (a test thread's, as a worker keeps one). */
const POOLS = new MinMovesPools();

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

describe('the minimum when the search probes for an upper bound at once', () => {
  // Hard deals probe once the queue is large (a weighted search for any win, whose length
  // caps what is queued after); probing at the first position sends every search that way.
  it.each([
    ['app', 40],
    ['msc', 12],
    ['app+passes=0', 100],
  ] as const)(
    '%s: the same minimum as the fixture, on a line that replays, and the probe never below it',
    (name, count) => {
      const rules = RULES[name]!;
      const set = fixture.sets.find((s) => s.rules === name)!;
      let probed = 0;
      let winnable = 0;
      for (const [n, won, , minMoves] of set.deals.slice(0, count)) {
        if (won !== 1) continue;
        winnable++;
        const deal = dealFromNumber(n);
        const space = new FullStateSpace(deal, rules);
        const start = startPosition(rules);
        const { lo, hi } = space.pack(start.removed, start.talonRemoved, start.next, start.passesUsed);
        const result = searchMinMoves(POOLS, space, new Budget(LIMITS), { lo, hi }, { learning: false, probeAt: 1 });
        expect(result.complete, `deal ${n}`).toBe(true);
        const line = playSteps(new PyramideGame(deal, rules), space, result.line!);
        expect(line.length, `deal ${n}`).toBe(minMoves);
        if (result.upperBound !== undefined) {
          probed++;
          expect(result.upperBound, `deal ${n}`).toBeGreaterThanOrEqual(minMoves!);
        }
      }
      // The probe found a win (so its bound cut the queue) on most deals: the path is exercised.
      expect(probed).toBeGreaterThanOrEqual(Math.ceil(winnable * 0.8));
    },
    300_000,
  );
});
