/**
 * Depth-first searches of whole packed positions, each visited once through the
 * transposition table, for rules where the stock order matters (limited passes, strict
 * win, MSC, drawn card pairing beneath). Each asks one question and cuts off what cannot
 * change its answer:
 *   'win'      is the pyramid clearable? Positions the relaxed game proves lost are cut.
 *   'win-most' 'win', then, when no win exists, the most pyramid cards removable, in one
 *              search: the positions 'win' visited are every reachable one but those
 *              behind the lost positions it cut, so the second part only starts from those.
 *   'dead-end' can the game end in "no more moves"? Stops at the first; with unlimited
 *              turn-overs, positions holding a talon card that can never go are cut, and
 *              those from which the relaxed game reaches no dead end.
 *   'most'     the most pyramid cards removable: branch and bound, positions whose relaxed
 *              figure cannot beat the best found are cut.
 * Positions that draws and turn-overs alone lead to from one already pushed are not pushed
 * again (`anyPointer`, `byDraws`): the same figures, sooner (bench/README.md).
 */
import type { Budget } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { FULL_PYRAMID } from '../layout.js';
import { ALL_TALON, type FullStateSpace, MAX_MOVES } from './fullState.js';
import { GROUP_HI, GROUP_LO, reachOrder } from './pointerDominance.js';

type ExploreGoal = 'win' | 'win-most' | 'dead-end' | 'most';

interface ExploreResult {
  /** The answer ('win-most': whether a win exists), or null when a limit stopped the search first. */
  found: boolean | null;
  /** The most pyramid cards removed in a position reached (exact when `complete`, for 'most' and 'win-most'). */
  most: number;
  complete: boolean;
  /**
   * With `keepLine` and limited turn-overs: the steps from the start to a position where
   * `most` cards are removed (see `FullStateSpace.successors`); null otherwise.
   */
  mostSteps: number[] | null;
}

export function exploreFull(
  space: FullStateSpace,
  budget: Budget,
  goal: ExploreGoal,
  startLo: number,
  startHi: number,
  keepLine = false,
): ExploreResult {
  // With limited turn-overs a pointer still reaches every later one of its pass, and every
  // pointer of a later pass: a position one already pushed reaches that way is not pushed,
  // where only removals count (the search's steps end in a removal, so a dead end reached
  // by drawing alone is found only from where the drawing starts; and with no turn-over at
  // all, a pyramid and talon come with one pointer anyway). The table groups positions by
  // pyramid and talon, so looking one up meets the others of its group.
  const anyPointer = space.rules.passes === Infinity;
  const byDraws = !anyPointer && goal !== 'dead-end' && space.rules.passes !== 0;
  // With limited turn-overs every position is whole (its pointer included), so the line to the
  // best one is its chain of parents: kept when asked, two words a position. With unlimited
  // ones a position stands for every pointer and its parent's steps may not lead to it.
  const parent = keepLine && !anyPointer ? new GrowableInt32Array(1 << 10) : null;
  const via = parent ? new GrowableInt32Array(1 << 10) : null;
  const extraBytes = parent ? 8 : 0;
  const table = byDraws ? new StateTable(budget, 1 << 12, extraBytes, GROUP_HI, GROUP_LO) : new StateTable(budget, 1 << 12, extraBytes);
  /** Whether a position pushed before reaches (lo, hi) by draws and turn-overs (itself included). */
  const covered = (lo: number, hi: number): boolean => {
    const order = reachOrder(lo, hi);
    for (let i = table.probeStart(hi, lo); ; i = table.nextSlot(i)) {
      const id = table.idAtSlot(i);
      if (id < 0) return false;
      const sLo = table.loOf(id);
      const sHi = table.hiOf(id);
      if (((sLo ^ lo) & GROUP_LO) === 0 && ((sHi ^ hi) & GROUP_HI) === 0 && reachOrder(sLo, sHi) <= order) return true;
    }
  };
  const stack = new GrowableInt32Array(1 << 10);
  let sp = 0;
  // 'win-most': the lost positions 'win' cut, where the search for the most cards resumes.
  const cut = goal === 'win-most' ? new GrowableInt32Array(1 << 10) : null;
  let cuts = 0;
  const outLo = new Uint32Array(MAX_MOVES);
  const outHi = new Uint32Array(MAX_MOVES);
  const outMove = new Int32Array(MAX_MOVES);
  const cutStuckTalon = goal === 'dead-end' && space.rules.passes === Infinity;

  let mode: ExploreGoal = goal === 'win-most' ? 'win' : goal;
  let found = false;
  let stopped = false;
  let most = space.removedCount(startLo);
  // The most cards can stop once it reaches what the relaxed game allows from the start.
  const ceiling = goal === 'most' || goal === 'win-most' ? space.maxRemovable(startLo, startHi) : 28;
  let reachedCeiling = false;

  // With unlimited turn-overs every waste pointer of a pyramid and talon reaches every other
  // (draw to the end, turn over, draw on), and these questions are about what can be
  // reached: one position, its pointer at the start of the stock, stands for all of them.
  const start = anyPointer ? space.pack(startLo & FULL_PYRAMID, startHi & ALL_TALON, 0, 0) : null;
  stack.data[sp++] = start ? table.intern(start.hi, start.lo) : table.intern(startHi, startLo);
  let mostId = stack.data[0]!;
  if (parent) parent.ensure(mostId)[mostId] = -1;
  for (;;) {
    if (sp === 0) {
      // 'win-most' after every position was seen and none won: on to the most cards, from the cut positions.
      if (goal !== 'win-most' || mode !== 'win' || found || stopped) break;
      mode = 'most';
      if (most >= ceiling) {
        reachedCeiling = true;
        break;
      }
      for (let k = 0; k < cuts; k++) {
        stack.ensure(sp);
        stack.data[sp++] = cut!.data[k]!;
      }
      if (sp === 0) break;
    }
    if (!budget.tick()) {
      stopped = true;
      break;
    }
    const id = stack.data[--sp]!;
    const lo = table.loOf(id);
    const hi = table.hiOf(id);
    const removed = space.removedCount(lo);
    if (removed > most) {
      most = removed;
      mostId = id;
      if (mode === 'most' && most >= ceiling) {
        reachedCeiling = true;
        break;
      }
    }
    if (mode === 'most' && space.maxRemovable(lo, hi) <= most) continue;
    if (space.isWon(lo, hi)) {
      if (mode === 'win') {
        found = true;
        break;
      }
      continue;
    }
    if (mode === 'win' && space.cannotWin(lo, hi)) {
      if (cut) {
        cut.ensure(cuts);
        cut.data[cuts++] = id;
      }
      continue;
    }
    if (cutStuckTalon && space.talonStuck(lo, hi)) continue;
    if (cutStuckTalon && !space.deadEndAhead(lo, hi)) continue;
    // A search for a win alone may play a forced pair alone (see `FullStateSpace.successors`).
    const n = space.successors(lo, hi, outLo, outHi, outMove, goal === 'win');
    if (mode === 'dead-end' && space.deadEnd) {
      found = true;
      break;
    }
    // Pushed in reverse so removals are tried before drawing.
    for (let k = n - 1; k >= 0; k--) {
      let sLo = outLo[k]!;
      let sHi = outHi[k]!;
      if (anyPointer) {
        const c = space.pack(sLo & FULL_PYRAMID, sHi & ALL_TALON, 0, 0);
        sLo = c.lo;
        sHi = c.hi;
      }
      if (byDraws && covered(sLo, sHi)) continue;
      const sid = table.intern(sHi, sLo);
      if (sid < 0) {
        stopped = true;
        break;
      }
      if (!table.lastWasNew) continue;
      if (parent) {
        parent.ensure(sid)[sid] = id;
        via!.ensure(sid)[sid] = outMove[k]!;
      }
      stack.ensure(sp);
      stack.data[sp++] = sid;
    }
    if (stopped) break;
  }
  const mostSteps = parent ? stepsTo(parent, via!, mostId) : null;
  if (goal === 'win-most') {
    if (found) return { found: true, most: 28, complete: true, mostSteps: null };
    // No win is proven only once the first part saw everything (it moved on to the most cards, or nothing was left).
    const settled = mode === 'most' && (reachedCeiling || (!stopped && sp === 0));
    return { found: mode === 'most' ? false : null, most, complete: settled, mostSteps };
  }
  const settled = found || reachedCeiling || (!stopped && sp === 0);
  return { found: settled ? found : null, most, complete: settled, mostSteps };
}

/** The steps from the start (parent -1) to position `id`, by its chain of parents. */
export function stepsTo(parent: GrowableInt32Array, via: GrowableInt32Array, id: number): number[] {
  const steps: number[] = [];
  for (let at = id; parent.data[at]! >= 0; at = parent.data[at]!) steps.push(via.data[at]!);
  return steps.reverse();
}
