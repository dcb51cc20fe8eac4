/**
 * Depth-first searches of whole packed positions, each visited once through the
 * transposition table, for rules where the stock order matters (limited passes, strict
 * win, MSC, drawn card pairing beneath). Each asks one question and cuts off what cannot
 * change its answer:
 *   'win'      is the pyramid clearable? Positions the relaxed game proves lost are cut.
 *   'dead-end' can the game end in "no more moves"? Stops at the first; with unlimited
 *              turn-overs, positions holding a talon card that can never go are cut.
 *   'most'     the most pyramid cards removable: branch and bound, positions whose relaxed
 *              figure cannot beat the best found are cut.
 */
import type { Budget } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { type FullStateSpace, MAX_MOVES } from './fullState.js';

export type ExploreGoal = 'win' | 'dead-end' | 'most';

export interface ExploreResult {
  /** The answer, or null when a limit stopped the search first. */
  found: boolean | null;
  /** 'most': the most pyramid cards removed in a position reached (exact when `complete`). */
  most: number;
  complete: boolean;
}

export function exploreFull(space: FullStateSpace, budget: Budget, goal: ExploreGoal, startLo: number, startHi: number): ExploreResult {
  const table = new StateTable(budget, 1 << 12);
  const stack = new GrowableInt32Array(1 << 10);
  let sp = 0;
  const outLo = new Uint32Array(MAX_MOVES);
  const outHi = new Uint32Array(MAX_MOVES);
  const outMove = new Int32Array(MAX_MOVES);
  const cutStuckTalon = goal === 'dead-end' && space.rules.passes === Infinity;
  let found = false;
  let stopped = false;
  let most = space.removedCount(startLo);
  // 'most' can stop once it reaches what the relaxed game allows from the start.
  const ceiling = goal === 'most' ? space.maxRemovable(startLo, startHi) : 28;

  stack.data[sp++] = table.intern(startHi, startLo);
  while (sp > 0) {
    if (!budget.tick()) {
      stopped = true;
      break;
    }
    const id = stack.data[--sp]!;
    const lo = table.loOf(id);
    const hi = table.hiOf(id);
    if (goal === 'most') {
      const removed = space.removedCount(lo);
      if (removed > most) {
        most = removed;
        if (most >= ceiling) break;
      }
      if (space.maxRemovable(lo, hi) <= most) continue;
    }
    if (space.isWon(lo, hi)) {
      if (goal === 'win') {
        found = true;
        break;
      }
      continue;
    }
    if (goal === 'win' && space.cannotWin(lo, hi)) continue;
    if (cutStuckTalon && space.talonStuck(lo, hi)) continue;
    const n = space.successors(lo, hi, outLo, outHi, outMove);
    if (goal === 'dead-end' && space.deadEnd) {
      found = true;
      break;
    }
    // Pushed in reverse so removals are tried before drawing.
    for (let k = n - 1; k >= 0; k--) {
      const sid = table.intern(outHi[k]!, outLo[k]!);
      if (sid < 0) {
        stopped = true;
        break;
      }
      if (!table.lastWasNew) continue;
      stack.ensure(sp);
      stack.data[sp++] = sid;
    }
    if (stopped) break;
  }
  const settled = found || (goal === 'most' && most >= ceiling) || (!stopped && sp === 0);
  return { found: settled ? found : null, most, complete: settled };
}
