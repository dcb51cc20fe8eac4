/**
 * The code each of the server's solver threads runs: an analysis, a hint or a fair hint, so
 * that solving never holds the server's event loop.
 */

import '../plugins/nodeHash.js';
import { openDeal } from '../core.js';
import type { HintedDeal } from '../games/hint.js';
import { loadDealers } from '../plugins/dealerModules.js';
import { loadGameModules } from '../plugins/gameModules.js';
import type { Limits } from '../search/limits.js';
import type { SolveAnswer, SolveTask } from './solveTask.js';

await loadGameModules();
// And the dealers the command line named (it wrote them into the environment).
await loadDealers();

/** The smallest time left worth searching: a task that waited past its deadline still answers, as `unknown`. */
const MIN_TIME_MS = 1;

export default function solve(task: SolveTask): SolveAnswer {
  const started = performance.now();
  const limits = { ...task.limits, timeMs: Math.max(MIN_TIME_MS, Math.min(task.limits.timeMs, task.deadline - Date.now())) };
  const result = answer(openDeal(task.deal, task.flags), task, limits);
  return { result: result as unknown as Record<string, unknown>, ms: performance.now() - started };
}

function answer(deal: HintedDeal, task: SolveTask, limits: Limits): object {
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

export { curateList, stats } from './readTasks.js';
