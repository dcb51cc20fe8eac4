import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solverVersionOf } from '../../src/batch/version.js';
import { thresholdsFor } from '../../src/games/difficulty.js';
import { doubleGame } from '../../src/games/double/index.js';
import { openDatabase } from '../../src/store/database.js';
import { ResultStore } from '../../src/store/results.js';
import { vegasRows } from '../store/helpers.js';
import { cardsolve } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});
afterAll(() => cleanup());

interface CurateJson {
  asked: number;
  found: number;
  matching: number;
  analysed: number;
  deals: Array<{
    code: string;
    verdict: string;
    tier: string | null;
    minMoves: number | null;
    stuck: number | null;
    crossroads: number | null;
  }>;
}

describe('cardsolve curate', () => {
  const base = () => ['curate', '--db', join(dir, 'c.sqlite'), '--from', 'PY1-N-AAAAAAA', '--to', 'PY1-N-AAAAAAJ', '--no-progress'];

  it('analyses what the database lacks, stores it, and returns deals passing every filter', () => {
    const r = cardsolve([...base(), '--verdict', 'winnable', '--count', '3', '--scan', '10', '--format', 'json', '--workers', '2']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as CurateJson;
    expect(out.found).toBe(3);
    expect(out.analysed).toBeGreaterThan(0);
    for (const d of out.deals) {
      expect(d.verdict).toBe('winnable');
      expect(d.code >= 'PY1-N-AAAAAAA' && d.code <= 'PY1-N-AAAAAAJ').toBe(true);
      expect(['easy', 'medium', 'hard', 'expert']).toContain(d.tier);
    }
  }, 300_000);

  it('gives the same list again from the database alone, in every format', () => {
    const json = JSON.parse(
      cardsolve([...base(), '--verdict', 'winnable', '--count', '3', '--scan', '0', '--format', 'json']).stdout,
    ) as CurateJson;
    expect(json.analysed).toBe(0);
    const codes = cardsolve([...base(), '--verdict', 'winnable', '--count', '3', '--scan', '0']);
    expect(codes.stdout).toBe(json.deals.map((d) => d.code + '\n').join(''));
    const csv = cardsolve([...base(), '--verdict', 'winnable', '--count', '3', '--scan', '0', '--format', 'csv', '--header']).stdout.split(
      '\n',
    );
    expect(csv[0]).toMatch(/^# made by: cardsolve curate /);
    expect(csv[1]).toMatch(/^# cardsolve \d+\.\d+\.\d+/);
    expect(csv[2]).toBe(
      'code,verdict,tier,difficulty,minMoves,stuck,dollars,crossroads,forgiveness,losingShare,randomWinRate,randomWinError',
    );
    expect(csv.slice(3, 6).map((l) => l.split(',')[0])).toEqual(json.deals.map((d) => d.code));
  });

  it('says on standard error when it finds fewer than asked, and never pads the list', () => {
    const r = cardsolve([...base(), '--verdict', 'unwinnable', '--stuck', '..27', '--count', '50', '--scan', '0', '--format', 'json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as CurateJson;
    expect(out.found).toBeLessThan(50);
    expect(out.deals.every((d) => d.verdict === 'unwinnable' && d.stuck !== null && d.stuck <= 27)).toBe(true);
    expect(r.stderr).toMatch(new RegExp(`found ${out.found} of the 50 deals asked for`));
  });

  it('refuses bad filters with exit code 2 and one clear message', () => {
    for (const args of [
      ['--min-moves', 'ten'],
      ['--crossroads', '5..2'],
      ['--from', 'DS1-D1N-AAAAAAA'],
      ['--count', '0'],
      ['--stuck', '-5'],
    ]) {
      const r = cardsolve(['curate', '--db', join(dir, 'c.sqlite'), ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^cardsolve: /);
    }
  });
});

describe('cardsolve curate --dollars (Vegas rule sets)', () => {
  const cuts = thresholdsFor(doubleGame.difficulty, 'D1V')!;
  const pay = doubleGame.dollars!;
  const dollarsAt = (cards: number): number => pay.start + pay.perCard * cards;
  let db: string;
  /** The stored D1V deals: code and stuck figure. */
  let stored: Array<{ code: string; stuck: number | null }>;
  beforeAll(() => {
    db = join(dir, 'vegas.sqlite');
    const rows = vegasRows('D1V', cuts, solverVersionOf(doubleGame));
    const handle = openDatabase(db);
    new ResultStore(handle).saveMany(rows);
    handle.close();
    stored = rows.map((r) => ({ code: r.key.dealKey, stuck: (r.analysis as unknown as { maxFoundation: number | null }).maxFoundation }));
  });
  const run = (...args: string[]) =>
    cardsolve(['curate', '--db', db, '--game', 'double', '--rules', 'D1V', '--scan', '0', '--count', '100', '--no-progress', ...args]);
  /** The codes of the stored deals whose line pays within [min, max], in code order. */
  const paying = (min: number, max: number): string[] =>
    stored.filter((d) => d.stuck !== null && dollarsAt(d.stuck) >= min && dollarsAt(d.stuck) <= max).map((d) => d.code);

  it('selects the deals whose best line found pays within the range, bounds off the $5 steps included', () => {
    const min = dollarsAt(cuts.medium) - 3;
    const max = dollarsAt(cuts.easy) - 1;
    const r = run('--dollars', `${min}..${max}`);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(paying(min, max));
    // A negative end, the other open: the lines that lose money.
    const losing = run('--dollars', '..-4', '--format', 'json');
    expect(losing.status, losing.stderr).toBe(0);
    const out = JSON.parse(losing.stdout) as { filters: Record<string, unknown>; deals: Array<{ code: string; dollars: number }> };
    expect(out.deals.map((d) => d.code)).toEqual(paying(-Infinity, -4));
    expect(out.deals.length).toBeGreaterThan(0);
    expect(out.deals.every((d) => d.dollars <= -4)).toBe(true);
    expect(out.filters.dollars).toEqual({ max: -4 });
    expect(out.filters.stuck).toEqual({ max: Math.floor((-4 - pay.start) / pay.perCard) });
    const none = run('--dollars', `${pay.start}..${pay.start}`);
    expect(none.stdout.trim().split('\n')).toEqual(paying(pay.start, pay.start));
  });

  it('CSV: the dollars each line pays, and --order difficulty gives the fewest cards first', () => {
    const r = run('--order', 'difficulty', '--format', 'csv');
    expect(r.status, r.stderr).toBe(0);
    const [header, ...lines] = r.stdout.trim().split('\n');
    const fields = header!.split(',');
    expect(fields.slice(5, 7)).toEqual(['stuck', 'dollars']);
    const cells = lines.map((l) => l.split(','));
    for (const c of cells) expect(c[6], c[0]).toBe(c[5] === '' ? '' : String(dollarsAt(Number(c[5]))));
    const stucks = cells.map((c) => (c[5] === '' ? Infinity : Number(c[5])));
    expect(stucks).toEqual([...stucks].sort((a, b) => a - b));
    expect(stucks[0]).toBe(0);
  });

  it('refuses --dollars where no dollars are played, and with --stuck, with exit code 2', () => {
    const d1n = cardsolve(['curate', '--db', db, '--game', 'double', '--rules', 'D1N', '--scan', '0', '--dollars', '0..']);
    expect(d1n.status).toBe(2);
    expect(d1n.stderr).toMatch(/^cardsolve: --dollars: .*D1N.*D1V, D3V/);
    const pyramide = cardsolve(['curate', '--db', db, '--scan', '0', '--dollars', '0..']);
    expect(pyramide.status).toBe(2);
    expect(pyramide.stderr).toMatch(/--dollars/);
    const both = run('--dollars', '0..', '--stuck', '..50');
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/give --stuck or --dollars, not both/);
    const nothing = run('--dollars', '2..4');
    expect(nothing.status).toBe(2);
    expect(nothing.stderr).toMatch(/no line pays that/);
  });
});
