import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cardsolve } from '../support/cli.js';
import { inspect, storedRows } from '../support/database.js';
import { tempDir } from '../support/tempDir.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});
afterAll(() => cleanup());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a batch killed mid-run', () => {
  it('leaves a sound database; the rerun stores the rest once', async () => {
    const db = join(dir, 'killed.sqlite');
    const COUNT = 40;
    // From deal 5 on: its first deals are quick to analyse in full, so the rows waited for come soon.
    const args = ['batch', 'PY1-N-AAAAAAF', '--count', String(COUNT), '--db', db, '--json'];
    // The killed run does full analyses (far longer than the wait below); the limits are not
    // part of a result's key, so the rerun may finish the rest with a small node limit.
    const child = spawn(process.execPath, [BIN, ...args, '--workers', '1', '--chunk-size', '2'], { cwd: dir, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));

    // Wait for some chunks to be committed, reading while the batch writes.
    let seen = 0;
    for (let i = 0; i < 2400 && seen < 4; i++) {
      await sleep(25);
      seen = storedRows(db);
      if (child.exitCode !== null) break;
    }
    // Another reader (the stats command) works while the batch writes too.
    const stats = cardsolve(['stats', '--db', db, '--json'], { cwd: dir });
    expect(stats.status, stats.stderr).toBe(0);

    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const after = inspect(db);
    expect(after.integrity).toBe('ok');
    expect(after.rows).toBeGreaterThanOrEqual(4);
    expect(after.rows).toBeLessThan(COUNT);
    expect(after.distinct).toBe(after.rows);

    const rerun = cardsolve([...args, '--workers', '2', '--node-limit', '5000'], { cwd: dir });
    expect(rerun.status, rerun.stderr).toBe(0);
    const summary = JSON.parse(rerun.stdout) as { skipped: number; analysed: number };
    expect(summary.skipped).toBe(after.rows);
    expect(summary.analysed).toBe(COUNT - after.rows);

    const done = inspect(db);
    expect(done).toMatchObject({ rows: COUNT, distinct: COUNT, integrity: 'ok' });
    // A third run has nothing left to do.
    const third = JSON.parse(cardsolve(args, { cwd: dir }).stdout) as { skipped: number; analysed: number };
    expect(third).toMatchObject({ skipped: COUNT, analysed: 0 });
  });

  it('while its threads write their own chunks: whole chunks or nothing, and the rerun stores the rest once', async () => {
    const db = join(dir, 'threads.sqlite');
    const COUNT = 40;
    const built = (path: string) => JSON.stringify(new URL(`../../dist/src/${path}`, import.meta.url).href);
    // The library's batch with the threads storing, as on a machine whose every core solves;
    // chunks of exactly 2 deals, so a whole chunk stored means an even number of rows.
    const script = `
      const { runBatch } = await import(${built('batch/run.js')});
      const { planBatch } = await import(${built('batch/inputs.js')});
      const { openDatabase } = await import(${built('store/database.js')});
      const db = openDatabase(${JSON.stringify(db)});
      const plan = planBatch({ args: ['PY1-N-AAAAAAF'], count: ${COUNT} }, {});
      const limits = { timeMs: 10000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
      await runBatch({ plan, db, workers: 2, limits, analyse: {}, chunkSize: 2, storeOnThreads: true });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));

    let seen = 0;
    for (let i = 0; i < 2400 && seen < 6; i++) {
      await sleep(25);
      seen = storedRows(db);
      if (child.exitCode !== null) break;
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const after = inspect(db);
    expect(after.integrity).toBe('ok');
    expect(after.rows).toBeGreaterThanOrEqual(6);
    expect(after.rows).toBeLessThan(COUNT);
    expect(after.rows % 2).toBe(0);
    expect(after.distinct).toBe(after.rows);

    const args = ['batch', 'PY1-N-AAAAAAF', '--count', String(COUNT), '--db', db, '--json', '--workers', '2', '--node-limit', '5000'];
    const rerun = cardsolve(args, { cwd: dir });
    expect(rerun.status, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ skipped: after.rows, analysed: COUNT - after.rows });
    expect(inspect(db)).toMatchObject({ rows: COUNT, distinct: COUNT, integrity: 'ok' });
  });
});
