/**
 * Running a batch: the main thread walks the plan, skips what is stored and sends chunks of
 * deals to the pool. Each thread turns its analyses into rows and, when the threads take
 * every core, stores its finished chunk in one transaction of its own connection and answers
 * with the verdict counts; otherwise it sends the rows and the main thread stores them on
 * the spare core. A killed run loses only the chunks in flight; a rerun picks up the rest.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type Database from 'better-sqlite3';
import type { AnalyseOptions } from '../games/types.js';
import type { Limits } from '../search/limits.js';
import { LOCK_WAIT_MS } from '../store/database.js';
import type { AnalysisMode } from '../store/results.js';
import { ChunkPace } from './chunkSize.js';
import type { BatchPlan, PlannedDeal } from './inputs.js';
import type { RowChunkResult, RowChunkTask, RowGroup, StoreTarget } from './messages.js';
import { createPool, runRows, type SolverPool } from './pool.js';
import type { BatchProgress, BatchSummary } from './report.js';
import { BATCH_CHECKPOINT_PAGES, BatchTally, relaxCheckpoints } from './tally.js';

// What runBatch's callers name: the types of what it reports, the largest chunk it sends.
export { MAX_CHUNK } from './chunkSize.js';
export type { BatchProgress, BatchSummary } from './report.js';

export interface BatchRunOptions {
  plan: BatchPlan;
  db: Database.Database;
  workers: number;
  limits: Limits;
  analyse: AnalyseOptions;
  /** Deals per task; by default it adapts to the deals' speed, from 1 up to MAX_CHUNK. */
  chunkSize?: number;
  /** Analyse again the deals stored as `unknown` or cut short by a limit (minMoves not proven). */
  retryUnknown?: boolean;
  /** Analyse every deal again, stored or not. */
  force?: boolean;
  onStart?: (progress: BatchProgress) => void;
  onProgress?: (progress: BatchProgress) => void;
  /** Pool to use instead of a new one (the caller closes it). */
  pool?: SolverPool;
  /**
   * Chunks the pool was given while the plan was being checked (`speculate`), the plan's
   * first deals in order: their answers are stored as any chunk's, unless a deal of one turns
   * out stored already (a rerun), when it is sent again without it.
   */
  presolved?: readonly Presolved[];
  /**
   * Whether the solver threads store their own chunks (else the main thread stores them).
   * By default they do when they take every core; with a core to spare, the main thread
   * stores on it while the threads only solve. A database in memory is always stored by
   * the main thread, the one connection that sees it.
   */
  storeOnThreads?: boolean;
  /** How long the threads that store wait for another writer's lock before the batch stops (ms; default 10 s). */
  lockWaitMs?: number;
}

/** A chunk of the plan's first deals sent to the pool before the batch (see `BatchRunOptions.presolved`). */
export interface Presolved {
  count: number;
  result: Promise<RowChunkResult>;
}

/** A chunk as a thread's task: the deals, their keys and groups, and where to store (or not). */
export function rowTaskOf(
  chunk: readonly PlannedDeal[],
  plan: BatchPlan,
  limits: Limits,
  analyse: AnalyseOptions,
  store?: StoreTarget,
): RowChunkTask {
  const groups: RowGroup[] = [];
  const groupOf: number[] = [];
  const deals = chunk.map((d) => d.input);
  const dealKeys = chunk.map((d) => d.dealKey);
  let last: PlannedDeal | null = null;
  for (const deal of chunk) {
    // Deals of one code range follow each other and share a group.
    if (last === null || last.game !== deal.game || last.rules !== deal.rules || last.solverVersion !== deal.solverVersion) {
      groups.push({ game: deal.game.id, rules: deal.rules, solverVersion: deal.solverVersion });
      last = deal;
    }
    groupOf.push(groups.length - 1);
  }
  const mode = modeOf(analyse);
  return { deals, flags: plan.flags, limits, options: analyse, mode, groups, groupOf, dealKeys, ...(store ? { store } : {}) };
}

/** Aim for chunks of about this much solver time: short enough for progress, long enough to amortise messages. */
const CHUNK_TARGET_MS = 250;
/** A chunk is at most this fraction of each thread's share of what is left to send. */
const TAIL_SPLIT = 4;

export function modeOf(options: AnalyseOptions): AnalysisMode {
  if (options.winnabilityOnly) return 'winnability';
  if (options.optimize) return 'optimize';
  return 'full';
}

export async function runBatch(options: BatchRunOptions): Promise<BatchSummary> {
  const { plan, limits, analyse, workers } = options;
  const tally = new BatchTally(options.db, {
    mode: modeOf(analyse),
    limits,
    ...(options.retryUnknown !== undefined ? { retryUnknown: options.retryUnknown } : {}),
    ...(options.force !== undefined ? { force: options.force } : {}),
  });

  // The threads load their modules while the plan is counted.
  const pool = options.pool ?? createPool(workers);
  const restoreCheckpoints = relaxCheckpoints(options.db);
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = workers * 2;
  let fatal: { error: unknown } | null = null;
  const pace = new ChunkPace(CHUNK_TARGET_MS, 8);
  let sent = 0;

  const chunkSize = (): number => {
    if (options.chunkSize !== undefined) return options.chunkSize;
    // Chunks shrink towards the end, so the threads finish together rather than one
    // working through a last large chunk while the others wait.
    return pace.size(Math.max(1, Math.ceil((tally.pending - sent) / (workers * TAIL_SPLIT))));
  };

  const finish = (chunk: readonly PlannedDeal[], result: RowChunkResult): void => {
    if (result.storeError !== undefined) throw new Error(`cannot store results in the database: ${result.storeError}`);
    for (const { index, error } of result.failures) tally.fail(`${chunk[index]!.dealKey}: ${error}`, 1);
    tally.saveChunk(result.rows, result.counts);
    pace.timed(chunk.length, result.ms);
    options.onProgress?.(tally.progress());
  };

  // Storing takes CPU wherever it runs: on a spare core if there is one, else on the threads.
  const onThreads = (options.storeOnThreads ?? workers >= availableParallelism()) && !options.db.memory;
  const store: StoreTarget | undefined = onThreads
    ? { path: options.db.name, batch: randomUUID(), walPages: BATCH_CHECKPOINT_PAGES, lockWaitMs: options.lockWaitMs ?? LOCK_WAIT_MS }
    : undefined;
  const send = (chunk: PlannedDeal[], answered?: Promise<RowChunkResult>): void => {
    sent += chunk.length;
    const p: Promise<void> = (answered ?? runRows(pool, rowTaskOf(chunk, plan, limits, analyse, store)))
      .then(
        (result) => finish(chunk, result),
        (error: unknown) => {
          // The thread died (out of memory, a crash): the chunk is lost, the pool replaces the thread.
          tally.fail(`${chunk[0]!.dealKey} and ${chunk.length - 1} more: ${String(error)}`, chunk.length);
          options.onProgress?.(tally.progress());
        },
      )
      .catch((error: unknown) => {
        fatal ??= { error };
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  try {
    // First pass: how many deals are to be analysed, for the progress total.
    tally.countPlanned(plan);
    options.onStart?.(tally.progress());
    const deals = plan.deals();
    for (const pre of options.presolved ?? []) {
      const chunk: PlannedDeal[] = [];
      for (let i = 0; i < pre.count; i++) chunk.push(deals.next().value as PlannedDeal);
      const admitted = chunk.filter((deal) => tally.admit(deal));
      if (admitted.length === chunk.length) send(chunk, pre.result);
      else if (admitted.length > 0) send(admitted);
    }
    let chunk: PlannedDeal[] = [];
    let size = chunkSize();
    for (let next = deals.next(); !next.done; next = deals.next()) {
      const deal = next.value;
      if (fatal) break;
      if (!tally.admit(deal)) continue;
      chunk.push(deal);
      if (chunk.length >= size) {
        while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
        send(chunk);
        chunk = [];
        size = chunkSize();
      }
    }
    if (chunk.length > 0 && !fatal) send(chunk);
    tally.allSent(sent);
    await Promise.all(inFlight);
  } finally {
    restoreCheckpoints();
    if (!options.pool) await pool.destroy();
  }
  if (fatal !== null) throw (fatal as { error: unknown }).error;
  return tally.summary(plan.total, workers);
}
