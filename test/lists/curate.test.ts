import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solverVersionOf } from '../../src/batch/version.js';
import { dealNumberLetters } from '../../src/codes/dealCode.js';
import { Sfc32 } from '../../src/codes/sfc32.js';
import { InputError } from '../../src/errors/inputError.js';
import { parseList } from '../../src/games/daily.js';
import { TIERS, type TierOrUnknown, thresholdsFor, tierOf } from '../../src/games/difficulty.js';
import { pyramideGame } from '../../src/games/pyramide/index.js';
import { gameById } from '../../src/games/registry.js';
import type { Verdict } from '../../src/games/types.js';
import { codeRange, csvFields, curate, curatedCsv, dollarsRange, orderDeals } from '../../src/lists/curate.js';
import { type CuratedDeal, type CurateFilter, findCurated } from '../../src/store/curateQuery.js';
import { openDatabase } from '../../src/store/database.js';
import { type NewResult, ResultStore } from '../../src/store/results.js';
import { LIMITS, result, vegasResult, vegasRows } from '../store/helpers.js';
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

describe('Vegas lists: tiers and order by reach, dollars', () => {
  const double = gameById('double');
  const doubleVersion = solverVersionOf(double);
  const cuts = cutsOf('double', 'D1V')!;
  const pay = double.dollars!;
  let vegasDb: ReturnType<typeof openDatabase>;
  beforeAll(() => {
    vegasDb = openDatabase(join(dir, 'vegas.sqlite'));
    new ResultStore(vegasDb).saveMany([
      ...vegasRows('D1V', cuts, doubleVersion),
      vegasResult('DS1-D1N-AAAAAAA', 'unwinnable', 40, doubleVersion),
    ]);
  });
  afterAll(() => vegasDb.close());

  const vegasDeals = (extra: Partial<CurateFilter> = {}): CuratedDeal[] =>
    findCurated(vegasDb, { game: 'double', rules: 'D1V', solverVersion: doubleVersion, ...extra });

  it('the game pays D1V in dollars, and its D1V cuts are by reach', () => {
    expect(pay.rules).toContain('D1V');
    expect(cuts.by).toBe('reach');
  });

  it('each deal says what its best line found pays; a rule set not played for dollars says null', () => {
    for (const d of vegasDeals()) expect(d.dollars, d.code).toBe(d.stuck === null ? null : pay.start + pay.perCard * d.stuck);
    expect(vegasDeals().find((d) => d.stuck === 104)!.dollars).toBe(pay.start + 104 * pay.perCard);
    expect(findCurated(vegasDb, { game: 'double', rules: 'D1N', solverVersion: doubleVersion })[0]!.dollars).toBeNull();
  });

  it('CSV: a dollars column right after stuck, with what the line pays (empty without dollars)', () => {
    const fields = csvFields();
    expect(fields.indexOf('dollars')).toBe(fields.indexOf('stuck') + 1);
    const lines = curatedCsv(vegasDeals()).trim().split('\n');
    const header = lines[0]!.split(',');
    const at = header.indexOf('dollars');
    const stuckAt = header.indexOf('stuck');
    expect(at).toBe(stuckAt + 1);
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      expect(cells[at], line).toBe(cells[stuckAt] === '' ? '' : String(pay.start + pay.perCard * Number(cells[stuckAt])));
    }
    expect(lines.some((l) => l.split(',')[at]!.startsWith('-'))).toBe(true);
    // Pyramide is not played for dollars: the column is there, empty.
    const pyramide = curatedCsv(findCurated(db, { game: 'pyramide', rules: 'app', solverVersion: VERSION }).slice(0, 3))
      .trim()
      .split('\n');
    for (const line of pyramide.slice(1)) expect(line.split(',')[pyramide[0]!.split(',').indexOf('dollars')]).toBe('');
    // A list written before the column is read by header name all the same.
    const old = parseList('code,verdict,tier,difficulty,minMoves,stuck,crossroads\nDS1-D1V-AAAAAAA,unwinnable,expert,,,34,\n');
    expect(old.entries[0]).toMatchObject({ code: 'DS1-D1V-AAAAAAA', tier: 'expert', stuck: 34 });
  });

  it('order difficulty under D1V: every deal by its stuck figure, fewest cards first, ties by code', async () => {
    const result = await curate(vegasDb, {
      filter: { game: 'double', rules: 'D1V' },
      game: double,
      flags: { rules: 'D1V' },
      ...codeRange(double, undefined, undefined, 'D1V'),
      count: 100,
      order: 'difficulty',
      seed: 1,
      scan: 0,
      limits: LIMITS,
      workers: 1,
    });
    const got = result.deals.map((d) => [d.stuck, d.code]);
    const expected = [...vegasDeals()]
      .sort((a, b) => (a.stuck ?? Infinity) - (b.stuck ?? Infinity) || (a.code < b.code ? -1 : 1))
      .map((d) => [d.stuck, d.code]);
    expect(got).toEqual(expected);
    expect(got[0]![0]).toBe(0);
    expect(got.at(-1)![0]).toBeNull();
    // Ties by code whatever order the deals come in.
    const reversed = orderDeals([...vegasDeals()].reverse(), 'difficulty', 0, true).map((d) => d.code);
    expect(reversed).toEqual(expected.map(([, code]) => code));
  });

  it('dollars ranges: converted to cards (up for MIN, down for MAX), refused where no dollars are played', () => {
    const range = (text: string) => dollarsRange(double, 'D1V', text, '--dollars').stuck;
    // A line reaching n cards pays -104 + 5n: -3 needs 21 cards (1 dollar), 12 allows 23 (11 dollars).
    expect(pay).toMatchObject({ start: -104, perCard: 5 });
    expect(range('-3..12')).toEqual({ min: 21, max: 23 });
    expect(range('1..11')).toEqual({ min: 21, max: 23 });
    expect(range('-104')).toEqual({ min: 0, max: 0 });
    expect(range('..416')).toEqual({ max: 104 });
    expect(range('100..')).toEqual({ min: 41 });
    expect(range('-200..-100')).toEqual({ min: -19, max: 0 });
    expect(dollarsRange(double, 'D1V', '-3..12', '--dollars').dollars).toEqual({ min: -3, max: 12 });
    expect(() => range('2..4')).toThrow(/--dollars "2\.\.4": no line pays that.*\.\.\., 1, 6, \.\.\./);
    expect(() => dollarsRange(double, 'D1N', '0..', '--dollars')).toThrow(InputError);
    expect(() => dollarsRange(double, 'D1N', '0..', '--dollars')).toThrow(/--dollars: .*rules D1N.*D1V, D3V/);
    expect(() => dollarsRange(pyramideGame, 'app', '0..', 'dollars')).toThrow(/^dollars: Pyramide/);
  });

  it('a dollars range selects the deals whose best line found pays within it', () => {
    const dollarsAt = (cards: number): number => pay.start + pay.perCard * cards;
    // Bounds off the $5 steps: the deal at the medium cut is in, the one below it out; the
    // one just under the easy cut is in, the one at it out.
    const min = dollarsAt(cuts.medium) - 3;
    const max = dollarsAt(cuts.easy) - 1;
    const { stuck } = dollarsRange(double, 'D1V', `${min}..${max}`, '--dollars');
    const got = vegasDeals({ stuck }).map((d) => d.code);
    const expected = vegasDeals()
      .filter((d) => d.dollars !== null && d.dollars >= min && d.dollars <= max)
      .map((d) => d.code);
    expect(got).toEqual(expected);
    const stucks = vegasDeals({ stuck }).map((d) => d.stuck);
    expect(stucks).toContain(cuts.medium);
    expect(stucks).toContain(cuts.easy - 1);
    expect(stucks).not.toContain(cuts.medium - 1);
    expect(stucks).not.toContain(cuts.easy);
  });
});
