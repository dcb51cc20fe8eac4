// The previous solver, kept unchanged for the comparison in previous.test.ts.
/**
 * The fewest moves that win, by A* over packed positions: a step costs the moves it stands
 * for (its draws plus one removal) and `lowerBound` never overestimates, so the first won
 * position taken from the queue is reached in the minimum number of moves. (The bound may drop by more than one in a
 * move, so a position reached again by a shorter path is queued again.)
 * Queue: one bucket per f = g + h, each a linked stack in typed arrays (newest first,
 * which dives toward a win among equals).
 */
import type { Budget } from '../../../../src/search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../../src/search/stateTable.js';
import { FullStateSpace, MAX_MOVES } from './fullState.js';

export interface MinMovesResult {
  /** Step codes of an optimal line (see `FullStateSpace.successors`), or null when there is none or the search stopped. */
  line: number[] | null;
  /** True when the search ran to its end (so `line === null` means: cannot be won). */
  complete: boolean;
}

const MAX_F = 1024;

export function searchMinMoves(space: FullStateSpace, budget: Budget): MinMovesResult {
  // Per-state: g, parent id, move code; per queue entry: state id, g, next entry.
  const table = new StateTable(budget, 1 << 14, 16 + 12);
  const g = new GrowableInt32Array(1 << 14);
  const parent = new GrowableInt32Array(1 << 14);
  const via = new GrowableInt32Array(1 << 14);
  const bound = new GrowableInt32Array(1 << 14); // the lower bound, computed once per state
  const entryId = new GrowableInt32Array(1 << 14);
  const entryG = new GrowableInt32Array(1 << 14);
  const entryNext = new GrowableInt32Array(1 << 14);
  let entries = 0;
  const head = new Int32Array(MAX_F).fill(-1);
  const outLo = new Uint32Array(MAX_MOVES);
  const outHi = new Uint32Array(MAX_MOVES);
  const outMove = new Int32Array(MAX_MOVES);

  const push = (id: number, gv: number, f: number): void => {
    entryId.ensure(entries);
    entryG.ensure(entries);
    entryNext.ensure(entries);
    entryId.data[entries] = id;
    entryG.data[entries] = gv;
    entryNext.data[entries] = head[f]!;
    head[f] = entries++;
  };

  const h0 = space.lowerBound(space.startLo, space.startHi);
  if (h0 < 0) return { line: null, complete: true };
  const start = table.intern(space.startHi, space.startLo);
  g.data[start] = 0;
  parent.data[start] = -1;
  push(start, 0, h0);
  let f = h0;

  for (;;) {
    while (f < MAX_F && head[f] === -1) f++;
    if (f >= MAX_F) return { line: null, complete: true };
    const e = head[f]!;
    head[f] = entryNext.data[e]!;
    const id = entryId.data[e]!;
    const gv = entryG.data[e]!;
    if (gv !== g.data[id]) continue; // a shorter path to it was found since
    const lo = table.loOf(id);
    const hi = table.hiOf(id);
    if (space.isWon(lo, hi)) {
      const line: number[] = [];
      for (let s = id; parent.data[s]! >= 0; s = parent.data[s]!) line.push(via.data[s]!);
      return { line: line.reverse(), complete: true };
    }
    if (!budget.tick()) return { line: null, complete: false };
    const n = space.successors(lo, hi, outLo, outHi, outMove);
    for (let k = 0; k < n; k++) {
      const ng = gv + FullStateSpace.moveCost(outMove[k]!);
      const sid = table.intern(outHi[k]!, outLo[k]!);
      if (sid < 0) return { line: null, complete: false };
      if (!table.lastWasNew && g.data[sid]! <= ng) continue;
      if (table.lastWasNew) {
        g.ensure(sid);
        parent.ensure(sid);
        via.ensure(sid);
        bound.ensure(sid);
        bound.data[sid] = space.lowerBound(outLo[k]!, outHi[k]!);
      }
      const h = bound.data[sid]!;
      g.data[sid] = ng;
      parent.data[sid] = id;
      via.data[sid] = outMove[k]!;
      if (h < 0) continue; // cannot be won from there
      const nf = ng + h;
      if (nf >= MAX_F) continue;
      push(sid, ng, nf);
      if (nf < f) f = nf;
    }
  }
}
