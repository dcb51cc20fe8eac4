/**
 * The shipped lists say what a fresh analysis finds: a sample of each (20 codes of a
 * Pyramide list, 2 or 3 of a Double one), spread over the list, analysed again from scratch
 * (verdict, and the tier or the stuck figure), within the test suite's time.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDealCode } from '../../src/codes/dealCode.js';
import { parseList } from '../../src/games/daily.js';
import { TIERS, thresholdsFor, tierOf } from '../../src/games/difficulty.js';
import { type DoubleAnalysis, doubleGame } from '../../src/games/double/index.js';
import { dealFromNumber } from '../../src/games/pyramide/deal.js';
import { pyramideDifficulty } from '../../src/games/pyramide/difficulty.js';
import { APP_RULES } from '../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../src/games/pyramide/solver/analyse.js';
import { openDeal } from '../../src/index.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const LIMITS = { timeMs: 60_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
/** Codes of each Pyramide list analysed afresh. */
const PYRAMIDE_SAMPLE = 20;
/** As the lists were made (the batch's default limits): the line found, hence the figures, depend on them. */
const DOUBLE_LIMITS = { timeMs: 10_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
/** As the Vegas lists were made (`--node-limit 2M --time-limit 60s`): a deal took at most a few seconds. */
const VEGAS_LIMITS = { timeMs: 60_000, nodes: 2_000_000, memoryBytes: 2 * 1024 ** 3 };
/** Codes of each Vegas list analysed afresh. */
const VEGAS_SAMPLE = 2;

function sample<T>(items: readonly T[], n: number): T[] {
  const step = items.length / n;
  return Array.from({ length: Math.min(n, items.length) }, (_, i) => items[Math.floor(i * step)]!);
}

describe('shipped Pyramide lists', () => {
  for (const tier of TIERS) {
    const path = join(ROOT, 'data/lists', `pyramide-app-${tier}.csv`);
    it(`${tier}: a sample of ${PYRAMIDE_SAMPLE} has the verdict and tier the list says`, () => {
      expect(existsSync(path)).toBe(true);
      const list = parseList(readFileSync(path, 'utf8'));
      expect(list.header[0]).toMatch(/^made by: /);
      expect(list.header[1]).toMatch(/^cardsolve \d/);
      // Made by the tool itself: the command that made it asked for this tier, and every entry has it.
      expect(list.header[0]).toMatch(new RegExp(`^made by: cardsolve curate .*--tier ${tier}\\b`));
      expect(list.entries.length).toBe(1000);
      for (const e of list.entries) expect([e.verdict, e.tier, typeof e.minMoves]).toEqual(['winnable', tier, 'number']);
      for (const e of sample(list.entries, PYRAMIDE_SAMPLE)) {
        const deal = dealFromNumber(parseDealCode(e.code).number);
        expect(solvePyramide(deal, APP_RULES, LIMITS, { winnabilityOnly: true }).verdict, e.code).toBe('winnable');
        const d = pyramideDifficulty(deal, APP_RULES);
        expect(d.tier, e.code).toBe(tier);
        expect(d.difficulty, e.code).toBe(e.difficulty);
      }
    }, 300_000);
  }

  it(`stuck: a sample of ${PYRAMIDE_SAMPLE} cannot be won and removes at most the cards the list says`, () => {
    const list = parseList(readFileSync(join(ROOT, 'data/lists/pyramide-app-stuck.csv'), 'utf8'));
    expect(list.header[0]).toMatch(/^made by: cardsolve curate .*--verdict unwinnable/);
    for (const e of list.entries) expect(e.verdict).toBe('unwinnable');
    const stuck = list.entries.map((e) => e.stuck as number);
    expect(stuck).toEqual([...stuck].sort((a, b) => a - b));
    for (const e of sample(list.entries, PYRAMIDE_SAMPLE)) {
      const s = solvePyramide(dealFromNumber(parseDealCode(e.code).number), APP_RULES, LIMITS);
      expect(s.verdict, e.code).toBe('unwinnable');
      expect(s.stuckExact).toBe(true);
      expect(s.maxRemoved, e.code).toBe(e.stuck);
    }
  }, 300_000);
});

/**
 * Double Solitaire analyses cost about a second a deal (the line, then every move off it
 * judged), so within the test suite's time a few codes of each list, spread over it, are
 * analysed again from scratch: the verdict, the score and the tier the list gives.
 */
for (const [rules, count] of [
  ['D1N', 2],
  ['D3N', 2],
] as const) {
  describe(`shipped Double Solitaire ${rules} lists`, () => {
    for (const tier of TIERS) {
      const path = join(ROOT, 'data/lists', `double-${rules}-${tier}.csv`);
      it(`${tier}: a year's deals of the tier, a sample of ${count} analysed afresh agrees`, () => {
        expect(existsSync(path)).toBe(true);
        const list = parseList(readFileSync(path, 'utf8'));
        expect(list.header[0]).toMatch(new RegExp(`^made by: cardsolve curate --game double --rules ${rules} .*--tier ${tier}\\b`));
        expect(list.header[1]).toMatch(/^cardsolve \d/);
        // A daily deal a day for a leap year, none twice.
        expect(list.entries.length).toBeGreaterThanOrEqual(366);
        for (const e of list.entries) expect([e.verdict, e.tier, typeof e.minMoves]).toEqual(['winnable', tier, 'number']);
        for (const e of sample(list.entries, count)) {
          expect(e.code.startsWith(`DS1-${rules}-`)).toBe(true);
          const a = openDeal(e.code).analyse(DOUBLE_LIMITS) as DoubleAnalysis;
          expect(a.verdict, e.code).toBe('winnable');
          expect(a.tier, e.code).toBe(tier);
          expect(a.difficulty, e.code).toBe(e.difficulty);
          expect(a.crossroads, e.code).toBe(e.crossroads);
        }
      }, 300_000);
    }
  });
}

/**
 * The Vegas lists: the wins a scan of 400 codes found, and every deal of those codes by the
 * cards (dollars) its best line found reaches. Each entry's tier is the one its figure gives
 * under the rule set's cuts, and a sample of each list is analysed again from scratch with the
 * lists' node limit: the same verdict and figure (the search counts positions, not time).
 */
for (const rules of ['D1V', 'D3V'] as const) {
  describe(`shipped Double Solitaire ${rules} lists`, () => {
    const cuts = thresholdsFor(doubleGame.difficulty, rules);
    for (const tier of TIERS) {
      it(`${tier}: every deal of the tier among the codes scanned, by the cards reached`, () => {
        const list = parseList(readFileSync(join(ROOT, 'data/lists', `double-${rules}-${tier}.csv`), 'utf8'));
        expect(list.header[0]).toMatch(new RegExp(`^made by: cardsolve curate --game double --rules ${rules} .*--tier ${tier}\\b`));
        expect(list.entries.length).toBeGreaterThanOrEqual(80);
        for (const e of list.entries) {
          expect(e.code.startsWith(`DS1-${rules}-`)).toBe(true);
          expect(e.tier, e.code).toBe(tierOf(cuts, e.stuck as number));
          expect(e.dollars, e.code).toBe(5 * (e.stuck as number) - 104);
        }
        for (const e of sample(list.entries, VEGAS_SAMPLE)) {
          const a = openDeal(e.code).analyse(VEGAS_LIMITS) as DoubleAnalysis;
          expect([a.verdict, a.maxFoundation], e.code).toEqual([e.verdict, e.stuck]);
        }
      }, 120_000);
    }
    it('winnable: the wins found; the last one won again from scratch', () => {
      const list = parseList(readFileSync(join(ROOT, 'data/lists', `double-${rules}-winnable.csv`), 'utf8'));
      expect(list.header[0]).toMatch(/--verdict winnable/);
      expect(list.entries.length).toBeGreaterThanOrEqual(1);
      for (const e of list.entries) expect([e.verdict, e.stuck, e.dollars]).toEqual(['winnable', 104, 416]);
      // One deal a list, for the suite's time.
      const e = list.entries[list.entries.length - 1]!;
      const a = openDeal(e.code).analyse(VEGAS_LIMITS) as DoubleAnalysis;
      expect(a.verdict, e.code).toBe('winnable');
    }, 120_000);
  });
}
