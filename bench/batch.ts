/**
 * Batch throughput: the same Pyramide deals analysed by `batch` with 1 and 2 worker threads
 * (into a temporary database), and by the bare solver in a loop on the main thread (no
 * threads, no storage). Targets: 2 workers at least 1.8 times 1 worker; the 1-worker batch
 * at least 0.9 times the bare solver.
 *
 * Options: --count N (default 10000), --start CODE (default PY1-N-AAAAAAA),
 * --winnability-only, --time-limit DURATION (default 10s, as solve), --node-limit COUNT (default
 * none; a node limit instead of a time limit makes every run do the same work), --skip-bare,
 * --chunk-size N (default: adaptive).
 *
 * Besides deals per second, each batch reports how long its main thread was busy (event loop
 * utilisation) per 1,000 deals: the share of the cores that storing takes from the solvers.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBatch } from '../src/batch/run.js';
import { openDeal } from '../src/games/registry.js';
import { openDatabase } from '../src/store/database.js';
import { type DealBenchArgs, defaultDealBenchArgs, parseDealBenchArgs, planOf } from './dealArgs.js';

interface BenchArgs extends DealBenchArgs {
  bare: boolean;
  chunkSize?: number;
}

function parseArgs(args: readonly string[]): BenchArgs {
  return parseDealBenchArgs(
    args,
    'batch',
    { ...defaultDealBenchArgs(10_000), bare: true } satisfies BenchArgs as BenchArgs,
    (a, next, out) => {
      if (a === '--skip-bare') out.bare = false;
      else if (a === '--chunk-size') out.chunkSize = Number(next());
      else return false;
      return true;
    },
  );
}

/** Deals per second, and the cores the process kept busy on average (all its threads). */
interface Rate {
  perSecond: number;
  cores: number;
  /** Main-thread busy milliseconds per 1,000 deals (batches only). */
  mainMs?: number;
}

async function measure(run: () => Promise<number> | number): Promise<Rate> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const perSecond = await run();
  const used = process.cpuUsage(cpu);
  return { perSecond, cores: (used.user + used.system) / 1000 / (performance.now() - started) };
}

function show(label: string, r: Rate): void {
  const perCpuSecond = r.cores > 0 ? r.perSecond / r.cores : 0;
  const main = r.mainMs !== undefined ? `; main thread busy ${r.mainMs.toFixed(0)} ms per 1,000 deals` : '';
  console.log(
    `  ${label.padEnd(28)} ${r.perSecond.toFixed(1).padStart(9)} deals/s   (${r.cores.toFixed(2)} cores busy, ${perCpuSecond.toFixed(1)} deals per CPU-second${main})`,
  );
}

async function batchRate(b: BenchArgs, workers: number): Promise<Rate> {
  const elu = performance.eventLoopUtilization();
  const rate = await measure(() => batchRun(b, workers));
  return { ...rate, mainMs: (performance.eventLoopUtilization(elu).active / b.count) * 1000 };
}

async function batchRun(b: BenchArgs, workers: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-bench-'));
  try {
    const db = openDatabase(join(dir, 'deals.sqlite'));
    try {
      const summary = await runBatch({
        plan: planOf(b),
        db,
        workers,
        limits: b.limits,
        analyse: b.options,
        ...(b.chunkSize !== undefined ? { chunkSize: b.chunkSize } : {}),
      });
      if (summary.analysed !== b.count) throw new Error(`batch analysed ${summary.analysed} of ${b.count} deals`);
      return summary.dealsPerSecond;
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function bareRate(b: BenchArgs): number {
  const started = performance.now();
  let n = 0;
  for (const deal of planOf(b).deals()) {
    openDeal(deal.input, {}).analyse(b.limits, b.options);
    n++;
  }
  return (n / (performance.now() - started)) * 1000;
}

export async function runBatchBench(args: string[]): Promise<void> {
  const b = parseArgs(args);
  const what = `${b.count} Pyramide deals from ${b.start}, ${b.options.winnabilityOnly ? 'winnability only' : 'full analysis'}`;
  console.log(`batch benchmark: ${what}`);
  const bare = b.bare ? await measure(() => bareRate(b)) : null;
  if (bare !== null) show('bare solver, main thread', bare);
  const one = await batchRate(b, 1);
  show('batch, 1 worker + storage', one);
  const two = await batchRate(b, 2);
  show('batch, 2 workers + storage', two);
  const ratio = two.perSecond / one.perSecond;
  console.log(`  2 workers / 1 worker:        ${ratio.toFixed(2)} (target >= 1.8)${ratio >= 1.8 ? '' : '  BELOW TARGET'}`);
  if (bare !== null) {
    const storage = one.perSecond / bare.perSecond;
    console.log(`  1-worker batch / bare:       ${storage.toFixed(2)} (target >= 0.9)${storage >= 0.9 ? '' : '  BELOW TARGET'}`);
  }
  if (two.cores < 1.8) {
    console.log(
      `  note: the 2-worker run kept only ${two.cores.toFixed(2)} cores busy; on a shared machine the ratio measures the load, not the batch`,
    );
  }
}
