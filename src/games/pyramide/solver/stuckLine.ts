/**
 * A line to the most pyramid cards a lost deal lets a player remove: what a player asks once
 * the deal is known to be lost. Where turn-overs are limited, the search that proves the
 * figure keeps the line itself (`exploreFull`); elsewhere its positions stand for every
 * pointer, and this search finds one: depth-first over whole positions, stopping at the
 * first with `target` cards removed and cutting every position whose relaxed figure
 * (`maxRemovable`: an upper bound, exact where the stock order cannot matter, as under the
 * app's rules) is below it; so under the app's rules it walks straight there. The steps are
 * the other searches' (see `FullStateSpace.successors`), each position visited once.
 * A hint, which has one position to answer for, and `solve`, one deal at a time, ask
 * `shortestLineToRemoved` for the fewest moves there instead (a search hundreds to thousands
 * of times longer).
 */
import { type Budget, withinAttempt } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { stepsTo } from './fullExplore.js';
import { FullStateSpace, MAX_MOVES } from './fullState.js';
import { DOMINATED, dominatedIn, GROUP_HI, GROUP_LO } from './pointerDominance.js';

/** The steps from (startLo, startHi) to a position with `target` pyramid cards removed; null when a limit stops the search first, or none exists. */
export function lineToRemoved(space: FullStateSpace, budget: Budget, startLo: number, startHi: number, target: number): number[] | null {
  if (space.removedCount(startLo) >= target) return [];
  const table = new StateTable(budget, 1 << 10);
  if (table.intern(startHi, startLo) < 0) return null;
  // The successors of every position on the path, one block per depth.
  const succLo = new GrowableInt32Array(1 << 10);
  const succHi = new GrowableInt32Array(1 << 10);
  const succMove = new GrowableInt32Array(1 << 10);
  const first = new GrowableInt32Array(64);
  const count = new GrowableInt32Array(64);
  const index = new GrowableInt32Array(64);
  const outLo = new Uint32Array(MAX_MOVES);
  const outHi = new Uint32Array(MAX_MOVES);
  const outMove = new Int32Array(MAX_MOVES);
  const expand = (depth: number, at: number, lo: number, hi: number): void => {
    const n = space.successors(lo, hi, outLo, outHi, outMove);
    succLo.ensure(at + n);
    succHi.ensure(at + n);
    succMove.ensure(at + n);
    for (let k = 0; k < n; k++) {
      succLo.data[at + k] = outLo[k]! | 0;
      succHi.data[at + k] = outHi[k]! | 0;
      succMove.data[at + k] = outMove[k]!;
    }
    first.ensure(depth + 1);
    count.ensure(depth + 1);
    index.ensure(depth + 1);
    first.data[depth] = at;
    count.data[depth] = n;
    index.data[depth] = 0;
  };
  expand(0, 0, startLo, startHi);
  let depth = 0;
  for (;;) {
    if (index.data[depth]! >= count.data[depth]!) {
      if (depth === 0) return null;
      depth--;
      continue;
    }
    const i = first.data[depth]! + index.data[depth]!++;
    const lo = succLo.data[i]! >>> 0;
    const hi = succHi.data[i]! >>> 0;
    if (!budget.tick()) return null;
    const id = table.intern(hi, lo);
    if (id < 0) return null;
    if (!table.lastWasNew) continue;
    if (space.removedCount(lo) >= target) {
      const steps: number[] = [];
      for (let d = 0; d <= depth; d++) steps.push(succMove.data[first.data[d]! + index.data[d]! - 1]!);
      return steps;
    }
    if (space.maxRemovable(lo, hi) < target) continue;
    depth++;
    expand(depth, first.data[depth - 1]! + count.data[depth - 1]!, lo, hi);
  }
}

/**
 * Positions the search for the shortest line to the most cards may take in a lost position
 * (a margin over what the first codes need, bench/README.md); past that a hint or `solve`
 * keeps a line that may not be the shortest, and says so.
 */
const SHORTEST_LOST_LINE_NODES = 1_000_000;

/**
 * `shortestLineToRemoved` with at most SHORTEST_LOST_LINE_NODES of `budget`: its steps (null
 * when it stopped first) and the positions it took, for `notShortestNote`.
 */
export function shortestLineWithin(
  space: FullStateSpace,
  budget: Budget,
  startLo: number,
  startHi: number,
  target: number,
): { steps: number[] | null; positions: number } {
  const before = budget.nodes;
  const steps = withinAttempt(budget, SHORTEST_LOST_LINE_NODES, (attempt) =>
    shortestLineToRemoved(space, attempt, startLo, startHi, target),
  );
  return { steps: steps ?? null, positions: budget.nodes - before };
}

/** The note of a line to the `target` cards kept where the search for the shortest stopped after `positions`. */
export function notShortestNote(target: number, positions: number): string {
  return `the line to the ${target} cards may not be the shortest: the search for the shortest stopped after ${positions.toLocaleString('en-US')} positions`;
}

/**
 * The fewest moves from (startLo, startHi) to a position with `target` pyramid cards removed,
 * as steps; null when a limit stops the search first, or none exists. Best first (A*) over
 * the same steps, each costing its draws, turn-overs and removal; the bound is the removals
 * still needed, at most two cards each, so the first position taken with `target` cards is
 * reached in the fewest moves. Positions whose relaxed figure is below the target are cut,
 * as in `lineToRemoved`, and a position that one already taken reaches by draws and
 * turn-overs at no more cost is skipped (pointerDominance.ts: far fewer positions,
 * bench/README.md). Every queued position costs six words, taken or not.
 */
function shortestLineToRemoved(space: FullStateSpace, budget: Budget, startLo: number, startHi: number, target: number): number[] | null {
  const bound = (lo: number): number => Math.max(0, (target - space.removedCount(lo) + 1) >> 1);
  if (bound(startLo) === 0) return [];
  // The queue: an entry's key, moves so far, parent entry and step; one linked stack per f.
  const qLo = new GrowableInt32Array(1 << 10);
  const qHi = new GrowableInt32Array(1 << 10);
  const qG = new GrowableInt32Array(1 << 10);
  const qParent = new GrowableInt32Array(1 << 10);
  const qVia = new GrowableInt32Array(1 << 10);
  const qNext = new GrowableInt32Array(1 << 10);
  const head: number[] = [];
  let size = 0;
  const push = (lo: number, hi: number, g: number, parent: number, via: number, f: number): void => {
    qLo.ensure(size)[size] = lo | 0;
    qHi.ensure(size)[size] = hi | 0;
    qG.ensure(size)[size] = g;
    qParent.ensure(size)[size] = parent;
    qVia.ensure(size)[size] = via;
    while (head.length <= f) head.push(-1);
    qNext.ensure(size)[size] = head[f]!;
    head[f] = size++;
  };
  // The fewest moves found to each position taken (by its table id); the table groups
  // positions by pyramid and talon, so that a lookup meets the others of its group.
  const table = new StateTable(budget, 1 << 10, 4, GROUP_HI, GROUP_LO);
  const best = new GrowableInt32Array(1 << 10);
  const wrap = space.rules.passes === Infinity;
  /** Set by `dominated`: the id of the position itself when it was taken, else -1. */
  let takenId = -1;
  // Whether the position was taken by a path as short, or a taken one of the same group
  // reaches it by draws and turn-overs within g moves (pointerDominance.ts): every line from
  // there is then matched, no longer.
  const dominated = (lo: number, hi: number, g: number): boolean => {
    takenId = dominatedIn(table, best.data, lo, hi, g, wrap);
    return takenId === DOMINATED || (takenId >= 0 && best.data[takenId]! <= g);
  };
  const outLo = new Uint32Array(MAX_MOVES);
  const outHi = new Uint32Array(MAX_MOVES);
  const outMove = new Int32Array(MAX_MOVES);
  push(startLo, startHi, 0, -1, 0, bound(startLo));
  for (let f = 0; f < head.length; f++) {
    while (head[f]! >= 0) {
      const e = head[f]!;
      head[f] = qNext.data[e]!;
      const lo = qLo.data[e]! >>> 0;
      const hi = qHi.data[e]! >>> 0;
      const g = qG.data[e]!;
      if (dominated(lo, hi, g)) continue;
      if (!budget.tick() || !budget.fitsMemory(size * 24 + table.bytes() + table.size * 4)) return null;
      const id = takenId >= 0 ? takenId : table.intern(hi, lo);
      if (id < 0) return null;
      best.ensure(id)[id] = g;
      if (space.removedCount(lo) >= target) return stepsTo(qParent, qVia, e);
      if (space.maxRemovable(lo, hi) < target) continue;
      const n = space.successors(lo, hi, outLo, outHi, outMove);
      for (let k = 0; k < n; k++) {
        const ng = g + FullStateSpace.moveCost(outMove[k]!);
        if (dominated(outLo[k]!, outHi[k]!, ng)) continue;
        // (The bound never drops by more than a step costs, so f never falls below the one being taken.)
        push(outLo[k]!, outHi[k]!, ng, e, outMove[k]!, Math.max(f, ng + bound(outLo[k]!)));
      }
    }
  }
  return null;
}
