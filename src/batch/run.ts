/**
 * Running a batch: the main thread walks the plan, skips what is stored, sends chunks of
 * deals to the pool and stores each finished chunk in one transaction. A killed run loses
 * only the chunks in flight; a rerun picks up the rest.
 */
import type Database from 'better-sqlite3';
import type { AnalyseOptions, Verdict } from '../games/types.js';
import type { Limits } from '../search/limits.js';
import { type AnalysisMode, type NewResult, type ResultKey, ResultStore } from '../store/results.js';
import type { BatchPlan, PlannedDeal } from './inputs.js';
import { type SolverPool, createPool } from './pool.js';
import type { ChunkResult, ChunkTask } from './worker.js';

export interface BatchRunOptions {
  plan: BatchPlan;
  db: Database.Database;
  workers: number;
  limits: Limits;
  analyse: AnalyseOptions;
  /** Deals per task; by default it adapts to the deals' speed, from 1 up to 64. */
  chunkSize?: number;
  /** Analyse again the deals stored as `unknown` or cut short by a limit (minMoves not proven). */
  retryUnknown?: boolean;
  /** Analyse every deal again, stored or not. */
  force?: boolean;
  onStart?: (progress: BatchProgress) => void;
  onProgress?: (progress: BatchProgress) => void;
  /** Pool to use instead of a new one (the caller closes it). */
  pool?: SolverPool;
}

export interface VerdictCounts {
  winnable: number;
  unwinnable: number;
  unknown: number;
  /** Deals with a verdict whose search a limit still cut short (minMoves or the stuck figure not proven). */
  cut: number;
}

export interface BatchProgress extends VerdictCounts {
  /** Deals to analyse in this run (the batch minus what is stored already). */
  total: number;
  done: number;
  failed: number;
  elapsedMs: number;
}

export interface BatchSummary {
  /** Every deal the batch names. */
  deals: number;
  /** Already stored, not analysed again. */
  skipped: number;
  analysed: number;
  failed: number;
  /** Verdicts of the deals analysed in this run. */
  thisRun: VerdictCounts;
  /** Verdicts of all the batch's deals as now stored (skipped and analysed). */
  stored: VerdictCounts;
  elapsedMs: number;
  dealsPerSecond: number;
  workers: number;
  /** The first few failures (a deal whose analysis threw), for the message. */
  failures: string[];
}

export const MAX_CHUNK = 64;
/** Aim for chunks of about this much solver time: short enough for progress, long enough to amortise messages. */
const CHUNK_TARGET_MS = 250;

export function modeOf(options: AnalyseOptions): AnalysisMode {
  if (options.winnabilityOnly) return 'winnability';
  if (options.optimize) return 'optimize';
  return 'full';
}

function zero(): VerdictCounts {
  return { winnable: 0, unwinnable: 0, unknown: 0, cut: 0 };
}

export async function runBatch(options: BatchRunOptions): Promise<BatchSummary> {
  const { plan, limits, analyse, workers } = options;
  const store = new ResultStore(options.db);
  const mode = modeOf(analyse);
  const keyOf = (deal: PlannedDeal): ResultKey => ({
    game: deal.game.id,
    dealKey: deal.dealKey,
    rules: deal.rules,
    mode,
    solverVersion: deal.solverVersion,
  });
  /** Whether what is stored (or nothing) means the deal is to be analysed. */
  const wanted = (stored: { verdict: Verdict; cut: boolean } | null): boolean =>
    stored === null || options.force === true || (options.retryUnknown === true && stored.cut);

  // Groups (game, rules, analysis, solver version) with nothing stored need no lookups:
  // a fresh batch costs the main thread nothing here.
  const groupStored = new Map<string, boolean>();
  const lookup = (deal: PlannedDeal): { verdict: Verdict; cut: boolean } | null => {
    const key = keyOf(deal);
    const group = `${key.game}\u0000${key.rules}\u0000${key.mode}\u0000${key.solverVersion}`;
    let any = groupStored.get(group);
    if (any === undefined) groupStored.set(group, (any = store.anyStored(key)));
    return any ? store.stored(key) : null;
  };

  // First pass: how many deals are to be analysed, for the progress total.
  let pending = 0;
  for (const deal of plan.deals()) if (wanted(lookup(deal))) pending++;

  const started = performance.now();
  const thisRun = zero();
  const stored = zero();
  let skipped = 0;
  let analysed = 0;
  let failed = 0;
  const failures: string[] = [];
  const progress = (): BatchProgress => ({
    total: pending,
    done: analysed + failed,
    failed,
    ...thisRun,
    elapsedMs: performance.now() - started,
  });
  options.onStart?.(progress());

  const pool = options.pool ?? createPool(workers);
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = workers * 2;
  let fatal: { error: unknown } | null = null;
  let dealsTimed = 0;
  let msTimed = 0;
  let sent = 0;

  const chunkSize = (): number => {
    if (options.chunkSize !== undefined) return options.chunkSize;
    // Near the end, split what is left so every thread gets a share.
    const share = Math.max(1, Math.ceil((pending - sent) / workers));
    if (dealsTimed === 0) return Math.min(8, share);
    const perDeal = msTimed / dealsTimed;
    return Math.max(1, Math.min(MAX_CHUNK, share, Math.floor(CHUNK_TARGET_MS / Math.max(perDeal, 0.01))));
  };

  const finish = (chunk: readonly PlannedDeal[], result: ChunkResult): void => {
    const analysedAt = new Date().toISOString();
    const rows: NewResult[] = [];
    result.outcomes.forEach((outcome, i) => {
      const deal = chunk[i]!;
      if (outcome.ok) rows.push({ key: keyOf(deal), analysis: outcome.analysis, stuckFigure: deal.game.stuck.field, limits, analysedAt });
      else {
        failed++;
        if (failures.length < 5) failures.push(`${deal.dealKey}: ${outcome.error}`);
      }
    });
    store.saveMany(rows);
    for (const row of rows) {
      thisRun[row.analysis.verdict]++;
      stored[row.analysis.verdict]++;
      if (row.analysis.verdict !== 'unknown' && row.analysis.limit !== null) {
        thisRun.cut++;
        stored.cut++;
      }
    }
    analysed += rows.length;
    dealsTimed += chunk.length;
    msTimed += result.ms;
    options.onProgress?.(progress());
  };

  const send = (chunk: PlannedDeal[]): void => {
    sent += chunk.length;
    const task: ChunkTask = { deals: chunk.map((d) => d.input), flags: plan.flags, limits, options: analyse };
    const p: Promise<void> = pool
      .run(task)
      .then(
        (result) => finish(chunk, result),
        (error: unknown) => {
          // The thread died (out of memory, a crash): the chunk is lost, the pool replaces the thread.
          failed += chunk.length;
          if (failures.length < 5) failures.push(`${chunk[0]!.dealKey} and ${chunk.length - 1} more: ${String(error)}`);
          options.onProgress?.(progress());
        },
      )
      .catch((error: unknown) => {
        fatal ??= { error };
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  try {
    let chunk: PlannedDeal[] = [];
    let size = chunkSize();
    for (const deal of plan.deals()) {
      if (fatal) break;
      const before = lookup(deal);
      if (!wanted(before)) {
        skipped++;
        stored[before!.verdict]++;
        if (before!.cut && before!.verdict !== 'unknown') stored.cut++;
        continue;
      }
      chunk.push(deal);
      if (chunk.length >= size) {
        while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
        send(chunk);
        chunk = [];
        size = chunkSize();
      }
    }
    if (chunk.length > 0 && !fatal) send(chunk);
    // Everything is sent: a deal named twice was found stored the second time, so the
    // total is what was sent.
    pending = sent;
    await Promise.all(inFlight);
  } finally {
    if (!options.pool) await pool.destroy();
  }
  if (fatal !== null) throw (fatal as { error: unknown }).error;

  const elapsedMs = performance.now() - started;
  return {
    deals: plan.total,
    skipped,
    analysed,
    failed,
    thisRun,
    stored,
    elapsedMs,
    dealsPerSecond: elapsedMs > 0 ? (analysed / elapsedMs) * 1000 : 0,
    workers,
    failures,
  };
}
