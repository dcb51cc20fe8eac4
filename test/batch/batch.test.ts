import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsolve } from '../support/cli.js';
import { inspect } from '../support/database.js';
import { tempDir } from '../support/tempDir.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});
afterAll(() => cleanup());

interface Summary {
  deals: number;
  skipped: number;
  analysed: number;
  failed: number;
  thisRun: { winnable: number; unwinnable: number; unknown: number };
  stored: { winnable: number; unwinnable: number; unknown: number };
}

function batch(args: string[]): Summary {
  const r = cardsolve(['batch', ...args, '--json', '--workers', '2'], { cwd: dir });
  // Without a terminal there is no progress: standard error is empty.
  expect(r.stderr).toBe('');
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Summary;
}

const RANGE = 'PY1-N-AAAAAAA..PY1-N-AAAAABA';
const FAST = ['--node-limit', '5000'];

describe('cardsolve batch', () => {
  it('stores a range of 27 deals, skips them on a rerun and recomputes them with --force', () => {
    const db = join(dir, 'range.sqlite');
    const first = batch([RANGE, '--db', db, ...FAST]);
    expect(first).toMatchObject({ deals: 27, skipped: 0, analysed: 27, failed: 0 });
    expect(first.thisRun.winnable + first.thisRun.unwinnable + first.thisRun.unknown).toBe(27);
    expect(inspect(db)).toMatchObject({ rows: 27, distinct: 27, integrity: 'ok' });

    const again = batch([RANGE, '--db', db, ...FAST]);
    expect(again).toMatchObject({ deals: 27, skipped: 27, analysed: 0 });
    expect(again.stored).toEqual(first.stored);

    const times = (): string[] =>
      (
        new Database(db, { readonly: true }).prepare('SELECT analysed_at AS t FROM results ORDER BY deal_key').all() as Array<{ t: string }>
      ).map((r) => r.t);
    const before = times();
    const forced = batch([RANGE, '--db', db, ...FAST, '--force']);
    expect(forced).toMatchObject({ skipped: 0, analysed: 27 });
    expect(inspect(db)).toMatchObject({ rows: 27, distinct: 27, integrity: 'ok' });
    expect(times()).not.toEqual(before);
  });

  it('shows progress off a terminal only when asked (--progress: plain lines), and never with --no-progress', () => {
    const db = join(dir, 'progress.sqlite');
    // One thread: the progress lines are the main thread's, and a second thread doubled the time of a run of 3 deals.
    const quick = ['--workers', '1', ...FAST];
    const asked = cardsolve(['batch', 'PY1-N-AAAAAAA', '--count', '3', '--db', db, '--progress', ...quick], { cwd: dir });
    expect(asked.status, asked.stderr).toBe(0);
    expect(asked.stderr).toMatch(/^batch: 3 deals to analyse\n/);
    const off = cardsolve(['batch', 'PY1-N-AAAAAAD', '--count', '3', '--db', db, '--progress', '--no-progress', ...quick], { cwd: dir });
    expect(off.status, off.stderr).toBe(0);
    expect(off.stderr).toBe('');
    expect(off.stdout).toMatch(/analysed 3/);
  });

  it('revisits unknown deals with --retry-unknown and larger limits', () => {
    const db = join(dir, 'retry.sqlite');
    // Under msc rules the verdicts need the search of whole positions, which one node cannot finish.
    const msc = ['--rules', 'msc'];
    const tiny = batch(['PY1-N-AAAAAAA', '--count', '27', '--db', db, ...msc, '--node-limit', '1']);
    expect(tiny.analysed).toBe(27);
    expect(tiny.thisRun.unknown).toBeGreaterThan(0);
    // Without --retry-unknown nothing is analysed again.
    expect(batch(['PY1-N-AAAAAAA', '--count', '27', '--db', db, ...msc, '--node-limit', '1'])).toMatchObject({ analysed: 0, skipped: 27 });

    const retry = batch(['PY1-N-AAAAAAA', '--count', '27', '--db', db, ...msc, '--retry-unknown', ...FAST]);
    expect(retry.analysed).toBeGreaterThanOrEqual(tiny.thisRun.unknown);
    expect(retry.stored.unknown).toBeLessThan(tiny.stored.unknown);
    expect(inspect(db)).toMatchObject({ rows: 27, distinct: 27, integrity: 'ok' });
  });

  it('reads a list file of codes, ranges and comments', () => {
    const list = join(dir, 'list.txt');
    writeFileSync(list, '# some deals\nPY1-N-AAAAAAA\n\nPY1-N-AAAAAAC..PY1-N-AAAAAAE   # three\npy1-n-aaaaaaz\n');
    const db = join(dir, 'list.sqlite');
    expect(batch(['--list', list, '--db', db, ...FAST])).toMatchObject({ deals: 5, analysed: 5 });
    const r = cardsolve(['lookup', 'PY1-N-AAAAAAZ', '--db', db, '--json'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ deal: 'PY1-N-AAAAAAZ', stored: true });
  });

  it('answers lookup, stats and export from the database', () => {
    const db = join(dir, 'range.sqlite');
    const found = cardsolve(['lookup', 'PY1-N-AAAAAAB', '--db', db], { cwd: dir });
    expect(found.status).toBe(0);
    expect(found.stdout).toContain('PY1-N-AAAAAAB');
    expect(found.stdout).toContain('stored ');

    const missing = cardsolve(['lookup', 'PY1-N-ZZZZZZZ', '--db', db], { cwd: dir });
    expect(missing.status).toBe(0);
    expect(missing.stdout).toMatch(/not stored yet/);

    const stats = cardsolve(['stats', '--db', db, '--json'], { cwd: dir });
    expect(stats.status).toBe(0);
    const groups = (JSON.parse(stats.stdout) as { groups: Array<{ deals: number; game: string }> }).groups;
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ game: 'pyramide', deals: 27 });
    expect(cardsolve(['stats', '--db', db], { cwd: dir }).stdout).toMatch(/95% CI/);

    const csv = cardsolve(['export', '--format', 'csv', '--db', db], { cwd: dir });
    expect(csv.status).toBe(0);
    expect(csv.stdout.trim().split('\n')).toHaveLength(28);
    const jsonl = cardsolve(['export', '--format', 'jsonl', '--db', db, '--verdict', 'winnable'], { cwd: dir });
    for (const line of jsonl.stdout.trim().split('\n')) expect((JSON.parse(line) as { verdict: string }).verdict).toBe('winnable');
    const json = cardsolve(['export', '--format', 'json', '--db', db], { cwd: dir });
    expect(JSON.parse(json.stdout)).toHaveLength(27);
  });
});

describe('bad input: exit 2, nothing written', () => {
  it('refuses a text file given as the database and leaves it unchanged', () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'shopping list\n');
    const before = readFileSync(path);
    for (const args of [['batch', RANGE], ['stats'], ['lookup', 'PY1-N-AAAAAAA'], ['export']]) {
      const r = cardsolve([...args, '--db', path], { cwd: dir });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/not a cardsolve database/);
    }
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a foreign SQLite database and leaves it unchanged', () => {
    const path = join(dir, 'foreign.sqlite');
    const other = new Database(path);
    other.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);');
    other.close();
    const before = readFileSync(path);
    const r = cardsolve(['batch', RANGE, '--db', path], { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/other program/);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses malformed codes, ranges and unreadable lists before creating the database', () => {
    const db = join(dir, 'never.sqlite');
    const cases: Array<[string[], RegExp]> = [
      [['batch', 'PY1-N-AAAA', '--db', db], /not a deal number/],
      [['batch', 'PY1-N-AAAAABA..PY1-N-AAAAAAA', '--db', db], /first code comes after the last/],
      [['batch', '--list', join(dir, 'no-such-list.txt'), '--db', db], /cannot be read/],
      [['batch', 'PY1-N-AAAAAAA..PY1-N-AAAAAAB', '--count', '5', '--db', db], /--count/],
      [['batch', 'PY1-N-AAAAAAA', '--workers', 'zero', '--db', db], /--workers/],
      [['lookup', 'PY1-N-AAAA', '--db', db], /not a deal number/],
    ];
    for (const [args, message] of cases) {
      const r = cardsolve(args, { cwd: dir });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    const list = join(dir, 'bad-list.txt');
    writeFileSync(list, 'PY1-N-AAAAAAA\nPY1-N-AAAAAAB\nnot-a-file.txt\n');
    const r = cardsolve(['batch', '--list', list, '--db', db], { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/line 3/);
    expect(existsSync(db)).toBe(false);
  });
});
