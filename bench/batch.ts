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
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { runBatch } from '../src/batch/run.js';
import { formatDealCode, offsetDealCode, parseDealCode } from '../src/codes/dealCode.js';
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
  const main = r.mainMs !== undefined ? `; main thread ${r.mainMs.toFixed(1)} ms CPU per 1,000 deals` : '';
  console.log(
    `  ${label.padEnd(28)} ${r.perSecond.toFixed(1).padStart(9)} deals/s   (${r.cores.toFixed(2)} cores busy, ${perCpuSecond.toFixed(1)} deals per CPU-second${main})`,
  );
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
  first: number;
  count: number;
}

/** The bare solver on `threads` threads of its own (no pool, no storage): how well the solver alone scales. */
async function bareThreadsRate(args: readonly string[], b: BenchArgs, threads: number): Promise<number> {
  const started = performance.now();
  const per = Math.ceil(b.count / threads);
  await Promise.all(
    Array.from({ length: threads }, (_, i) => {
      const share: BareShare = { bareSolver: true, args: [...args], first: i * per, count: Math.min(per, b.count - i * per) };
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
  const first = formatDealCode(offsetDealCode(parseDealCode(b.start), share.first));
  for (const deal of planOf({ ...b, start: first, count: share.count }).deals()) openDeal(deal.input, {}).analyse(b.limits, b.options);
  parentPort!.postMessage('done');
}

export async function runBatchBench(args: string[]): Promise<void> {
  const b = parseArgs(args);
  const what = `${b.count} Pyramide deals from ${b.start}, ${b.options.winnabilityOnly ? 'winnability only' : 'full analysis'}`;
  console.log(`batch benchmark: ${what}`);
  const bare = b.bare ? await measure(() => bareRate(b)) : null;
  if (bare !== null) {
    show('bare solver, main thread', bare);
    const oneThread = await measure(() => bareThreadsRate(args, b, 1));
    show('bare solver, 1 thread', oneThread);
    const twoThreads = await measure(() => bareThreadsRate(args, b, 2));
    show('bare solver, 2 threads', twoThreads);
    console.log(
      `  bare 2 threads / 1 thread:   ${(twoThreads.perSecond / oneThread.perSecond).toFixed(2)} (the solver's own scaling, the ceiling for the batch)`,
    );
  }
  // The batch's own choice: with 1 worker the main thread stores on the spare core; 2
  // workers take both cores and store their own chunks.
  const one = await batchRate(b, 1);
  show('batch, 1 worker + storage', one);
  const oneStoring = await batchRate(b, 1, true);
  show('batch, 1 worker storing too', oneStoring);
  const two = await batchRate(b, 2);
  show('batch, 2 workers + storage', two);
  const ratio = two.perSecond / one.perSecond;
  console.log(`  2 workers / 1 worker:        ${ratio.toFixed(2)} (target >= 1.8)${ratio >= 1.8 ? '' : '  BELOW TARGET'}`);
  console.log(
    `  2 workers / 1 storing too:   ${(two.perSecond / oneStoring.perSecond).toFixed(2)} (both pay for storage on the solver threads)`,
  );
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
