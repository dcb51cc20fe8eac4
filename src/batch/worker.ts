/**
 * The code each pool thread runs: it opens and analyses a chunk of deals and sends the
 * analyses back, or stores them itself. Only worker threads solve; the main thread plans and
 * reports.
 */
import { gameById, openDeal } from '../games/registry.js';
import type { DealInput, Verdict } from '../games/types.js';
import { useNodeHash } from '../plugins/nodeHash.js';
import { threadModulesLoaded } from '../plugins/threadModules.js';
import { openBatchWriter } from '../store/database.js';
import { LIMIT_AT, ResultStore, type RowValues, rowValues, VERDICT_AT } from '../store/results.js';
import type { ChunkResult, ChunkTask, DealOutcome, RowChunkResult, RowChunkTask, StoreTarget } from './messages.js';
import { type VerdictCounts, zeroCounts } from './report.js';

useNodeHash();

// A worker thread starts with the built-in games: each task first adds the game modules and
// dealers the environment names, as the command line did (loaded once, see threadModules.ts).

function analyseOne(input: DealInput, task: ChunkTask): DealOutcome {
  try {
    return { ok: true, analysis: openDeal(input, task.flags).analyse(task.limits, task.options) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Analyses a chunk; one deal failing does not lose the others. */
async function analyseChunk(task: ChunkTask): Promise<ChunkResult> {
  await threadModulesLoaded();
  const started = performance.now();
  const outcomes = task.deals.map((input) => analyseOne(input, task));
  return { outcomes, ms: performance.now() - started };
}

function countsOf(rows: readonly RowValues[]): VerdictCounts {
  const counts = zeroCounts();
  for (const row of rows) {
    const verdict = row[VERDICT_AT] as Verdict;
    counts[verdict]++;
    if (verdict !== 'unknown' && row[LIMIT_AT] !== null) counts.cut++;
  }
  return counts;
}

/** This thread's connection to the database of the batch it works for. */
let writer: { batch: string; store: ResultStore } | null = null;

/** Stores a chunk's rows in one transaction through this thread's connection. */
function storeHere(rows: readonly RowValues[], target: StoreTarget): void {
  // A connection per batch, not per path: a thread may outlive a batch, and the file at a
  // path may be another one by the next batch.
  if (writer?.batch !== target.batch) {
    if (writer?.store.db.open) writer.store.db.close();
    writer = null;
    // Closed when the pool ends the thread (better-sqlite3 closes a thread's connections as it exits).
    writer = { batch: target.batch, store: new ResultStore(openBatchWriter(target.path, target.walPages, target.lockWaitMs)) };
  }
  writer.store.saveRows(rows);
}

/**
 * Analyses a chunk and turns each analysis into the row it is stored as, here beside the
 * solver; stores them too when given the database. Storing on the solver threads keeps the
 * main thread nearly idle, so every core solves.
 */
export async function analyseRows(task: RowChunkTask): Promise<RowChunkResult> {
  await threadModulesLoaded();
  const started = performance.now();
  const outcomes = task.deals.map((input) => analyseOne(input, task));
  const ms = performance.now() - started;
  // One time for the chunk, once it is analysed, as when the main thread stored it.
  const analysedAt = new Date().toISOString();
  const rows: RowValues[] = [];
  const failures: RowChunkResult['failures'] = [];
  outcomes.forEach((outcome, index) => {
    if (!outcome.ok) {
      failures.push({ index, error: outcome.error });
      return;
    }
    const group = task.groups[task.groupOf[index]!]!;
    rows.push(
      rowValues({
        key: { game: group.game, dealKey: task.dealKeys[index]!, rules: group.rules, mode: task.mode, solverVersion: group.solverVersion },
        analysis: outcome.analysis,
        stuck: gameById(group.game).stuck,
        limits: task.limits,
        analysedAt,
      }),
    );
  });
  const counts = countsOf(rows);
  if (task.store === undefined) return { rows, counts, failures, ms };
  try {
    storeHere(rows, task.store);
  } catch (error) {
    return { rows: null, counts, failures, ms, storeError: error instanceof Error ? error.message : String(error) };
  }
  return { rows: null, counts, failures, ms };
}

export default analyseChunk;
