/**
 * A line to the most pyramid cards a lost deal lets a player remove: what a player asks once
 * the deal is known to be lost. Where turn-overs are limited, the search that proves the
 * figure keeps the line itself (`exploreFull`); elsewhere its positions stand for every
 * pointer, and this search finds one: depth-first over whole positions, stopping at the
 * first with `target` cards removed and cutting every position whose relaxed figure
 * (`maxRemovable`: an upper bound, exact where the stock order cannot matter, as under the
 * app's rules) is below it; so under the app's rules it walks straight there. The steps are
 * the other searches' (see `FullStateSpace.successors`), each position visited once.
 */
import type { Budget } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { type FullStateSpace, MAX_MOVES } from './fullState.js';

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
