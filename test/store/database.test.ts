import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/inputError.js';
import { gameById, openDeal } from '../../src/games/registry.js';
import { describeDatabase, openDatabase } from '../../src/store/database.js';
import { ResultStore, rowValues, toAnalysis } from '../../src/store/results.js';
import { APPLICATION_ID, createV1, SCHEMA_VERSION } from '../../src/store/schema.js';
import { tempDir } from '../support/tempDir.js';
import { result } from './helpers.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => cleanup());

function columns(db: Database.Database): string[] {
  return (db.prepare('PRAGMA table_info(results)').all() as Array<{ name: string }>).map((c) => c.name);
}

describe('creating a database', () => {
  it('creates the folder and the file with its marks and the current schema', () => {
    const path = join(dir, 'sub', 'deals.sqlite');
    const db = openDatabase(path);
    expect(existsSync(path)).toBe(true);
    expect(describeDatabase(db)).toMatchObject({ schemaVersion: SCHEMA_VERSION, applicationId: APPLICATION_ID });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(columns(db)).toEqual(expect.arrayContaining(['deal_key', 'verdict', 'limits', 'extra']));
    expect(db.prepare("SELECT value FROM meta WHERE key = 'application'").get()).toEqual({ value: 'cardsolve deal results' });
    db.close();
    // Opening again leaves it as it is.
    const again = openDatabase(path);
    expect(describeDatabase(again).schemaVersion).toBe(SCHEMA_VERSION);
    again.close();
  });

  it('sets up an empty file in place', () => {
    const path = join(dir, 'empty.sqlite');
    writeFileSync(path, '');
    const db = openDatabase(path);
    expect(describeDatabase(db).schemaVersion).toBe(SCHEMA_VERSION);
    db.close();
  });
});

describe('migrating', () => {
  it('brings a version 1 file to the current version and keeps its rows', () => {
    const path = join(dir, 'v1.sqlite');
    const v1 = new Database(path);
    v1.pragma('journal_mode = WAL');
    v1.transaction(() => createV1(v1, 'cardsolve 0.0.1')).immediate();
    v1.prepare(
      `INSERT INTO results (game, deal_key, code, fingerprint, rules, mode, solver_version, verdict, winnable, min_moves,
         min_moves_proved, moves, max_removed, max_foundation, max_exact, solution, nodes, ms, limit_hit, notes, analysed_at)
       VALUES ('pyramide', 'PY1-N-AAAAAAA', 'PY1-N-AAAAAAA', 'fp', 'app', 'full', 'old', 'winnable', 1, 23, 1, 23, 28, NULL, 1,
         '[{"move":"draw"}]', 100, 5.5, NULL, '[]', '2026-01-01T00:00:00.000Z'),
         ('double', 'DS1-D1V-AAAAAAA', 'DS1-D1V-AAAAAAA', 'fp2', 'D1V', 'full', 'old', 'unwinnable', 0, NULL, 0, NULL, NULL, 31, 0,
         NULL, 100, 5.5, '--time-limit 10ms', '[]', '2026-01-01T00:00:00.000Z')`,
    ).run();
    expect(v1.pragma('user_version', { simple: true })).toBe(1);
    expect(columns(v1)).not.toContain('limits');
    v1.close();

    const db = openDatabase(path);
    expect(describeDatabase(db).schemaVersion).toBe(SCHEMA_VERSION);
    expect(columns(db)).toEqual(expect.arrayContaining(['limits', 'extra', 'stuck', 'stuck_figure', 'stuck_exact', 'dealer']));
    expect(columns(db)).not.toContain('max_removed');
    expect(columns(db)).not.toContain('max_foundation');
    const indexes = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").all() as Array<{ name: string }>).map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['results_by_verdict', 'results_by_deal']));
    expect(db.prepare("SELECT key FROM meta WHERE key LIKE 'migrated%' ORDER BY key").all()).toEqual([
      { key: 'migrated_to_v2_at' },
      { key: 'migrated_to_v3_at' },
      { key: 'migrated_to_v4_at' },
      { key: 'migrated_to_v5_at' },
    ]);
    const store = new ResultStore(db);
    const [row] = store.find({ code: 'PY1-N-AAAAAAA' });
    expect(row).toMatchObject({ verdict: 'winnable', minMoves: 23, solution: [{ move: 'draw' }], limits: null, extra: null, dealer: null });
    // Each game's stuck figure lands in the generic columns, named.
    expect(row).toMatchObject({ stuckFigure: 'maxRemoved', stuck: 28, stuckExact: true });
    const [double] = store.find({ code: 'DS1-D1V-AAAAAAA' });
    expect(double).toMatchObject({
      verdict: 'unwinnable',
      stuckFigure: 'maxFoundation',
      stuck: 31,
      stuckExact: false,
      limit: '--time-limit 10ms',
    });
    expect(toAnalysis(double!, gameById('double'))).toMatchObject({ maxFoundation: 31, stuckExact: false });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // Version 4's difficulty column is the score the games keep in extra.
    db.prepare(`UPDATE results SET extra = '{"difficulty":7.5}' WHERE code = 'PY1-N-AAAAAAA'`).run();
    expect(db.prepare("SELECT difficulty FROM results WHERE code = 'PY1-N-AAAAAAA'").get()).toEqual({ difficulty: 7.5 });
    db.close();
  });

  it('migrates when a reader opens a version 1 file', () => {
    const path = join(dir, 'v1.sqlite');
    const v1 = new Database(path);
    v1.transaction(() => createV1(v1, 'cardsolve 0.0.1')).immediate();
    v1.close();
    const db = openDatabase(path, { readonly: true });
    expect(describeDatabase(db).schemaVersion).toBe(SCHEMA_VERSION);
    db.close();
  });
});

describe('refusing what is not a cardsolve database', () => {
  it('refuses a text file and leaves it unchanged', () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'my notes\nnot a database\n');
    const before = readFileSync(path);
    expect(() => openDatabase(path)).toThrow(InputError);
    expect(() => openDatabase(path)).toThrow(/not an SQLite file/);
    expect(() => openDatabase(path, { readonly: true })).toThrow(InputError);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses an SQLite database of another program and leaves it unchanged', () => {
    const path = join(dir, 'other.sqlite');
    const other = new Database(path);
    other.exec("CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('Ada');");
    other.close();
    const before = readFileSync(path);
    expect(() => openDatabase(path)).toThrow(/other program/);
    expect(() => openDatabase(path, { readonly: true })).toThrow(/other program/);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('refuses a folder, a missing file for readers, and a newer schema', () => {
    mkdirSync(join(dir, 'folder'));
    expect(() => openDatabase(join(dir, 'folder'))).toThrow(/not a file/);
    expect(() => openDatabase(join(dir, 'missing.sqlite'), { readonly: true })).toThrow(/no cardsolve database there yet/);
    expect(existsSync(join(dir, 'missing.sqlite'))).toBe(false);

    const path = join(dir, 'future.sqlite');
    openDatabase(path).close();
    const raw = new Database(path);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => openDatabase(path)).toThrow(/newer cardsolve/);
  });
});

describe('storing results', () => {
  it('keeps one row per key: storing again replaces it', () => {
    const db = openDatabase(join(dir, 'deals.sqlite'));
    const store = new ResultStore(db);
    store.saveMany([result('PY1-N-AAAAAAA'), result('PY1-N-AAAAAAB', { verdict: 'unknown', winnable: null, limit: '--node-limit 1' })]);
    expect(store.count()).toBe(2);
    expect(store.stored({ game: 'pyramide', dealKey: 'PY1-N-AAAAAAB', rules: 'app', mode: 'full', solverVersion: 'test 1' })).toEqual({
      verdict: 'unknown',
      cut: true,
    });
    store.save(result('PY1-N-AAAAAAB', { verdict: 'unwinnable', winnable: false, maxRemoved: 20, minMoves: null }));
    expect(store.count()).toBe(2);
    expect(store.storedVerdict({ game: 'pyramide', dealKey: 'PY1-N-AAAAAAB', rules: 'app', mode: 'full', solverVersion: 'test 1' })).toBe(
      'unwinnable',
    );
    // Another solver version is another row.
    store.save(result('PY1-N-AAAAAAA', {}, 'test 2'));
    expect(store.count()).toBe(3);
    expect(
      store
        .find({ code: 'PY1-N-AAAAAAA' })
        .map((r) => r.solverVersion)
        .sort(),
    ).toEqual(['test 1', 'test 2']);
    db.close();
  });

  it('round-trips every field, Infinity limits and game extras', () => {
    const db = openDatabase(join(dir, 'deals.sqlite'));
    const store = new ResultStore(db);
    const r = result('PY1-N-AAAAAAC', { notes: ['a note'] });
    (r.analysis as unknown as Record<string, unknown>).passesUsed = 2;
    store.save(r);
    const [row] = store.find({ dealKey: 'PY1-N-AAAAAAC' });
    expect(row).toMatchObject({
      game: 'pyramide',
      code: 'PY1-N-AAAAAAC',
      fingerprint: 'fp-PY1-N-AAAAAAC',
      verdict: 'winnable',
      winnable: true,
      minMoves: 40,
      minMovesProved: true,
      stuckFigure: 'maxRemoved',
      stuck: 28,
      stuckExact: true,
      solution: r.analysis.solution,
      notes: ['a note'],
      limits: { timeMs: 10_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 },
      extra: { passesUsed: 2 },
    });
    db.close();
  });

  it("writes a game's own fields as JSON.stringify writes the object of them, for both games and every kind of analysis", () => {
    const limits = { timeMs: 10_000, nodes: 200_000, memoryBytes: 2 * 1024 ** 3 };
    // The fields every game shares have columns of their own; the rest goes to `extra`.
    const common = new Set([
      ...['code', 'fingerprint', 'game', 'rules', 'verdict', 'winnable', 'minMoves', 'minMovesProved', 'moves'],
      ...['stuckExact', 'solution', 'nodes', 'ms', 'limit', 'notes'],
    ]);
    const cases = [
      { code: 'PY1-N-AAAAAAA', stuckFigure: 'maxRemoved', options: {} }, // won: difficulty figures, a line
      { code: 'PY1-N-AAAAAAF', stuckFigure: 'maxRemoved', options: {} }, // lost: a line to its most cards
      { code: 'PY1-N-AAAAAAA', stuckFigure: 'maxRemoved', options: { winnabilityOnly: true } },
      { code: 'DS1-D1N-AAAAAAA', stuckFigure: 'maxFoundation', options: { winnabilityOnly: true } },
    ];
    for (const { code, stuckFigure, options } of cases) {
      const analysis = openDeal({ kind: 'code', code }).analyse(limits, options);
      const own = Object.fromEntries(Object.entries(analysis).filter(([field]) => !common.has(field) && field !== stuckFigure));
      expect(Object.keys(own).length).toBeGreaterThan(2);
      const key = { game: analysis.game, dealKey: code, rules: analysis.rules, mode: 'full' as const, solverVersion: 'test' };
      const row = rowValues({ key, analysis, stuck: gameById(analysis.game).stuck, limits, analysedAt: 'now' });
      expect(row.at(-1)).toBe(JSON.stringify(own)); // `extra`, the last column
    }
  });

  it('stores many rows by statements of several rows as it stores them one by one, a key named twice keeping the last', () => {
    const many = openDatabase(join(dir, 'many.sqlite'));
    const single = openDatabase(join(dir, 'single.sqlite'));
    const results = Array.from({ length: 70 }, (_, i) =>
      result(`PY1-N-AAAAA${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`, {
        verdict: i % 3 === 0 ? 'unwinnable' : 'winnable',
        nodes: i,
      }),
    );
    // The same deal again inside the first statement of rows, with another answer.
    results.splice(10, 0, result(results[3]!.key.dealKey, { nodes: 999, notes: ['again'] }));
    new ResultStore(many).saveMany(results);
    const one = new ResultStore(single);
    for (const r of results) one.save(r);
    const rows = (db: typeof many) =>
      new ResultStore(db)
        .find({})
        .map(({ id: _id, ...row }) => row)
        .sort((a, b) => a.dealKey.localeCompare(b.dealKey));
    expect(rows(many)).toHaveLength(70);
    expect(rows(many)).toEqual(rows(single));
    expect(new ResultStore(many).find({ dealKey: results[3]!.key.dealKey })[0]).toMatchObject({ nodes: 999, notes: ['again'] });
    many.close();
    single.close();
  });

  it('writes a chunk all or nothing', () => {
    const db = openDatabase(join(dir, 'deals.sqlite'));
    const store = new ResultStore(db);
    const bad = result('PY1-N-AAAAAAE', { verdict: 'maybe' as never });
    expect(() => store.saveMany([result('PY1-N-AAAAAAD'), bad])).toThrow();
    expect(store.count()).toBe(0);
    db.close();
  });
});
