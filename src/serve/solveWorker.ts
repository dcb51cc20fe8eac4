/**
 * The code each of the server's solver threads runs: an analysis, a hint or a fair hint, so
 * that solving never holds the server's event loop; and the other work that grows with a
 * request (a line played, stats, a curated list).
 */
import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import type { CurateAnswer, PlayedLineAnswer, Solved, StatsAnswer } from '../contract/index.js';
import { openDeal } from '../core.js';
import { isInputError } from '../errors/inputError.js';
import type { HintedDeal } from '../games/hint.js';
import { useNodeHash } from '../plugins/nodeHash.js';
import { threadModulesLoaded } from '../plugins/threadModules.js';
import type { Limits } from '../search/limits.js';
import { type LineTask, playLine as play } from './lineTask.js';
import { type CurateTask, curateList as curate, type StatsTask, stats as statsOf } from './readTasks.js';
import type { SolveAnswer, SolveTask } from './solveTask.js';

useNodeHash();

/**
 * The solver threads yield to the event loop's thread: a search that runs to its time limit on
 * every core would otherwise hold back the answers the event loop has to send (the health
 * route's p99 during 100 analyses: 130 ms). Linux sets the priority of the calling thread; a
 * system that refuses leaves it as it is. Loaded on the main thread (a test), nothing changes.
 */
const SOLVER_NICENESS = 5;
if (!isMainThread) {
  try {
    setPriority(SOLVER_NICENESS);
  } catch {
    // Not allowed here: the solver runs at the server's priority.
  }
  // The game modules load when the thread starts, not on its first request's time.
  threadModulesLoaded().catch(() => {});
}

/** The smallest time left worth searching: a task that waited past its deadline still answers, as `unknown`. */
const MIN_TIME_MS = 1;

// Each task first loads the game modules and dealers the environment names (once: threadModules.ts).
export default async function solve(task: SolveTask): Promise<SolveAnswer> {
  await threadModulesLoaded();
  const started = performance.now();
  const limits = { ...task.limits, timeMs: Math.max(MIN_TIME_MS, Math.min(task.limits.timeMs, task.deadline - Date.now())) };
  try {
    return { result: answer(openDeal(task.deal, task.flags), task, limits), ms: performance.now() - started };
  } catch (error) {
    if (isInputError(error)) return { ms: performance.now() - started, refused: error.message };
    throw error;
  }
}

function answer(deal: HintedDeal, task: SolveTask, limits: Limits): Solved['result'] {
  switch (task.kind) {
    case 'analysis':
      return deal.analyse(limits, { ...task.options, shortestStuckLine: true });
    case 'hint':
      return deal.hint(task.moves, limits, task.options);
    case 'fair':
      // The route refuses a game without one before it gets here: reaching this is a bug.
      if (deal.fairHint === undefined || task.fair === undefined)
        throw new Error(`a fair hint task for a ${deal.game} deal, which has none`);
      return deal.fairHint(task.moves, { ...task.fair, limits });
  }
}

export async function stats(task: StatsTask): Promise<StatsAnswer> {
  await threadModulesLoaded();
  return statsOf(task);
}

export async function playLine(task: LineTask): Promise<PlayedLineAnswer> {
  await threadModulesLoaded();
  return play(task);
}

export async function curateList(task: CurateTask): Promise<CurateAnswer> {
  await threadModulesLoaded();
  return curate(task);
}
