/**
 * The fewest moves that win, by A* over packed positions: a step costs the moves it stands
 * for (its draws plus one removal) and the bound (moveBound.ts) never overestimates, so the first won
 * position taken from the queue is reached in the minimum number of moves. (The bound may drop by more than one in a
 * move, so a position reached again by a shorter path is queued again.)
 * Queue: one bucket per f = g + h, each a linked stack in typed arrays (newest first,
 * which dives toward a win among equals).
 */
import type { Budget } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { ExactCosts } from './exactCosts.js';
import { FullStateSpace, MAX_MOVES } from './fullState.js';
import { MoveBound } from './moveBound.js';

export interface MinMovesResult {
  /** Step codes of an optimal line (see `FullStateSpace.successors`), or null when there is none or the search stopped. */
  line: number[] | null;
  /** True when the search ran to its end (so `line === null` means: cannot be won). */
  complete: boolean;
}

const MAX_F = 1024;

/** One bound and one table of exact costs per space, so that they serve every search of the deal. */
const bounds = new WeakMap<FullStateSpace, MoveBound>();
const exacts = new WeakMap<FullStateSpace, ExactCosts>();

/** `learning`: keep learnt bounds for later searches of the same space (worth it only when there will be some). */
export function searchMinMoves(space: FullStateSpace, budget: Budget, startLo: number, startHi: number, learning = true): MinMovesResult {
  let bound = bounds.get(space);
  if (!bound) {
    bound = new MoveBound(space);
    bounds.set(space, bound);
  }
  let exact = exacts.get(space);
  if (!exact) {
    exact = new ExactCosts();
    exacts.set(space, exact);
  }
  const known = exact.find(startLo, startHi);
  if (known >= 0 && exact.isExact(known)) return { line: exact.line(known), complete: true };
  // Per-state: g, parent id, move code; per queue entry: state id, g, next entry.
  const table = new StateTable(budget, 1 << 14, 16 + 12);
  const g = new GrowableInt32Array(1 << 14);
  const parent = new GrowableInt32Array(1 << 14);
  const via = new GrowableInt32Array(1 << 14);
  const h = new GrowableInt32Array(1 << 14); // the lower bound, computed once per state
  const exactId = new GrowableInt32Array(1 << 14); // its id in `exact` when its cost is known, else -1
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

  const h0 = known >= 0 ? exact.costOf(known) : bound.of(startLo, startHi);
  if (h0 < 0) return { line: null, complete: true };
  const start = table.intern(startHi, startLo);
  exactId.data[start] = -1;
  h.data[start] = h0;
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
    const won = space.isWon(lo, hi);
    if (won || exactId.data[id]! >= 0) {
      // A win, or a position whose exact cost is its bound: nothing open can do better.
      const path: number[] = [];
      for (let s = id; s >= 0; s = parent.data[s]!) path.push(s);
      let tail = won ? -1 : exactId.data[id]!;
      const line = tail >= 0 ? exact.line(tail) : [];
      let remaining = tail >= 0 ? exact.costOf(tail) : 0;
      if (won) tail = exact.record(lo, hi, 0, -1, 0);
      let chain = remaining;
      for (let i = 1; i < path.length; i++) chain += FullStateSpace.moveCost(via.data[path[i - 1]!]!);
      // Each position on the line, from the end: its fewest moves are what the line has left.
      const consistent = chain === gv + remaining;
      for (let i = 1; i < path.length; i++) {
        const code = via.data[path[i - 1]!]!;
        line.unshift(code);
        remaining += FullStateSpace.moveCost(code);
        if (consistent) {
          const from = path[i]!;
          // The positions between its draws are on the optimal line too: the draw child a hint asks about next.
          let dLo = table.loOf(from);
          let dHi = table.hiOf(from);
          for (let j = 1; j <= FullStateSpace.stepsOf(code) && space.drawOnce(dLo, dHi); j++) {
            dLo = space.packedLo;
            dHi = space.packedHi;
            exact.record(dLo, dHi, remaining - j, tail, code - (j << 14));
          }
          tail = exact.record(table.loOf(from), table.hiOf(from), remaining, tail, code);
        }
      }
      if (learning) learn(exact, table, g, h, gv + (won ? 0 : exact.costOf(exactId.data[id]!)));
      return { line, complete: true };
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
        h.ensure(sid);
        exactId.ensure(sid);
        // A learnt bound was at least this bound when learnt, and the bound never changes: no need to compute it.
        const x = exact.find(outLo[k]!, outHi[k]!);
        exactId.data[sid] = x >= 0 && exact.isExact(x) ? x : -1;
        h.data[sid] = x >= 0 ? exact.costOf(x) : bound.of(outLo[k]!, outHi[k]!);
      }
      const hs = h.data[sid]!;
      g.data[sid] = ng;
      parent.data[sid] = id;
      via.data[sid] = outMove[k]!;
      if (hs < 0) continue; // cannot be won from there
      const nf = ng + hs;
      if (nf >= MAX_F) continue;
      push(sid, ng, nf);
      if (nf < f) f = nf;
    }
  }
}

/** After a search proved its start needs `best` moves: each position reached in g moves needs at least best - g (see exactCosts.ts). */
function learn(exact: ExactCosts, table: StateTable, g: GrowableInt32Array, h: GrowableInt32Array, best: number): void {
  for (let id = table.size - 1; id >= 0; id--) {
    const hv = h.data[id]!;
    const lv = best - g.data[id]!;
    if (hv >= 0 && lv > hv) exact.learn(table.loOf(id), table.hiOf(id), lv);
  }
}
