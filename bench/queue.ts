/**
 * The queue's overhead on one machine: the same Pyramide deals analysed by a local batch with
 * 2 worker threads, and by a coordinator with 2 `cardsolve worker` processes of 1 thread each
 * through a private redis-server on 127.0.0.1. Target: queue throughput >= 0.9 x local.
 * Also reports the chunk size, the Redis commands per deal (every client's top-level commands,
 * as MONITOR sees them; commands inside BullMQ's scripts are not round trips and are left out),
 * and how many rows per second the single SQLite writer stores.
 *
 * Options: --count N (default 2000), --start CODE (default PY1-N-AAAAAAA), --winnability-only,
 * --time-limit DURATION (default 10s), --node-limit COUNT (default none).
 *
 * Every figure is measured on the codes from `--start` and on the seed's random range of the
 * same size (ranges.ts), side by side; the target is met only where met on both.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { queueTarget } from '../src/batch/queue/connection.js';
import { runQueuedBatch } from '../src/batch/queue/coordinator.js';
import { runBatch } from '../src/batch/run.js';
import { gameById } from '../src/games/registry.js';
import { openDatabase } from '../src/store/database.js';
import { type NewResult, ResultStore, toAnalysis } from '../src/store/results.js';
import { startRedis } from '../test/support/redis.js';
import { type DealBenchArgs, defaultDealBenchArgs, parseDealBenchArgs, planOf, withRanges } from './dealArgs.js';
import { type Column, printGoal, printSideBySide } from './ranges.js';

type BenchArgs = DealBenchArgs;

function parseArgs(args: readonly string[]): BenchArgs {
  return parseDealBenchArgs(args, 'queue', defaultDealBenchArgs(2000));
}

const BIN = fileURLToPath(new URL('../../bin/cardsolve.js', import.meta.url));

/** Starts a `cardsolve worker` process and resolves once it takes chunks. */
function startWorker(url: string, name: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'worker', '--queue', url, '--queue-name', name, '--workers', '1'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.includes('taking chunks')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${err}`)));
  });
}

/** One range through the local batch, the queue and the SQLite writer: its rows and the queue / local ratio. */
async function measureRange(
  b: BenchArgs,
  dir: string,
  redisUrl: string,
  name: string,
  workersReady: () => Promise<void>,
): Promise<{ column: Column; ratio: number }> {
  const column: Column = [];
  const localDb = openDatabase(join(dir, `${name}-local.sqlite`));
  const local = await runBatch({ plan: planOf(b), db: localDb, workers: 2, limits: b.limits, analyse: b.options });
  localDb.close();
  column.push(['local batch, 2 worker threads: deals/s', local.dealsPerSecond.toFixed(1)]);

  // The worker processes start after the first local batch, so as not to run beside it.
  await workersReady();
  const target = queueTarget(redisUrl, 'bench');
  // Every client's top-level commands (source "lua" marks those run inside a script).
  const observer = new Redis(target.redis);
  const monitor = await observer.monitor();
  let commands = 0;
  monitor.on('monitor', (_time: string, _args: string[], source: string) => {
    if (source !== 'lua') commands++;
  });
  const queueDb = openDatabase(join(dir, `${name}-queue.sqlite`));
  const queued = await runQueuedBatch({ plan: planOf(b), db: queueDb, queue: target, limits: b.limits, analyse: b.options });
  monitor.disconnect();
  observer.disconnect();
  const ratio = queued.dealsPerSecond / local.dealsPerSecond;
  column.push(['queue, coordinator + 2 workers x 1 thread: deals/s', queued.dealsPerSecond.toFixed(1)]);
  column.push(['queue / local', ratio.toFixed(2)]);
  column.push(['chunks (deals per chunk)', `${queued.queue.chunks} (${(queued.analysed / queued.queue.chunks).toFixed(1)})`]);
  column.push([
    'Redis commands (per deal; all clients, idle polling included)',
    `${commands} (${(commands / queued.analysed).toFixed(2)})`,
  ]);
  if (queued.failed > 0 || queued.analysed !== b.count)
    throw new Error(`the queued batch analysed ${queued.analysed} of ${b.count} (${queued.failed} failed)`);

  // The single writer's ceiling: the rows above stored again under new keys, 64 per transaction.
  const rows = new ResultStore(queueDb).find({});
  queueDb.close();
  const writeDb = openDatabase(join(dir, `${name}-write.sqlite`));
  const store = new ResultStore(writeDb);
  const total = Math.max(20_000, rows.length);
  const started = performance.now();
  for (let i = 0; i < total; i += 64) {
    const batch: NewResult[] = [];
    for (let j = i; j < Math.min(total, i + 64); j++) {
      const row = rows[j % rows.length]!;
      batch.push({
        key: { game: row.game, dealKey: `${row.dealKey}#${j}`, rules: row.rules, mode: row.mode, solverVersion: row.solverVersion },
        analysis: toAnalysis(row, gameById(row.game)),
        stuck: gameById(row.game).stuck,
        limits: b.limits,
        analysedAt: row.analysedAt,
      });
    }
    store.saveMany(batch);
  }
  const perSecond = (total / (performance.now() - started)) * 1000;
  writeDb.close();
  column.push(['SQLite writer, these rows, 64 per transaction, WAL: rows/s', perSecond.toFixed(0)]);
  return { column, ratio };
}

export async function runQueueBench(args: string[], seed: number): Promise<void> {
  const b = parseArgs(args);
  const what = `${b.count} Pyramide deals per range, ${b.options.winnabilityOnly ? 'winnability only' : 'full analysis'}`;
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-bench-'));
  const redis = await startRedis();
  const workers: ChildProcess[] = [];
  try {
    const workersReady = async (): Promise<void> => {
      if (workers.length === 0) workers.push(await startWorker(redis.url, 'bench'), await startWorker(redis.url, 'bench'));
    };
    const runs = withRanges(b, seed);
    const results = [];
    for (const [k, r] of runs.entries()) results.push(await measureRange(r.args, dir, redis.url, `range${k}`, workersReady));
    const ranges = runs.map((r) => r.range);
    printSideBySide(
      `queue benchmark: ${what}`,
      ranges,
      results.map((r) => r.column),
    );
    printGoal(
      'queue >= 0.9 x local',
      ranges,
      results.map((r) => r.ratio),
      (v) => v >= 0.9,
    );
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
