/**
 * Tiers by reach (the Vegas rule sets): every reader of stored rows gives a deal of any
 * verdict the tier `tierOf` gives its stuck figure, and a tier filter picks exactly those
 * deals; rule sets with cuts on the score keep tiers for winnable deals only.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solverVersionOf } from '../../src/batch/version.js';
import { TIERS, type TierOrUnknown, type TierThresholds, thresholdsFor, tierOf } from '../../src/games/difficulty.js';
import { doubleGame } from '../../src/games/double/index.js';
import { findCurated } from '../../src/store/curateQuery.js';
import { openDatabase } from '../../src/store/database.js';
import { parseRange } from '../../src/store/numberRange.js';
import { ResultStore } from '../../src/store/results.js';
import { rowsByIds } from '../../src/store/resultsPage.js';
import { ResultsTable } from '../../src/store/resultsTable.js';
import { computeStats, formatStats } from '../../src/store/stats.js';
import { tempDir } from '../support/tempDir.js';
import { vegasResult, vegasRows } from './helpers.js';

const VERSION = solverVersionOf(doubleGame);
const CUTS = thresholdsFor(doubleGame.difficulty, 'D1V') as TierThresholds;
const ALL_TIERS: TierOrUnknown[] = [...TIERS, 'unknown'];

let dir: string;
let cleanup: () => void;
let db: ReturnType<typeof openDatabase>;
/** The D1V rows: code, verdict and stuck figure. */
let rows: Array<{ code: string; verdict: string; stuck: number | null }>;

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  db = openDatabase(join(dir, 'vegas.sqlite'));
  const vegas = vegasRows('D1V', CUTS, VERSION);
  rows = vegas.map((r) => ({
    code: r.key.dealKey,
    verdict: r.analysis.verdict,
    stuck: (r.analysis as unknown as { maxFoundation: number | null }).maxFoundation,
  }));
  new ResultStore(db).saveMany([
    ...vegas,
    // D1N, cuts on the score: a winnable deal with a score, and a deal that cannot be won (no tier).
    vegasResult('DS1-D1N-AAAAAAA', 'winnable', 104, VERSION, { difficulty: 1 }),
    vegasResult('DS1-D1N-AAAAAAB', 'unwinnable', 40, VERSION),
  ]);
});
afterAll(() => {
  db.close();
  cleanup();
});

/** The codes of the D1V rows of a tier, as tierOf gives it from the stuck figure. */
const codesOf = (tier: TierOrUnknown): string[] => rows.filter((r) => tierOf(CUTS, r.stuck) === tier).map((r) => r.code);

describe('tiers by reach in stored rows', () => {
  it('the D1V cuts are by reach, and the rows straddle every cut with deals of every verdict', () => {
    expect(CUTS.by).toBe('reach');
    for (const tier of ALL_TIERS) expect(codesOf(tier).length, tier).toBeGreaterThan(0);
    expect(new Set(codesOf('expert').map((c) => rows.find((r) => r.code === c)!.verdict))).toEqual(new Set(['unwinnable', 'unknown']));
  });

  it('findCurated: each deal of any verdict has the tier of its stuck figure, and a tier filter picks those deals', () => {
    const all = findCurated(db, { game: 'double', rules: 'D1V', solverVersion: VERSION });
    expect(all.map((d) => d.code)).toEqual(rows.map((r) => r.code));
    for (const d of all) expect(d.tier, d.code).toBe(tierOf(CUTS, d.stuck));
    for (const tier of ALL_TIERS) {
      const got = findCurated(db, { game: 'double', rules: 'D1V', solverVersion: VERSION, tier });
      expect(
        got.map((d) => d.code),
        tier,
      ).toEqual(codesOf(tier));
    }
    // With a verdict too: the losses of a tier only.
    const lost = findCurated(db, { game: 'double', rules: 'D1V', solverVersion: VERSION, tier: 'hard', verdict: 'unwinnable' });
    expect(lost.map((d) => d.code)).toEqual(codesOf('hard').filter((c) => rows.find((r) => r.code === c)!.verdict === 'unwinnable'));
  });

  it('findCurated: cuts on the score keep tiers for winnable deals only (D1N)', () => {
    const d1n = findCurated(db, { game: 'double', rules: 'D1N', solverVersion: VERSION });
    const cuts = thresholdsFor(doubleGame.difficulty, 'D1N');
    expect(d1n.map((d) => [d.code, d.tier])).toEqual([
      ['DS1-D1N-AAAAAAA', tierOf(cuts, 1)],
      ['DS1-D1N-AAAAAAB', null],
    ]);
    const tier = tierOf(cuts, 1) as TierOrUnknown;
    expect(findCurated(db, { game: 'double', rules: 'D1N', solverVersion: VERSION, tier }).map((d) => d.code)).toEqual(['DS1-D1N-AAAAAAA']);
  });

  it('the store filter (export, stats): a tier picks the deals of every verdict whose stuck figure is in it', () => {
    const store = new ResultStore(db);
    for (const tier of ALL_TIERS) {
      const got = store.find({ game: 'double', rules: ['D1V'], tier }).map((r) => r.dealKey);
      expect(got.sort(), tier).toEqual(codesOf(tier).sort());
    }
    expect(store.find({ game: 'double', rules: ['D1N'], tier: 'unknown' })).toEqual([]);
  });

  it('the results table of serve: a tier filter on the stuck figures, and each page row with its tier', async () => {
    const table = await ResultsTable.load(db);
    for (const tier of ALL_TIERS) {
      for (const sort of ['code', 'stuck', 'difficulty'] as const) {
        const { total, ids } = table.query({
          filter: { game: 'double', rules: 'D1V', tier },
          sort,
          descending: false,
          page: 1,
          pageSize: 50,
        });
        expect(total, `${tier} by ${sort}`).toBe(codesOf(tier).length);
        expect(
          rowsByIds(db, ids)
            .map((r) => r.code!)
            .sort(),
          `${tier} by ${sort}`,
        ).toEqual(codesOf(tier).sort());
      }
    }
    const { ids } = table.query({ filter: { game: 'double', rules: 'D1V' }, sort: 'code', descending: false, page: 1, pageSize: 50 });
    const page = rowsByIds(db, ids);
    expect(page).toHaveLength(rows.length);
    for (const r of page) expect(r.tier, r.code!).toBe(tierOf(CUTS, r.stuck));
    // D1N: the deal that cannot be won has no tier, nor is it of one.
    const d1n = table.query({ filter: { game: 'double', rules: 'D1N' }, sort: 'code', descending: false, page: 1, pageSize: 50 });
    expect(rowsByIds(db, d1n.ids).map((r) => r.tier)).toEqual([tierOf(thresholdsFor(doubleGame.difficulty, 'D1N'), 1), null]);
  });

  it('stats: every deal of the rule set counted in the tier of its stuck figure', () => {
    const [group] = computeStats(db, { game: 'double', rules: ['D1V'] }, 0);
    const expected = Object.fromEntries(ALL_TIERS.map((t) => [t, codesOf(t).length]));
    expect(group!.tiers).toEqual(expected);
    expect(Object.values(group!.tiers!).reduce((a, b) => a + b, 0)).toBe(group!.deals);
    const text = formatStats([group!]);
    expect(text).toContain('difficulty tiers of every deal');
    expect(text).toMatch(new RegExp(`expert +${codesOf('expert').length} `));
    // D1N: the winnable deals only, by score.
    const [d1n] = computeStats(db, { game: 'double', rules: ['D1N'] }, 0);
    expect(Object.values(d1n!.tiers!).reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('ranges', () => {
  it('refuse negative ends unless asked for, and read them then', () => {
    expect(() => parseRange('-104..-3', '--stuck')).toThrow(/--stuck "-104\.\.-3" is not a range/);
    expect(parseRange('-104..-3', '--dollars', { negative: true })).toEqual({ min: -104, max: -3 });
    expect(parseRange('..-5', '--dollars', { negative: true })).toEqual({ max: -5 });
    expect(parseRange('-5', '--dollars', { negative: true })).toEqual({ min: -5, max: -5 });
    expect(parseRange(' 3 .. ', '--stuck')).toEqual({ min: 3 });
    for (const bad of ['-', '..', '-..5', '5..-', '1 2', '--5', '5..3']) {
      expect(() => parseRange(bad, '--dollars', { negative: true }), bad).toThrow(/--dollars/);
    }
  });
});
