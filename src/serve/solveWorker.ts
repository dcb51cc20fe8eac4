/**
 * The code each of the server's solver threads runs: an analysis or a hint, so that solving
 * never holds the server's event loop.
 */

import { loadGameModules } from '../games/registry.js';
import { openDeal } from '../index.js';
import type { SolveAnswer, SolveTask } from './solveTask.js';

await loadGameModules();

/** The smallest time left worth searching: a task that waited past its deadline still answers, as `unknown`. */
const MIN_TIME_MS = 1;

export default function solve(task: SolveTask): SolveAnswer {
  const started = performance.now();
  const limits = { ...task.limits, timeMs: Math.max(MIN_TIME_MS, Math.min(task.limits.timeMs, task.deadline - Date.now())) };
  const deal = openDeal(task.deal, task.flags);
  const result =
    task.kind === 'analysis'
      ? deal.analyse(limits, { ...task.options, shortestStuckLine: true })
      : deal.hint(task.moves, limits, task.options);
  return { result: result as unknown as Record<string, unknown>, ms: performance.now() - started };
}

export { curateList, stats } from './readTasks.js';
