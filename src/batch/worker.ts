/**
 * The code each pool thread runs: it opens and analyses a chunk of deals and sends the
 * analyses back. Only worker threads solve; the main thread plans, stores and reports.
 */
import { loadGameModules, openDeal } from '../games/registry.js';
import type { AnalyseOptions, Analysis, DealInput, RuleFlags } from '../games/types.js';
import type { Limits } from '../search/limits.js';

// A worker thread starts with the built-in games; add those the environment names, as the
// command line did.
await loadGameModules();

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

/** Analyses a chunk; one deal failing does not lose the others. */
export function analyseChunk(task: ChunkTask): ChunkResult {
  const started = performance.now();
  const outcomes: DealOutcome[] = task.deals.map((input) => {
    try {
      return { ok: true, analysis: openDeal(input, task.flags).analyse(task.limits, task.options) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  });
  return { outcomes, ms: performance.now() - started };
}

export default analyseChunk;
