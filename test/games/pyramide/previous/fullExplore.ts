// The previous solver, kept unchanged for the comparison in previous.test.ts.
/**
 * Winnability, the most removable cards and dead ends under rules where the stock order
 * matters (limited passes, strict win, MSC, drawn card pairing beneath): a depth-first
 * search of every reachable packed position, each visited once through the
 * transposition table.
 */
import type { Budget } from '../../../../src/search/limits.js';
import { StateTable } from '../../../../src/search/stateTable.js';
import { FullStateSpace, MAX_MOVES } from './fullState.js';
import type { PyramidOnlyResult } from './pyramidOnly.js';

/** What the search may stop at: the first win, the first dead end, or nothing (all of it). */
export type ExploreGoal = 'win' | 'dead-end' | 'all';

export function exploreFull(space: FullStateSpace, budget: Budget, goal: ExploreGoal): PyramidOnlyResult {
  const stopAtWin = goal === 'win';
  const table = new StateTable(budget, 1 << 14);
  let stack = new Int32Array(4096);
  let sp = 0;
  const outLo = new Uint32Array(MAX_MOVES);
  const outHi = new Uint32Array(MAX_MOVES);
  const outMove = new Int32Array(MAX_MOVES);
  let won = false;
  let deadEnd = false;
  let maxRemoved = 0;
  let stopped = false;

  const start = table.intern(space.startHi, space.startLo);
  stack[sp++] = start;
  while (sp > 0) {
    if (!budget.tick()) {
      stopped = true;
      break;
    }
    const id = stack[--sp]!;
    const lo = table.loOf(id);
    const hi = table.hiOf(id);
    const removed = space.removedCount(lo);
    if (removed > maxRemoved) maxRemoved = removed;
    if (space.isWon(lo, hi)) {
      won = true;
      if (stopAtWin) break;
      continue;
    }
    // Looking for a win only: a position with a card that can never go is not worth expanding.
    if (stopAtWin && space.hasDeadCard(lo, hi)) continue;
    const n = space.successors(lo, hi, outLo, outHi, outMove);
    if (space.deadEnd) {
      deadEnd = true;
      if (goal === 'dead-end') break;
    }
    // Pushed in reverse so removals are tried before drawing.
    for (let k = n - 1; k >= 0; k--) {
      const sid = table.intern(outHi[k]!, outLo[k]!);
      if (sid < 0) {
        stopped = true;
        break;
      }
      if (!table.lastWasNew) continue;
      if (sp >= stack.length) {
        const bigger = new Int32Array(stack.length * 2);
        bigger.set(stack);
        stack = bigger;
      }
      stack[sp++] = sid;
    }
    if (stopped) break;
  }
  const complete = !stopped && sp === 0;
  return {
    winnable: won ? true : complete ? false : null,
    maxRemoved: won ? 28 : maxRemoved,
    // Lost positions cut off while looking for a win leave the most removable unproven.
    complete: won || (complete && !stopAtWin),
    deadEndReachable: deadEnd ? true : complete && !stopAtWin ? false : null,
  };
}
