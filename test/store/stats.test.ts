import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import { exportChunks } from '../../src/store/exportFormat.js';
import { ResultStore } from '../../src/store/results.js';
import { bucketise, computeStats, formatStats, histogram, wilsonInterval } from '../../src/store/stats.js';
import { tempDir } from '../support/tempDir.js';
import { result } from './helpers.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => cleanup());

describe('Wilson interval', () => {
  it('matches known values', () => {
    const ci = wilsonInterval(81, 263)!;
    expect(ci.low).toBeCloseTo(0.2553, 3);
    expect(ci.high).toBeCloseTo(0.3662, 3);
    const none = wilsonInterval(0, 10)!;
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 3);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('histograms', () => {
  it('keeps one value per line when few, merges equal-width buckets when many', () => {
    expect(
      bucketise([
        { value: 3, count: 2 },
        { value: 5, count: 1 },
      ]),
    ).toEqual([
      { from: 3, to: 3, count: 2 },
      { from: 4, to: 4, count: 0 },
      { from: 5, to: 5, count: 1 },
    ]);
    const wide = bucketise(
      Array.from({ length: 100 }, (_, i) => ({ value: i, count: 1 })),
      10,
    );
    expect(wide).toHaveLength(10);
    expect(wide[0]).toEqual({ from: 0, to: 9, count: 10 });
    const lines = histogram(
      [
        { from: 1, to: 1, count: 4 },
        { from: 2, to: 2, count: 2 },
      ],
      '',
      8,
    );
    expect(lines[0]).toBe('1 │████████ 4   66.7%');
    expect(lines[1]).toBe('2 │████     2   33.3%');
  });
});

describe('stats over stored results', () => {
  it('counts each deal once, per rule set, with distributions and slowest deals', () => {
    const db = openDatabase(join(dir, 'deals.sqlite'));
    const store = new ResultStore(db);
    store.saveMany([
      result('PY1-N-AAAAAAA', { minMoves: 20, ms: 5 }),
      result('PY1-N-AAAAAAB', { minMoves: 22, ms: 50 }),
      result('PY1-N-AAAAAAC', { minMoves: 22, ms: 7, minMovesProved: false, limit: '--time-limit 10ms' }),
      result('PY1-N-AAAAAAD', { verdict: 'unwinnable', winnable: false, minMoves: null, maxRemoved: 12, ms: 900 }),
      result('PY1-N-AAAAAAE', {
        verdict: 'unknown',
        winnable: null,
        minMoves: null,
        maxRemoved: 9,
        stuckExact: false,
        limit: '--node-limit 1',
      }),
      result('PY1-N-AAAAAAA', { rules: 'msc', verdict: 'unwinnable', winnable: false, minMoves: null, maxRemoved: 26 }),
    ]);
    // The same deal under a newer solver version: still one deal.
    store.save(result('PY1-N-AAAAAAA', { minMoves: 20, ms: 4 }, 'test 2'));
    const groups = computeStats(db, {});
    expect(groups.map((g) => g.rules)).toEqual(['app', 'msc']);
    const app = groups[0]!;
    expect(app).toMatchObject({
      deals: 5,
      winnable: 3,
      unwinnable: 1,
      unknown: 1,
      minMovesProved: 2,
      minMovesUnproved: 1,
      stuckFigure: 'maxRemoved',
    });
    expect(app.winnableShare).toBeCloseTo(0.75);
    expect(app.minMoves).toEqual([
      { from: 20, to: 20, count: 1 },
      { from: 21, to: 21, count: 0 },
      { from: 22, to: 22, count: 2 },
    ]);
    expect(app.stuck).toEqual([{ from: 12, to: 12, count: 1 }]);
    expect(app.slowest[0]).toMatchObject({ deal: 'PY1-N-AAAAAAD', verdict: 'unwinnable', ms: 900 });
    expect(app.solverVersions).toEqual(['test 1', 'test 2']);
    expect(computeStats(db, { rules: ['msc'] })).toHaveLength(1);
    const text = formatStats(groups);
    expect(text).toContain('pyramide, rules app: 5 deals');
    expect(text).toMatch(/75\.0% of 4 decided, 95% CI \d+\.\d%-\d+\.\d% \(Wilson\)/);
    expect(text).toContain('slowest deals:');
    expect(formatStats([])).toMatch(/no results/);
    db.close();
  });
});

describe('export formats', () => {
  it('writes CSV with quoting, JSON and JSON lines', () => {
    const db = openDatabase(join(dir, 'deals.sqlite'));
    const store = new ResultStore(db);
    store.saveMany([result('PY1-N-AAAAAAA', { notes: ['a, "quoted" note'] }), result('PY1-N-AAAAAAB')]);
    const csv = [...exportChunks(store.iterate({}), 'csv')].join('');
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.startsWith('game,dealKey,code,')).toBe(true);
    expect(lines[1]).toContain('"[""a, \\""quoted\\"" note""]"');
    const json = JSON.parse([...exportChunks(store.iterate({}), 'json')].join('')) as Array<Record<string, unknown>>;
    expect(json.map((r) => r.dealKey)).toEqual(['PY1-N-AAAAAAA', 'PY1-N-AAAAAAB']);
    expect(json[0]!.limits).toEqual({ timeMs: 10_000, nodes: null, memoryBytes: 2 * 1024 ** 3 });
    const jsonl = [...exportChunks(store.iterate({}), 'jsonl')].join('').trim().split('\n');
    expect(jsonl.map((l) => (JSON.parse(l) as { verdict: string }).verdict)).toEqual(['winnable', 'winnable']);
    expect([...exportChunks([], 'json')].join('')).toBe('[]\n');
    db.close();
  });

  it('writes the cards of the solutions in the style asked, in every format', () => {
    const db = openDatabase(join(dir, 'deals.sqlite'));
    const store = new ResultStore(db);
    store.saveMany([result('PY1-N-AAAAAAA')]);
    const solution = (text: string): unknown => (JSON.parse(text) as Array<{ solution: unknown }>)[0]!.solution;
    expect(solution([...exportChunks(store.iterate({}), 'json')].join(''))).toEqual([
      { move: 'draw' },
      { move: 'pair', cards: ['J♦', '2♦'] },
    ]);
    expect(solution([...exportChunks(store.iterate({}), 'json', 'fr')].join(''))).toEqual([
      { move: 'draw' },
      { move: 'pair', cards: ['V♦', '2♦'] },
    ]);
    expect([...exportChunks(store.iterate({}), 'jsonl', 'en')].join('')).toContain('"cards":["JD","2D"]');
    expect([...exportChunks(store.iterate({}), 'csv', 'fr')].join('')).toContain('""cards"":[""V♦"",""2♦""]');
    db.close();
  });
});
