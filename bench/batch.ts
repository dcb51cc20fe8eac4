/**
 * Batch throughput: the same Pyramide deals analysed by `batch` with 1 and 2 worker threads
 * (into a temporary database; 1 worker twice: the main thread storing, then the thread
 * storing its own chunks), and by the bare solver in a loop on the main thread and on 1 and
 * 2 threads of its own (no pool, no storage: the solver's own scaling). Targets: 2 workers at
 * least 1.8 times 1 worker; the 1-worker batch at least 0.9 times the bare solver.
 *
 * Options: --count N (default 10000), --start CODE (default PY1-N-AAAAAAA),
 * --winnability-only, --time-limit DURATION (default 10s, as solve), --node-limit COUNT (default
 * none; a node limit instead of a time limit makes every run do the same work), --skip-bare,
 * --chunk-size N (default: adaptive).
 *
 * Besides deals per second, each batch reports its main thread's CPU time per 1,000 deals
 * (Linux's per-thread accounting; elsewhere the event loop's busy time): what the main thread
 * takes from the solvers. Every figure includes starting the threads.
 *
 * Every figure is measured on the codes from `--start` and on the seed's random range of the
 * same size (ranges.ts), side by side; a target is met only where met on both.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { runBatch } from '../src/batch/run.js';
import { formatDealCode, offsetDealCode, parseDealCode } from '../src/codes/dealCode.js';
import { openDeal } from '../src/games/registry.js';
import { openDatabase } from '../src/store/database.js';
import { type AsUserArgs, runAsUser } from './batchAsUser.js';
import { type DealBenchArgs, defaultDealBenchArgs, parseDealBenchArgs, planOf, withRanges } from './dealArgs.js';
import { type Column, printGoal, printSideBySide } from './ranges.js';

interface BenchArgs extends DealBenchArgs {
  bare: boolean;
  chunkSize?: number;
  asUser: AsUserArgs;
  asUserOnly: boolean;
}

function parseArgs(args: readonly string[]): BenchArgs {
  return parseDealBenchArgs(
    args,
    'batch',
    {
      ...defaultDealBenchArgs(10_000),
      bare: true,
      asUser: { count: 0, fullCount: 300, repeats: 3 },
      asUserOnly: false,
    } satisfies BenchArgs as BenchArgs,
    (a, next, out) => {
      if (a === '--skip-bare') out.bare = false;
      else if (a === '--full-count') out.asUser.fullCount = Number(next());
      else if (a === '--repeats') out.asUser.repeats = Number(next());
      else if (a === '--as-user-only') out.asUserOnly = true;
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

/** A rate's rows: deals/s, the cores kept busy, deals per CPU-second, the main thread's share. */
function rows(label: string, r: Rate): Column {
  const perCpuSecond = r.cores > 0 ? r.perSecond / r.cores : 0;
  return [
    [`${label}: deals/s`, r.perSecond.toFixed(1)],
    [`${label}: cores busy`, r.cores.toFixed(2)],
    [`${label}: deals per CPU-second`, perCpuSecond.toFixed(1)],
    ...(r.mainMs !== undefined ? ([[`${label}: main thread ms CPU per 1,000 deals`, r.mainMs.toFixed(1)]] as Column) : []),
  ];
}

/**
 * CPU milliseconds the main thread has used, from Linux's per-thread accounting (10 ms
 * ticks): unlike the event loop's busy time it does not grow while other processes hold
 * the cores. Null elsewhere.
 */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function batchRate(b: BenchArgs, workers: number, storeOnThreads?: boolean): Promise<Rate> {
  const elu = performance.eventLoopUtilization();
  const cpu = mainThreadCpuMs();
  const rate = await measure(() => batchRun(b, workers, storeOnThreads));
  const after = mainThreadCpuMs();
  const busy = cpu !== null && after !== null ? after - cpu : performance.eventLoopUtilization(elu).active;
  return { ...rate, mainMs: (busy / b.count) * 1000 };
}

async function batchRun(b: BenchArgs, workers: number, storeOnThreads: boolean | undefined): Promise<number> {
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
        ...(storeOnThreads !== undefined ? { storeOnThreads } : {}),
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

interface BareShare {
  bareSolver: true;
  args: string[];
  /** The range's first code. */
  start: string;
  first: number;
  count: number;
}

/** The bare solver on `threads` threads of its own (no pool, no storage): how well the solver alone scales. */
async function bareThreadsRate(args: readonly string[], b: BenchArgs, threads: number): Promise<number> {
  const started = performance.now();
  const per = Math.ceil(b.count / threads);
  await Promise.all(
    Array.from({ length: threads }, (_, i) => {
      const share: BareShare = {
        bareSolver: true,
        args: [...args],
        start: b.start,
        first: i * per,
        count: Math.min(per, b.count - i * per),
      };
      return new Promise<void>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: share });
        worker.once('message', () => resolve());
        worker.once('error', reject);
      });
    }),
  );
  return (b.count / (performance.now() - started)) * 1000;
}

if (!isMainThread && (workerData as Partial<BareShare> | null)?.bareSolver === true) {
  const share = workerData as BareShare;
  const b = parseArgs(share.args);
  // The share's own codes, from its first: generating the deals of the shares before it
  // would be work the batch never does.
  const first = formatDealCode(offsetDealCode(parseDealCode(share.start), share.first));
  for (const deal of planOf({ ...b, start: first, count: share.count }).deals()) openDeal(deal.input, {}).analyse(b.limits, b.options);
  parentPort!.postMessage('done');
}

/** Every run on one range: its rows, and the ratios the targets judge (NaN where not measured). */
async function measureRange(args: readonly string[], b: BenchArgs): Promise<{ column: Column; workers: number; storage: number }> {
  const column: Column = [];
  const bare = b.bare ? await measure(() => bareRate(b)) : null;
  if (bare !== null) {
    column.push(...rows('bare solver, main thread', bare));
    const oneThread = await measure(() => bareThreadsRate(args, b, 1));
    column.push(...rows('bare solver, 1 thread', oneThread));
    const twoThreads = await measure(() => bareThreadsRate(args, b, 2));
    column.push(...rows('bare solver, 2 threads', twoThreads));
    column.push(["bare 2 threads / 1 thread (the solver's own scaling)", (twoThreads.perSecond / oneThread.perSecond).toFixed(2)]);
  }
  // The batch's own choice: with 1 worker the main thread stores on the spare core; 2
  // workers take both cores and store their own chunks.
  const one = await batchRate(b, 1);
  column.push(...rows('batch, 1 worker + storage', one));
  const oneStoring = await batchRate(b, 1, true);
  column.push(...rows('batch, 1 worker storing too', oneStoring));
  const two = await batchRate(b, 2);
  column.push(...rows('batch, 2 workers + storage', two));
  const workers = two.perSecond / one.perSecond;
  column.push(['2 workers / 1 worker', workers.toFixed(2)]);
  column.push(['2 workers / 1 storing too', (two.perSecond / oneStoring.perSecond).toFixed(2)]);
  const storage = bare !== null ? one.perSecond / bare.perSecond : NaN;
  if (bare !== null) column.push(['1-worker batch / bare', storage.toFixed(2)]);
  if (two.cores < 1.8) column.push(['note: the 2-worker run kept under 1.8 cores busy (the load, not the batch)', two.cores.toFixed(2)]);
  return { column, workers, storage };
}

export async function runBatchBench(args: string[], seed: number): Promise<void> {
  const b = parseArgs(args);
  if (!b.asUserOnly) await runInProcess(args, b, seed);
  // Issue 54's Pyramide batch row, and the dealers' speed goal: the command as a user runs it.
  runAsUser({ ...b.asUser, count: b.count }, seed);
}

async function runInProcess(args: string[], b: BenchArgs, seed: number): Promise<void> {
  const what = `${b.count} Pyramide deals per range, ${b.options.winnabilityOnly ? 'winnability only' : 'full analysis'}`;
  const runs = withRanges(b, seed);
  const results = [];
  for (const r of runs) results.push(await measureRange(args, r.args));
  const ranges = runs.map((r) => r.range);
  printSideBySide(
    `batch benchmark: ${what}`,
    ranges,
    results.map((r) => r.column),
  );
  printGoal(
    '2 workers >= 1.8 x 1 worker',
    ranges,
    results.map((r) => r.workers),
    (v) => v >= 1.8,
  );
  if (b.bare)
    printGoal(
      '1-worker batch >= 0.9 x the bare solver',
      ranges,
      results.map((r) => r.storage),
      (v) => v >= 0.9,
    );
}
