/**
 * The bookkeeping every batch shares, whether it solves on local threads or through a queue:
 * which deals are to be analysed, what was stored or failed, the progress and the summary.
 */
import type { Verdict } from '../games/types.js';
import type { Limits } from '../search/limits.js';
import { type AnalysisMode, type NewResult, type ResultKey, ResultStore, type RowValues } from '../store/results.js';
import type { BatchPlan, PlannedDeal } from './inputs.js';
import type { DealOutcome } from './messages.js';
import { type BatchProgress, type BatchSummary, type VerdictCounts, zeroCounts } from './report.js';

/** WAL pages between automatic checkpoints while a batch writes (SQLite's default is 1,000). */
export const BATCH_CHECKPOINT_PAGES = 16_384;

/**
 * Fewer WAL checkpoints while a batch writes: each one copies pages back into the database
 * file and waits for the disk, on the thread that stores results. Returns the undo.
 */
export function relaxCheckpoints(db: ResultStore['db']): () => void {
  const before = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma(`wal_autocheckpoint = ${BATCH_CHECKPOINT_PAGES}`);
  return () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${before}`);
  };
}

interface TallyOptions {
  mode: AnalysisMode;
  limits: Limits;
  retryUnknown?: boolean;
  force?: boolean;
}

/** What a rerun finds stored for a deal. */
type Stored = { verdict: Verdict; cut: boolean } | null;

export class BatchTally {
  private readonly store: ResultStore;
  private readonly thisRun = zeroCounts();
  private readonly stored = zeroCounts();
  /** Deals to analyse in this run. */
  private toAnalyse = 0;
  private skipped = 0;
  private analysed = 0;
  private failed = 0;
  private readonly failures: string[] = [];
  private readonly started = performance.now();
  // Groups (game, rules, analysis, solver version) with nothing stored need no lookups:
  // a fresh batch costs the main thread nothing here.
  private readonly groupStored = new Map<string, boolean>();
  // The group of the last deal looked up: consecutive deals of a code range share it.
  private last: { deal: PlannedDeal; any: boolean } | null = null;

  constructor(
    db: ResultStore['db'],
    private readonly options: TallyOptions,
  ) {
    this.store = new ResultStore(db);
  }

  /** Deals to analyse in this run, as far as is known yet. */
  get pending(): number {
    return this.toAnalyse;
  }

  private keyOf(deal: PlannedDeal): ResultKey {
    return { game: deal.game.id, dealKey: deal.dealKey, rules: deal.rules, mode: this.options.mode, solverVersion: deal.solverVersion };
  }

  /** Whether anything is stored in the deal's group (game, rules, analysis, solver version). */
  private anyStored(deal: PlannedDeal): boolean {
    const last = this.last;
    if (last !== null && last.deal.game === deal.game && last.deal.rules === deal.rules && last.deal.solverVersion === deal.solverVersion)
      return last.any;
    const key = this.keyOf(deal);
    const group = `${key.game}\u0000${key.rules}\u0000${key.mode}\u0000${key.solverVersion}`;
    let any = this.groupStored.get(group);
    if (any === undefined) {
      any = this.store.anyStored(key);
      this.groupStored.set(group, any);
    }
    this.last = { deal, any };
    return any;
  }

  private lookup(deal: PlannedDeal): Stored {
    return this.anyStored(deal) ? this.store.stored(this.keyOf(deal)) : null;
  }

  /**
   * Takes as this run's total how many of the plan's deals are to be analysed. When none of
   * its groups has anything stored (a fresh batch), that is all of them, counted without a
   * lookup per deal.
   */
  countPlanned(plan: BatchPlan): void {
    let any = false;
    for (const deal of plan.firstOfEachEntry()) any ||= this.anyStored(deal);
    let wanted = plan.total;
    if (any) {
      wanted = 0;
      for (const deal of plan.deals()) if (this.wanted(this.lookup(deal))) wanted++;
    }
    this.toAnalyse = wanted;
  }

  /**
   * Once every deal is sent: a deal named twice was found stored the second time, so the
   * total is what was sent (and, through a queue, what an earlier run's chunks still hold).
   */
  allSent(deals: number): void {
    this.toAnalyse = deals;
  }

  /** Whether what is stored (or nothing) means the deal is to be analysed. */
  private wanted(stored: Stored): boolean {
    return stored === null || this.options.force === true || (this.options.retryUnknown === true && stored.cut);
  }

  /** Looks a deal up; counts it as skipped and returns false when it is not to be analysed. */
  admit(deal: PlannedDeal): boolean {
    const before = this.lookup(deal);
    if (this.wanted(before)) return true;
    this.skipped++;
    this.stored[before!.verdict]++;
    if (before!.cut && before!.verdict !== 'unknown') this.stored.cut++;
    return false;
  }

  /** Whether a result of the deal is stored now (asked of the database, whatever was looked up before). */
  isStored(deal: PlannedDeal): boolean {
    return this.store.stored(this.keyOf(deal)) !== null;
  }

  /** The rows to store for a chunk's outcomes, and the failures (a deal whose analysis threw). */
  rowsOf(
    deals: readonly PlannedDeal[],
    outcomes: readonly DealOutcome[],
    analysedAt = new Date().toISOString(),
  ): { rows: NewResult[]; failures: string[] } {
    const rows: NewResult[] = [];
    const failures: string[] = [];
    outcomes.forEach((outcome, i) => {
      const deal = deals[i]!;
      if (outcome.ok)
        rows.push({
          key: this.keyOf(deal),
          analysis: outcome.analysis,
          stuck: deal.game.stuck,
          limits: this.options.limits,
          analysedAt,
        });
      else failures.push(`${deal.dealKey}: ${outcome.error}`);
    });
    return { rows, failures };
  }

  /** Stores rows of this run in one transaction and counts them once it has committed. */
  save(rows: readonly NewResult[]): void {
    this.store.saveMany(rows);
    for (const row of rows) {
      this.thisRun[row.analysis.verdict]++;
      this.stored[row.analysis.verdict]++;
      if (row.analysis.verdict !== 'unknown' && row.analysis.limit !== null) {
        this.thisRun.cut++;
        this.stored.cut++;
      }
    }
    this.analysed += rows.length;
  }

  /**
   * Stores rows an earlier run left finished (in a queue) without counting them: the walk
   * through the plan then finds them stored and counts them as skipped, as it does the rows
   * that run stored itself.
   */
  saveRecovered(rows: readonly NewResult[]): void {
    this.store.saveMany(rows);
  }

  /**
   * Counts a chunk's rows once their transaction has committed, storing them first unless
   * the thread that made them stored them (rows null).
   */
  saveChunk(rows: readonly RowValues[] | null, counts: VerdictCounts): void {
    if (rows !== null) this.store.saveRows(rows);
    for (const field of ['winnable', 'unwinnable', 'unknown', 'cut'] as const) {
      this.thisRun[field] += counts[field];
      this.stored[field] += counts[field];
    }
    this.analysed += counts.winnable + counts.unwinnable + counts.unknown;
  }

  fail(message: string, deals: number): void {
    this.failed += deals;
    if (this.failures.length < 5) this.failures.push(message);
  }

  progress(): BatchProgress {
    return {
      total: this.toAnalyse,
      done: this.analysed + this.failed,
      failed: this.failed,
      ...this.thisRun,
      elapsedMs: performance.now() - this.started,
    };
  }

  summary(deals: number, workers: number): BatchSummary {
    const elapsedMs = performance.now() - this.started;
    return {
      deals,
      skipped: this.skipped,
      analysed: this.analysed,
      failed: this.failed,
      thisRun: this.thisRun,
      stored: this.stored,
      elapsedMs,
      dealsPerSecond: elapsedMs > 0 ? (this.analysed / elapsedMs) * 1000 : 0,
      workers,
      failures: this.failures,
    };
  }
}
