/**
 * What the main thread and the pool threads send each other: chunks of deals to analyse, and
 * the analyses (or the rows made of them) that come back.
 */
import type { AnalyseOptions, Analysis, DealInput, GameId, RuleFlags } from '../games/types.js';
import type { Limits } from '../search/limits.js';
import type { AnalysisMode, RowValues } from '../store/results.js';
import type { VerdictCounts } from './report.js';

export interface ChunkTask {
  deals: DealInput[];
  flags: RuleFlags;
  limits: Limits;
  options: AnalyseOptions;
}

export type DealOutcome = { ok: true; analysis: Analysis } | { ok: false; error: string };

export interface ChunkResult {
  outcomes: DealOutcome[];
  /** Time spent in this thread on the chunk. */
  ms: number;
}

/** What a deal's row is stored under, but for the deal itself: deals of one code range share it. */
export interface RowGroup {
  game: GameId;
  rules: string;
  solverVersion: string;
}

/** A chunk whose analyses become rows, stored by this thread when it is given the database. */
export interface RowChunkTask extends ChunkTask {
  mode: AnalysisMode;
  groups: RowGroup[];
  /** Per deal: its index in `groups`, and the key it is stored under. */
  groupOf: number[];
  dealKeys: string[];
  /** The database file to store the rows in; without it the rows come back to be stored. */
  store?: StoreTarget;
}

export interface StoreTarget {
  path: string;
  /** Names the batch: a thread keeps its connection for the chunks of one batch. */
  batch: string;
  walPages: number;
  /** How long a chunk waits for another writer's lock before the batch stops (ms). */
  lockWaitMs: number;
}

export interface RowChunkResult {
  /** The rows to store, failures left out; null when this thread stored them. */
  rows: RowValues[] | null;
  /** Verdicts of the rows. */
  counts: VerdictCounts;
  /** The deals whose analysis threw, by index in the chunk. */
  failures: Array<{ index: number; error: string }>;
  /** Why the rows could not be stored (a full disk, a lock held too long): nothing was stored. */
  storeError?: string;
  ms: number;
}
