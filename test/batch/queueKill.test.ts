/**
 * The queue's promises under kill -9: a worker killed mid-chunk loses nothing (its chunk is
 * taken again), a coordinator killed mid-run is rerun and completes without recomputing.
 */

import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cardsolve } from '../support/cli.js';
import { inspect, storedRows } from '../support/database.js';
import { missing } from '../support/programs.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { tempDir } from '../support/tempDir.js';

const NO_REDIS = missing('redis-server');
let redis: TestRedis;
let dir: string;
let cleanup: () => void;
beforeAll(async () => {
  if (NO_REDIS) return;
  redis = await startRedis();
  ({ dir, cleanup } = tempDir());
});
afterAll(async () => {
  await redis?.stop();
  cleanup?.();
});

// A node limit and no time limit: the same answers on every run, whatever the load.
const FAST = ['--node-limit', '2000', '--time-limit', 'none'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  child: ChildProcessByStdio<null, Readable, Readable>;
  out: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(args: string[]): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.resume();
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, out: () => out, exit };
}

function worker(queue: string, stalledAfter: string): Proc {
  return start([
    'worker',
    '--queue',
    redis.url,
    '--queue-name',
    queue,
    '--workers',
    '1',
    '--stalled-after',
    stalledAfter,
    '--json',
    '--no-progress',
  ]);
}

async function waitForRows(path: string, rows: number, proc: Proc): Promise<number> {
  let seen = 0;
  for (let i = 0; i < 1200 && seen < rows && proc.child.exitCode === null; i++) {
    await sleep(50);
    seen = storedRows(path);
  }
  return seen;
}

/** Every stored row, without what differs between runs (row id, time taken, when). */
function rowsOf(path: string): Array<Record<string, unknown>> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT * FROM results ORDER BY deal_key').all() as Array<Record<string, unknown>>).map(
      ({ id: _id, ms: _ms, analysed_at: _at, ...rest }) => rest,
    );
  } finally {
    db.close();
  }
}

describe.skipIf(NO_REDIS)('a worker killed with SIGKILL mid-run', () => {
  it('loses nothing: 120 codes, exactly 120 rows, each equal to a local batch', { timeout: 180_000 }, async () => {
    const COUNT = 120;
    const deals = ['PY1-N-AAAAAAA', '--count', String(COUNT), ...FAST];
    const local = join(dir, 'local.sqlite');
    const r = cardsolve(['batch', ...deals, '--db', local, '--workers', '2', '--no-progress'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);

    const db = join(dir, 'queued.sqlite');
    const doomed = worker('kill-worker', '2s');
    const survivor = worker('kill-worker', '2s');
    const coordinator = start([
      'batch',
      ...deals,
      '--db',
      db,
      '--chunk-size',
      '5',
      '--queue',
      redis.url,
      '--queue-name',
      'kill-worker',
      '--json',
      '--no-progress',
    ]);
    try {
      // Mid-run: some chunks stored, most still to do; the doomed worker holds chunks (two per thread), and has stored some
      // (40 rows: on a busy machine, after 20 it had not always finished one).
      const seen = await waitForRows(db, 40, coordinator);
      expect(seen).toBeGreaterThanOrEqual(40);
      expect(seen).toBeLessThan(COUNT);
      doomed.child.kill('SIGKILL');
      expect((await doomed.exit).signal).toBe('SIGKILL');

      const done = await coordinator.exit;
      expect(done.code).toBe(0);
      const summary = JSON.parse(coordinator.out()) as {
        analysed: number;
        failed: number;
        queue: { stalled: number; workerProcesses: number };
      };
      expect(summary).toMatchObject({ analysed: COUNT, failed: 0 });
      // The killed worker's chunks were taken again by the survivor.
      expect(summary.queue.stalled).toBeGreaterThanOrEqual(1);
      expect(summary.queue.workerProcesses).toBe(2);
    } finally {
      for (const p of [doomed, survivor, coordinator])
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
      await survivor.exit;
    }
    expect(inspect(db)).toMatchObject({ rows: COUNT, distinct: COUNT, integrity: 'ok' });
    expect(rowsOf(db)).toEqual(rowsOf(local));
  });
});

describe.skipIf(NO_REDIS)('a coordinator killed with SIGKILL mid-run', () => {
  it('is rerun: it stores what finished meanwhile, awaits what is queued, and nothing is analysed twice', {
    timeout: 180_000,
  }, async () => {
    const COUNT = 120;
    const db = join(dir, 'coordinator.sqlite');
    const args = [
      'batch',
      'PY1-N-AAAAAAA',
      '--count',
      String(COUNT),
      ...FAST,
      '--db',
      db,
      '--chunk-size',
      '4',
      '--queue',
      redis.url,
      '--queue-name',
      'kill-coordinator',
      '--json',
      '--no-progress',
    ];
    // A long --stalled-after: nothing here stalls, so every deal is analysed exactly once.
    const workers = [worker('kill-coordinator', '60s'), worker('kill-coordinator', '60s')];
    try {
      const first = start(args);
      const seen = await waitForRows(db, 12, first);
      first.child.kill('SIGKILL');
      expect((await first.exit).signal).toBe('SIGKILL');
      expect(seen).toBeLessThan(COUNT);
      const stored = storedRows(db);
      // The workers go on with the queued chunks while no coordinator runs.
      await sleep(500);

      const rerun = start(args);
      expect((await rerun.exit).code).toBe(0);
      const summary = JSON.parse(rerun.out()) as {
        skipped: number;
        analysed: number;
        failed: number;
        queue: { recovered: number; adopted: number };
      };
      expect(summary.failed).toBe(0);
      expect(summary.skipped).toBe(stored + summary.queue.recovered);
      expect(summary.queue.recovered + summary.queue.adopted).toBeGreaterThan(0);
      expect(summary.skipped + summary.analysed).toBe(COUNT);
    } finally {
      for (const w of workers) w.child.kill('SIGTERM');
    }
    const totals = await Promise.all(
      workers.map(async (w) => {
        expect((await w.exit).code).toBe(0);
        return (JSON.parse(w.out()) as { deals: number }).deals;
      }),
    );
    // Every deal analysed once over both coordinator runs: nothing was sent twice.
    expect(totals[0]! + totals[1]!).toBe(COUNT);
    expect(inspect(db)).toMatchObject({ rows: COUNT, distinct: COUNT, integrity: 'ok' });
  });
});
