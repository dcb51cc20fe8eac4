import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solverVersionOf } from '../../src/batch/version.js';
import { dealNumberLetters } from '../../src/codes/dealCode.js';
import { Sfc32 } from '../../src/codes/sfc32.js';
import { TIERS, type TierOrUnknown, thresholdsFor, tierOf } from '../../src/games/difficulty.js';
import { pyramideGame } from '../../src/games/pyramide/index.js';
import { gameById } from '../../src/games/registry.js';
import type { Verdict } from '../../src/games/types.js';
import { codeRange, orderDeals } from '../../src/lists/curate.js';
import { type CuratedDeal, type CurateFilter, findCurated } from '../../src/store/curateQuery.js';
import { openDatabase } from '../../src/store/database.js';
import { type NewResult, ResultStore } from '../../src/store/results.js';
import { result } from '../store/helpers.js';
import { tempDir } from '../support/tempDir.js';

/** A game's tier cuts under a rule set, as the game declares them. */
const cutsOf = (game: string, rules: string) => thresholdsFor(gameById(game).difficulty, rules);

const VERSION = solverVersionOf(pyramideGame);
let dir: string;
let cleanup: () => void;
let db: ReturnType<typeof openDatabase>;

/** 300 hand-made rows with random figures, plus rows the filters must never pick. */
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  db = openDatabase(join(dir, 'curate.sqlite'));
  const store = new ResultStore(db);
  const rng = new Sfc32(11, 11);
  const rows: NewResult[] = [];
  for (let n = 0; n < 300; n++) {
    const code = `PY1-N-${dealNumberLetters(n)}`;
    const r = rng.uniform(10);
    if (r < 6) {
      const difficulty = rng.uniform(3000) / 100;
      rows.push(
        result(
          code,
          {
            minMoves: 20 + rng.uniform(40),
            crossroads: rng.uniform(8),
            difficulty,
            tier: tierOf(cutsOf('pyramide', 'app'), difficulty),
          } as never,
          VERSION,
        ),
      );
    } else if (r < 9) {
      rows.push(
        result(
          code,
          {
            verdict: 'unwinnable',
            winnable: false,
            minMoves: null,
            minMovesProved: false,
            moves: null,
            solution: null,
            maxRemoved: rng.uniform(27),
          } as never,
          VERSION,
        ),
      );
    } else {
      rows.push(
        result(
          code,
          {
            verdict: 'unknown',
            winnable: null,
            minMoves: null,
            minMovesProved: false,
            moves: null,
            solution: null,
            maxRemoved: null,
            limit: '--time-limit 10ms',
          } as never,
          VERSION,
        ),
      );
    }
  }
  // Another solver version and another rule set: never curated.
  rows.push(result('PY1-N-AAAAAAA', { minMoves: 1 }, 'pyramide 0'));
  rows.push({
    ...result('PY1-N-AAAAAAB', { minMoves: 1, rules: 'msc' }, VERSION),
    key: { game: 'pyramide', dealKey: 'PY1-N-AAAAAAB', rules: 'msc', mode: 'full' as const, solverVersion: VERSION },
  });
  store.saveMany(rows);
});
afterAll(() => {
  db.close();
  cleanup();
});

function passes(d: CuratedDeal, f: CurateFilter): boolean {
  const inRange = (v: number | null, r?: { min?: number; max?: number }): boolean =>
    r === undefined || (v !== null && (r.min === undefined || v >= r.min) && (r.max === undefined || v <= r.max));
  return (
    (f.verdict === undefined || d.verdict === f.verdict) &&
    (f.tier === undefined || (d.verdict === 'winnable' && d.tier === f.tier)) &&
    inRange(d.minMoves, f.minMoves) &&
    inRange(d.stuck, f.stuck) &&
    inRange(d.crossroads as number | null, f.crossroads) &&
    (f.codes === undefined || (d.code >= f.codes.first && d.code <= f.codes.last))
  );
}

describe('findCurated', () => {
  const all = (): CuratedDeal[] => findCurated(db, { game: 'pyramide', rules: 'app', solverVersion: VERSION });

  it('reads only full analyses of the current solver version and rule set', () => {
    const rows = all();
    expect(rows).toHaveLength(300);
    expect(rows.find((d) => d.code === 'PY1-N-AAAAAAA')!.minMoves).not.toBe(1);
  });

  const filters: Array<Omit<CurateFilter, 'game' | 'rules' | 'solverVersion'>> = [
    { verdict: 'winnable' },
    { verdict: 'unwinnable', stuck: { max: 14 } },
    { verdict: 'unknown' },
    ...TIERS.map((tier) => ({ tier: tier as TierOrUnknown })),
    { tier: 'hard', minMoves: { min: 30, max: 45 } },
    { crossroads: { min: 2, max: 3 }, codes: { first: 'PY1-N-AAAAAAZ', last: 'PY1-N-AAAAAFA' } },
    { minMoves: { min: 50 } },
    { stuck: { min: 10, max: 20 }, verdict: 'unwinnable' as Verdict },
  ];
  for (const extra of filters) {
    it(`returns exactly the deals passing ${JSON.stringify(extra)}`, () => {
      const f: CurateFilter = { game: 'pyramide', rules: 'app', solverVersion: VERSION, ...extra };
      const got = findCurated(db, f);
      const expected = all().filter((d) => passes(d, f));
      expect(got.length).toBeGreaterThan(0);
      expect(got.map((d) => d.code)).toEqual(expected.map((d) => d.code));
      for (const d of got) expect(passes(d, f), d.code).toBe(true);
    });
  }
});

describe('codeRange', () => {
  it('starts at deal 0 of the rule set asked (--rules D3N), or of --to’s letters, or of the game’s first', () => {
    const double = gameById('double');
    expect(codeRange(double, undefined, undefined)).toMatchObject({ family: 'DS1', options: 'D1N', first: 0 });
    expect(codeRange(double, undefined, undefined, 'D3N')).toMatchObject({ options: 'D3N', first: 0 });
    expect(codeRange(double, undefined, 'DS1-D1V-AAAAABA', 'D3N')).toMatchObject({ options: 'D1V', first: 0, last: 26 });
    expect(codeRange(double, 'DS1-D3V-AAAAAAC', undefined)).toMatchObject({ options: 'D3V', first: 2 });
    // A Pyramide rule preset is no code letters: the game's own.
    expect(codeRange(gameById('pyramide'), undefined, undefined, 'MSC')).toMatchObject({ family: 'PY1', options: 'N' });
  });
});

describe('orderDeals', () => {
  const deals = (): CuratedDeal[] => findCurated(db, { game: 'pyramide', rules: 'app', solverVersion: VERSION });

  it('difficulty: hardest winnable first, then the deals that cannot be won by fewest cards removable', () => {
    const ordered = orderDeals(deals(), 'difficulty', 0);
    const won = ordered.filter((d) => d.verdict === 'winnable');
    for (let i = 1; i < won.length; i++) expect(won[i]!.difficulty!).toBeLessThanOrEqual(won[i - 1]!.difficulty!);
    const firstStuck = ordered.findIndex((d) => d.verdict !== 'winnable');
    expect(firstStuck).toBe(won.length);
    const stuck = ordered.filter((d) => d.verdict === 'unwinnable');
    for (let i = 1; i < stuck.length; i++) expect(stuck[i]!.stuck!).toBeGreaterThanOrEqual(stuck[i - 1]!.stuck!);
  });

  it('random: the same seed gives the same order, another seed another order, the same deals either way', () => {
    const a = orderDeals(deals(), 'random', 5).map((d) => d.code);
    expect(orderDeals(deals(), 'random', 5).map((d) => d.code)).toEqual(a);
    const b = orderDeals(deals(), 'random', 6).map((d) => d.code);
    expect(b).not.toEqual(a);
    expect([...b].sort()).toEqual([...a].sort());
  });
});

describe('stats tier counts', () => {
  it('count the winnable deals of each tier from their stored score', async () => {
    const { computeStats } = await import('../../src/store/stats.js');
    const group = computeStats(db, { game: 'pyramide', rules: ['app'] }, 0).find((g) => g.rules === 'app')!;
    const rows = findCurated(db, { game: 'pyramide', rules: 'app', solverVersion: VERSION, verdict: 'winnable' });
    const expected: Record<string, number> = { easy: 0, medium: 0, hard: 0, expert: 0, unknown: 0 };
    // Stats counts one row per deal, the newest: PY1-N-AAAAAAA's is the older solver's row,
    // stored last and without a score, so that deal counts as unknown.
    for (const d of rows) expected[d.code === 'PY1-N-AAAAAAA' ? 'unknown' : d.tier!]!++;
    expect(group.tiers).toEqual(expected);
    expect(Object.values(group.tiers!).reduce((a, b) => a + b, 0)).toBe(group.winnable);
  });
});
