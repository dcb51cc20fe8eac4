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
import { openDatabase } from '../src/store/database.js';
import { type NewResult, ResultStore, toAnalysis } from '../src/store/results.js';
import { startRedis } from '../test/support/redis.js';
import { type DealBenchArgs, defaultDealBenchArgs, parseDealBenchArgs, planOf } from './dealArgs.js';

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

export async function runQueueBench(args: string[]): Promise<void> {
  const b = parseArgs(args);
  const what = `${b.count} Pyramide deals from ${b.start}, ${b.options.winnabilityOnly ? 'winnability only' : 'full analysis'}`;
  console.log(`queue benchmark: ${what}`);
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-bench-'));
  const redis = await startRedis();
  const workers: ChildProcess[] = [];
  try {
    const localDb = openDatabase(join(dir, 'local.sqlite'));
    const local = await runBatch({ plan: planOf(b), db: localDb, workers: 2, limits: b.limits, analyse: b.options });
    localDb.close();
    console.log(`  local batch, 2 worker threads:            ${local.dealsPerSecond.toFixed(1).padStart(8)} deals/s`);

    const target = queueTarget(redis.url, 'bench');
    workers.push(await startWorker(redis.url, 'bench'), await startWorker(redis.url, 'bench'));
    // Every client's top-level commands (source "lua" marks those run inside a script).
    const observer = new Redis(target.redis);
    const monitor = await observer.monitor();
    let commands = 0;
    monitor.on('monitor', (_time: string, _args: string[], source: string) => {
      if (source !== 'lua') commands++;
    });
    const queueDb = openDatabase(join(dir, 'queue.sqlite'));
    const queued = await runQueuedBatch({ plan: planOf(b), db: queueDb, queue: target, limits: b.limits, analyse: b.options });
    monitor.disconnect();
    observer.disconnect();
    const ratio = queued.dealsPerSecond / local.dealsPerSecond;
    console.log(`  queue, coordinator + 2 workers x 1 thread: ${queued.dealsPerSecond.toFixed(1).padStart(8)} deals/s`);
    console.log(`  queue / local:                             ${ratio.toFixed(2)} (target >= 0.9)${ratio >= 0.9 ? '' : '  BELOW TARGET'}`);
    console.log(
      `  ${queued.queue.chunks} chunks, ${(queued.analysed / queued.queue.chunks).toFixed(1)} deals per chunk on average; ` +
        `${commands} Redis commands, ${(commands / queued.analysed).toFixed(2)} per deal (all clients, idle polling included)`,
    );
    if (queued.failed > 0 || queued.analysed !== b.count)
      throw new Error(`the queued batch analysed ${queued.analysed} of ${b.count} (${queued.failed} failed)`);

    // The single writer's ceiling: the rows above stored again under new keys, 64 per transaction.
    const rows = new ResultStore(queueDb).find({});
    queueDb.close();
    const writeDb = openDatabase(join(dir, 'write.sqlite'));
    const store = new ResultStore(writeDb);
    const total = Math.max(20_000, rows.length);
    const started = performance.now();
    for (let i = 0; i < total; i += 64) {
      const batch: NewResult[] = [];
      for (let j = i; j < Math.min(total, i + 64); j++) {
        const row = rows[j % rows.length]!;
        batch.push({
          key: { game: row.game, dealKey: `${row.dealKey}#${j}`, rules: row.rules, mode: row.mode, solverVersion: row.solverVersion },
          analysis: toAnalysis(row),
          stuckFigure: row.stuckFigure ?? 'stuck',
          limits: b.limits,
          analysedAt: row.analysedAt,
        });
      }
      store.saveMany(batch);
    }
    const perSecond = (total / (performance.now() - started)) * 1000;
    writeDb.close();
    console.log(`  SQLite writer: ${perSecond.toFixed(0)} rows/s (these rows, 64 per transaction, WAL)`);
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
