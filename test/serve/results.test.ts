/**
 * The stored-results routes of `cardsolve serve` over a small database: the results table's
 * filters, sorting and paging against a plain computation over `cardsolve export` rows, the
 * download against `cardsolve export`, and stats, curate and daily against their commands.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solverVersionOf } from '../../src/batch/version.js';
import type { Curate, Daily, DailyMonth, Games, Health, ResultRow, ResultsPage, RuleSets, Stats } from '../../src/contract/index.js';
import { TIERS, type TierOrUnknown, thresholdsFor, tierOf } from '../../src/games/difficulty.js';
import { doubleGame } from '../../src/games/double/index.js';
import { dailyDeal, LISTS_VARIABLE } from '../../src/lists/daily.js';
import type { Server } from '../../src/serve/app.js';
import { openDatabase } from '../../src/store/database.js';
import { ResultStore } from '../../src/store/results.js';
import { listFile } from '../lists/helpers.js';
import { vegasRows } from '../store/helpers.js';
import { tempDir } from '../support/tempDir.js';
import { ask, batchDatabase, cliAsync, expectError, query, startServer, stopServer } from './helpers.js';

/** What the reference computation reads of an exported row. */
interface Row {
  code: string;
  verdict: string;
  tier: string | null;
  difficulty: number | null;
  minMoves: number | null;
  stuck: number | null;
}

interface ExportedRow {
  code: string;
  verdict: string;
  minMoves: number | null;
  stuck: number | null;
  extra: { tier?: string; difficulty?: number | null } | null;
}

type Filter = Partial<Record<'verdict' | 'tier' | 'minMoves' | 'stuck', string>>;
type Sort = 'code' | 'minMoves' | 'stuck' | 'difficulty';

/** A range as the API reads it (MIN..MAX, MIN.., ..MAX, N), both ends included. */
function inRange(value: number | null, range: string): boolean {
  if (value === null) return false;
  const [low, high] = range.includes('..') ? range.split('..') : [range, range];
  return (low === '' || value >= Number(low)) && (high === '' || value <= Number(high));
}

/** The rows a filter keeps: the obvious way. */
function reference(rows: readonly Row[], f: Filter): Row[] {
  return rows.filter(
    (r) =>
      (f.verdict === undefined || r.verdict === f.verdict) &&
      (f.tier === undefined || (r.verdict === 'winnable' && (r.tier ?? 'unknown') === f.tier)) &&
      (f.minMoves === undefined || inRange(r.minMoves, f.minMoves)) &&
      (f.stuck === undefined || inRange(r.stuck, f.stuck)),
  );
}

const FILTERS: Filter[] = [
  {},
  { verdict: 'winnable' },
  { verdict: 'unwinnable' },
  { tier: 'hard' },
  { tier: 'expert' },
  { tier: 'easy', minMoves: '..55' },
  { minMoves: '55..62' },
  { minMoves: '..50' },
  { stuck: '..20' },
  { stuck: '25..' },
  { verdict: 'winnable', minMoves: '60..' },
  { stuck: '28' },
];
const SORTS: Sort[] = ['code', 'minMoves', 'stuck', 'difficulty'];

/** The export runs compared byte for byte: API query and the command's flags (the first is also the reference rows). */
const EXPORTS: { q: Record<string, string>; flags: string[] }[] = [
  { q: { format: 'json' }, flags: ['--format', 'json'] },
  {
    q: { format: 'csv', tier: 'hard', minMoves: '55..62' },
    flags: ['--format', 'csv', '--game', 'pyramide', '--tier', 'hard', '--min-moves', '55..62'],
  },
  {
    q: { format: 'json', verdict: 'unwinnable', stuck: '..20' },
    flags: ['--format', 'json', '--verdict', 'unwinnable', '--stuck', '..20'],
  },
];

const CURATES: { q: Record<string, string | number>; flags: string[] }[] = [
  { q: { tier: 'hard', count: 5, order: 'difficulty' }, flags: ['--tier', 'hard', '--count', '5', '--order', 'difficulty'] },
  {
    q: { verdict: 'winnable', minMoves: '55..', stuck: '28', count: 6, order: 'random', seed: 7 },
    flags: ['--verdict', 'winnable', '--min-moves', '55..', '--stuck', '28', '--count', '6', '--order', 'random', '--seed', '7'],
  },
];

describe('cardsolve serve: stored results', () => {
  let folder: { dir: string; cleanup: () => void };
  let db: string;
  let rows: Row[];
  let exports: string[];
  let curates: string[];
  let stats: { groups: Record<string, unknown>[] };
  let daily: Record<string, unknown>;
  let server: Server;

  beforeAll(async () => {
    folder = tempDir();
    // 20 Pyramide deals: winnable and unwinnable ones, every tier.
    db = batchDatabase(folder.dir, 'PY1-N-AAAAAAL..PY1-N-AAAAABE');
    // The commands' answers first, side by side: the server is not running yet.
    const [statsText, dailyText, ...texts] = await Promise.all([
      cliAsync(['stats', '--db', db, '--json']),
      cliAsync(['daily', '--tier', 'hard', '--date', '2026-12-05', '--json']),
      ...EXPORTS.map((e) => cliAsync(['export', '--db', db, ...e.flags])),
      ...CURATES.map((c) => cliAsync(['curate', '--db', db, '--scan', '0', '--no-progress', '--format', 'csv', ...c.flags])),
    ]);
    exports = texts.slice(0, EXPORTS.length);
    curates = texts.slice(EXPORTS.length);
    rows = (JSON.parse(exports[0]!) as ExportedRow[]).map((r) => ({
      code: r.code,
      verdict: r.verdict,
      tier: r.extra?.tier ?? null,
      difficulty: r.extra?.difficulty ?? null,
      minMoves: r.minMoves,
      stuck: r.stuck,
    }));
    stats = JSON.parse(statsText!);
    daily = JSON.parse(dailyText!);
    server = await startServer(db);
  });

  afterAll(async () => {
    await stopServer(server);
    folder?.cleanup();
  });

  it('the database is as expected: 20 deals, both verdicts, several tiers', () => {
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.verdict))).toEqual(new Set(['winnable', 'unwinnable']));
    expect(new Set(rows.map((r) => r.tier)).size).toBeGreaterThanOrEqual(4);
  });

  it('health: the results table is loaded, and ready=true answers 200 once it is', async () => {
    // Read before any page is asked: the table is loaded in the background at start.
    for (let tries = 0; tries < 100; tries++) {
      const h = await ask<Health>(server, '/api/v1/health?ready=true');
      if (h.body.table.loaded === true) {
        expect(h.status).toBe(200);
        expect(h.body.ready).toBe(true);
        return;
      }
      expect(h.status).toBe(503);
      expect(h.body.ready).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the results table was not loaded within 5 s');
  });

  it('results: filters, every sort both ways and the pages add up to the filtered rows', async () => {
    const byCode = new Map(rows.map((r) => [r.code, r]));
    for (const filter of FILTERS) {
      const expected = reference(rows, filter);
      for (const sort of SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          const seen: ResultRow[] = [];
          const pageSize = 7;
          for (let page = 1; ; page++) {
            const r = await ask<ResultsPage>(server, `/api/v1/results?${query({ ...filter, sort, order, page, pageSize })}`);
            const where = `${JSON.stringify(filter)} ${sort} ${order} page ${page}`;
            expect(r.status, `${where}: ${r.text}`).toBe(200);
            expect(r.body.total, where).toBe(expected.length);
            expect(r.body).toMatchObject({ page, pageSize });
            expect(r.body.rows.length, where).toBe(Math.max(0, Math.min(pageSize, expected.length - (page - 1) * pageSize)));
            seen.push(...r.body.rows);
            if (r.body.rows.length < pageSize) break;
          }
          const where = `${JSON.stringify(filter)} ${sort} ${order}`;
          // Each filtered row once, no other.
          expect(seen.map((r) => r.code).sort(), where).toEqual(expected.map((r) => r.code).sort());
          for (const row of seen) {
            const ref = byCode.get(row.code!)!;
            expect({ verdict: row.verdict, minMoves: row.minMoves, stuck: row.stuck, difficulty: row.difficulty }, row.code!).toEqual({
              verdict: ref.verdict,
              minMoves: ref.minMoves,
              stuck: ref.stuck,
              difficulty: ref.difficulty,
            });
            if (ref.verdict === 'winnable') expect(row.tier, row.code!).toBe(ref.tier);
          }
          // The sort key in order across the pages; rows without the figure last, whichever the direction.
          const keys = seen.map((r) => (sort === 'code' ? r.code : r[sort]));
          const present = keys.filter((k) => k !== null);
          expect(
            keys.slice(present.length).every((k) => k === null),
            `${where}: nulls last`,
          ).toBe(true);
          for (let i = 1; i < present.length; i++) {
            const a = present[i - 1]!;
            const b = present[i]!;
            expect(order === 'asc' ? a <= b : a >= b, `${where}: ${a} then ${b}`).toBe(true);
          }
          if (sort === 'code') {
            const codes = expected.map((r) => r.code).sort();
            expect(keys).toEqual(order === 'asc' ? codes : codes.reverse());
          }
        }
      }
    }
  });

  it('results: a page past the end is empty; bad paging and ranges are 400s', async () => {
    const past = await ask<ResultsPage>(server, '/api/v1/results?page=9&pageSize=5');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ total: 20, page: 9, rows: [] });
    expectError(await ask(server, '/api/v1/results?page=0'), 400, /page must be >= 1/);
    expectError(await ask(server, '/api/v1/results?pageSize=501'), 400, /pageSize/);
    expectError(await ask(server, '/api/v1/results?minMoves=5..3'), 400, /minMoves "5\.\.3": the lower end is above the upper end/);
    expectError(await ask(server, '/api/v1/results?stuck=abc'), 400, /stuck/);
    expectError(await ask(server, '/api/v1/results?sort=bogus'), 400, /sort/);
    expectError(await ask(server, '/api/v1/results?verdict=maybe'), 400, /verdict/);
  });

  it('export: the bytes cardsolve export writes with the same filters, as an attachment', async () => {
    for (const [i, e] of EXPORTS.entries()) {
      const r = await ask(server, `/api/v1/export?${query(e.q)}`);
      expect(r.status, r.text).toBe(200);
      expect(r.text, JSON.stringify(e.q)).toBe(exports[i]);
      expect(String(r.headers['content-disposition'])).toMatch(/^attachment; filename="cardsolve-pyramide-app[\w.+-]*\.(csv|json|jsonl)"$/);
      const type = { csv: 'text/csv', json: 'application/json', jsonl: 'application/x-ndjson' }[e.q.format as 'csv'];
      expect(String(r.headers['content-type'])).toBe(`${type}; charset=utf-8`);
    }
    // The filters did select: not every download is the whole table.
    expect(new Set(exports).size).toBe(EXPORTS.length);
  });

  it('stats: the groups stats --json prints', async () => {
    const r = await ask<Stats>(server, '/api/v1/stats');
    expect(r.status, r.text).toBe(200);
    expect(r.body.groups).toEqual(stats.groups);
    const none = await ask<Stats>(server, '/api/v1/stats?game=double');
    expect(none.body.groups).toEqual([]);
  });

  it('curate: the list curate --scan 0 prints with the same filters (csv and json)', async () => {
    for (const [i, c] of CURATES.entries()) {
      const r = await ask(server, `/api/v1/curate?${query({ ...c.q, format: 'csv' })}`);
      expect(r.status, r.text).toBe(200);
      expect(String(r.headers['content-type'])).toMatch(/^text\/csv/);
      expect(r.text, JSON.stringify(c.q)).toBe(curates[i]);
    }
    // The JSON form lists the same deals, with the filters it applied.
    const json = await ask<{ found: number; deals: { code: string }[]; filters: Record<string, unknown> }>(
      server,
      `/api/v1/curate?${query({ ...CURATES[0]!.q, format: 'json' })}`,
    );
    const csvCodes = curates[0]!
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(json.body.deals.map((d) => d.code)).toEqual(csvCodes);
    expect(json.body.found).toBe(csvCodes.length);
    expect(json.body.filters).toEqual({ game: 'pyramide', rules: 'app', tier: 'hard' });
    const codes = await ask(server, `/api/v1/curate?${query({ ...CURATES[0]!.q, format: 'codes' })}`);
    expect(codes.text).toBe(csvCodes.map((c) => `${c}\n`).join(''));
    expectError(await ask(server, '/api/v1/curate?count=0'), 400, /count/);
  });

  it('daily: the deal daily --json names; a month has every day; Double Solitaire’s for every rule set', async () => {
    const r = await ask(server, '/api/v1/daily?game=pyramide&tier=hard&date=2026-12-05');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual(daily);
    const month = await ask<{
      tiers: string[];
      pools: Record<string, number>;
      notes: Record<string, string[]>;
      days: { date: string; deals: Record<string, string> }[];
    }>(server, '/api/v1/daily/month?month=2026-02');
    expect(month.status, month.text).toBe(200);
    expect(month.body.tiers).toEqual(['easy', 'medium', 'hard', 'expert']);
    // The shipped lists cover a year: no note.
    expect(month.body.pools).toEqual({ easy: 1000, medium: 1000, hard: 1000, expert: 1000 });
    expect(month.body.notes).toEqual({});
    expect(month.body.days).toHaveLength(28);
    expect(month.body.days.map((d) => d.date)).toEqual(Array.from({ length: 28 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')}`));
    for (const day of month.body.days) {
      for (const tier of month.body.tiers) {
        const one = await ask<Daily>(server, `/api/v1/daily?${query({ tier, date: day.date })}`);
        expect(day.deals[tier], `${day.date} ${tier}`).toBe(one.body.code);
      }
    }
    // And one of them as the library the command prints from names it.
    expect(month.body.days[13]!.deals.expert).toBe(dailyDeal('pyramide', 'app', 'expert', '2026-02-14').code);
    expect((await ask<DailyMonth>(server, '/api/v1/daily/month?month=2028-02')).body.days).toHaveLength(29);
    for (const rules of ['D1N', 'D3N', 'D1V', 'D3V']) {
      const double = await ask<Daily>(server, `/api/v1/daily?game=double&rules=${rules}&tier=hard&date=2026-12-05`);
      expect(double.status, double.text).toBe(200);
      expect(double.body.code).toBe(dailyDeal('double', rules, 'hard', '2026-12-05').code);
      // The Vegas pools are what a scan of 400 codes gave: they say they repeat.
      if (rules.endsWith('V'))
        expect(double.body.notes).toEqual([
          `the pool has ${double.body.pool} deals: the deal of the day repeats every ${double.body.pool} days`,
        ]);
      else expect(double.body.pool).toBeGreaterThanOrEqual(366);
    }
    expectError(await ask(server, '/api/v1/daily?date=2026-02-30'), 400, /"2026-02-30" is not a date/);
    expectError(await ask(server, '/api/v1/daily/month?month=2026-13'), 400, /not a date/);
  });

  it('daily: a pool smaller than a year is served, and the day and the month say it repeats', async () => {
    const lists = tempDir();
    const saved = process.env[LISTS_VARIABLE];
    process.env[LISTS_VARIABLE] = lists.dir;
    try {
      writeFileSync(join(lists.dir, 'pyramide-app-hard.csv'), listFile(97));
      const note = 'the pool has 97 deals: the deal of the day repeats every 97 days';
      const day = await ask<Daily>(server, '/api/v1/daily?tier=hard&date=2026-02-14');
      expect(day.status, day.text).toBe(200);
      expect(day.body).toMatchObject({ pool: 97, notes: [note] });
      expect(day.body).toEqual(dailyDeal('pyramide', 'app', 'hard', '2026-02-14'));
      const month = await ask<{
        tiers: string[];
        missing: Record<string, string>;
        pools: Record<string, number>;
        notes: Record<string, string[]>;
        days: { date: string; deals: Record<string, string> }[];
      }>(server, '/api/v1/daily/month?month=2026-02');
      expect(month.status, month.text).toBe(200);
      expect(month.body).toMatchObject({ tiers: ['hard'], pools: { hard: 97 }, notes: { hard: [note] } });
      expect(Object.keys(month.body.missing)).toEqual(['easy', 'medium', 'expert']);
      expect(month.body.days[13]!.deals.hard).toBe(day.body.code);
    } finally {
      if (saved === undefined) delete process.env[LISTS_VARIABLE];
      else process.env[LISTS_VARIABLE] = saved;
      lists.cleanup();
    }
  });

  it('rule sets and games list what is stored', async () => {
    const sets = await ask<RuleSets>(server, '/api/v1/rule-sets');
    expect(sets.body.ruleSets).toEqual([{ game: 'pyramide', rules: 'app', rows: 20 }]);
    const games = await ask<Games>(server, '/api/v1/games');
    expect(games.body.games.map((g) => g.id)).toEqual(['pyramide', 'double']);
    expect(games.body.games[0]!.rules[0]).toBe('app');
  });
});

describe('cardsolve serve: Vegas results (tiers by reach, dollars)', () => {
  const cuts = thresholdsFor(doubleGame.difficulty, 'D1V')!;
  const pay = doubleGame.dollars!;
  let folder: { dir: string; cleanup: () => void };
  let server: Server;
  /** The stored deals: code, verdict and stuck figure. */
  let stored: Array<{ code: string; verdict: string; stuck: number | null }>;

  beforeAll(async () => {
    folder = tempDir();
    const path = join(folder.dir, 'vegas.sqlite');
    const rows = vegasRows('D1V', cuts, solverVersionOf(doubleGame));
    const db = openDatabase(path);
    new ResultStore(db).saveMany(rows);
    db.close();
    stored = rows.map((r) => ({
      code: r.key.dealKey,
      verdict: r.analysis.verdict,
      stuck: (r.analysis as unknown as { maxFoundation: number | null }).maxFoundation,
    }));
    server = await startServer(path);
  });

  afterAll(async () => {
    await stopServer(server);
    folder?.cleanup();
  });

  it('results: a tier picks the deals of every verdict by their stuck figure, and each row has its tier', async () => {
    for (const tier of [...TIERS, 'unknown'] as TierOrUnknown[]) {
      const r = await ask<ResultsPage>(server, `/api/v1/results?${query({ game: 'double', rules: 'D1V', tier, pageSize: 50 })}`);
      expect(r.status, r.text).toBe(200);
      const expected = stored.filter((d) => tierOf(cuts, d.stuck) === tier).map((d) => d.code);
      expect(r.body.rows.map((row) => row.code).sort(), tier).toEqual(expected.sort());
      for (const row of r.body.rows) expect(row.tier, row.code!).toBe(tier);
    }
  });

  it('curate: dollars selects by what the best line found pays; refused with stuck, and where no dollars are played', async () => {
    const min = pay.start + pay.perCard * cuts.medium - 3;
    const max = pay.start + pay.perCard * cuts.easy - 1;
    const r = await ask<{ filters: Record<string, unknown>; deals: Array<{ code: string; dollars: number; stuck: number }> }>(
      server,
      `/api/v1/curate?${query({ game: 'double', rules: 'D1V', dollars: `${min}..${max}`, count: 100 })}`,
    );
    expect(r.status, r.text).toBe(200);
    const expected = stored
      .filter((d) => d.stuck !== null && pay.start + pay.perCard * d.stuck >= min && pay.start + pay.perCard * d.stuck <= max)
      .map((d) => d.code);
    expect(r.body.deals.map((d) => d.code)).toEqual(expected);
    for (const d of r.body.deals) expect(d.dollars).toBe(pay.start + pay.perCard * d.stuck);
    expect(r.body.filters.dollars).toEqual({ min, max });
    const negative = await ask<Curate>(server, `/api/v1/curate?${query({ game: 'double', rules: 'D1V', dollars: '..-100' })}`);
    expect(negative.status, negative.text).toBe(200);
    expect(negative.body.deals).toHaveLength(stored.filter((d) => d.stuck === 0).length);
    expectError(
      await ask(server, `/api/v1/curate?${query({ game: 'double', rules: 'D1V', dollars: '0..', stuck: '..50' })}`),
      400,
      /give stuck or dollars, not both/,
    );
    expectError(await ask(server, `/api/v1/curate?${query({ game: 'double', rules: 'D1N', dollars: '0..' })}`), 400, /dollars: .*D1V, D3V/);
    expectError(await ask(server, `/api/v1/curate?${query({ game: 'double', rules: 'D1V', dollars: 'lots' })}`), 400, /dollars/);
  });
});

describe('cardsolve serve without a database', () => {
  let folder: { dir: string; cleanup: () => void };
  let server: Server;

  beforeAll(async () => {
    folder = tempDir();
    server = await startServer(`${folder.dir}/none.sqlite`);
  });

  afterAll(async () => {
    await stopServer(server);
    folder?.cleanup();
  });

  it('the results routes answer 404, saying to run cardsolve batch', async () => {
    for (const route of ['results', 'export', 'stats', 'curate']) {
      const r = await ask(server, `/api/v1/${route}`);
      expectError(r, 404, /run cardsolve batch/);
    }
  });

  it('the deal routes, rule sets, daily and health still answer', async () => {
    expect((await ask(server, '/api/v1/play?deal=PY1-N-AAAAAAA')).status).toBe(200);
    expect((await ask(server, '/api/v1/daily?date=2026-12-05')).status).toBe(200);
    expect((await ask(server, '/api/v1/rule-sets')).body).toEqual({ ruleSets: [] });
    expect((await ask<Health>(server, '/api/v1/health')).body.database).toBeNull();
  });
});
