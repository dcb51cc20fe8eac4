/**
 * The fewest moves that win, by A* over packed positions: a step costs the moves it stands
 * for (its draws plus one removal) and the bound (moveBound.ts) never overestimates, so the first won
 * position taken from the queue is reached in the minimum number of moves. (The bound may drop by more than one in a
 * move, so a position reached again by a shorter path is queued again.)
 * Queue: one bucket per f = g + h, each a linked stack in typed arrays (newest first,
 * which dives toward a win among equals).
 *
 * On hard deals most successors lie beyond the minimum and are never taken, yet each would
 * take a queue entry (how many: bench/README.md). Once the queue grows
 * large, a quick weighted search (f = g + 2h, its own small tables, a cap on the positions
 * it expands) looks for any win; its length is an upper bound, and successors whose f
 * exceeds it are not queued from then on. Nothing is lost: every position on an optimal
 * line has f <= the minimum <= that length (the bound never overestimates).
 *
 * A position that a position already taken reaches by draws and turn-overs alone, at no
 * more cost, is neither queued nor taken (pointerDominance.ts). And a pair that every win
 * plays, when it can be played at once, is a position's only successor
 * (`FullStateSpace.successors`). Both take fewer positions to the same minimum (bench/README.md).
 */
import type { Budget } from '../../../search/limits.js';
import { StateTable } from '../../../search/stateTable.js';
import { ExactCosts } from './exactCosts.js';
import { FullStateSpace, MAX_MOVES } from './fullState.js';
import { MoveBound } from './moveBound.js';
import { DOMINATED, dominatedIn, GROUP_HI, GROUP_LO } from './pointerDominance.js';

interface MinMovesResult {
  /** Step codes of an optimal line (see `FullStateSpace.successors`), or null when there is none or the search stopped. */
  line: number[] | null;
  /** True when the search ran to its end (so `line === null` means: cannot be won). */
  complete: boolean;
  /** The probe's upper bound when the search probed and the probe found a win (see the top of this file). */
  upperBound?: number;
}

const MAX_F = 1024;
/**
 * Added to a queue entry's bound when it is only the quick bound (`MoveBound.of` without
 * the pass closure): most queued positions are never taken, so the full bound is worked
 * out when a position is taken, and the position goes back to the queue if it says more
 * (lazy A*: the first win taken is still a shortest one, every bound used being admissible).
 */
const LAZY = 1 << 16;

/** One bound and one table of exact costs per space, so that they serve every search of the deal. */
const bounds = new WeakMap<FullStateSpace, MoveBound>();
const exacts = new WeakMap<FullStateSpace, ExactCosts>();

/**
 * The queue and the closed arrays of the last search, kept for the next one: a deal's
 * analysis and every hint run searches one after another, and allocating (and the system
 * zeroing) their arrays afresh cost about a tenth of the time. Dropped once they grow past
 * POOL_KEEP_ENTRIES, so one huge search does not keep its memory.
 */
let pooledQueue: Queue | null = null;
let pooledClosed: Closed | null = null;
const POOL_KEEP_ENTRIES = 1 << 22;
const CACHE_BITS = 16;
const boundCache = {
  searches: 0,
  stamp: new Int32Array(1 << CACHE_BITS),
  keys: new Int32Array(2 << CACHE_BITS),
  bound: new Int32Array(1 << CACHE_BITS),
  exact: new Int32Array(1 << CACHE_BITS),
};

/**
 * What the exact searches have expanded since the last `resetMinMovesCounts` (for the
 * benchmark: how much of a search lies below its minimum, where only a stronger bound helps).
 */
export interface MinMovesCounts {
  /** Positions the exact searches expanded (the probes' left out). */
  expanded: number;
  /** Of those, in searches that found their minimum: how many, and how many had f below it. */
  expandedSolved: number;
  belowMinimum: number;
}

export const minMovesCounts: MinMovesCounts = { expanded: 0, expandedSolved: 0, belowMinimum: 0 };

export function resetMinMovesCounts(): void {
  minMovesCounts.expanded = 0;
  minMovesCounts.expandedSolved = 0;
  minMovesCounts.belowMinimum = 0;
}

/** The positions the running exact search expanded at each f (one search runs at a time; the probe counts none). */
const expandedAtF = new Int32Array(MAX_F);

/** How `searchMinMoves` runs; what is left out is the exact search as an analysis runs it. */
export interface MinMovesOptions {
  /** Keep learnt bounds for later searches of the same space (worth it only when there will be some). Default true. */
  readonly learning?: boolean;
  /** The queue entries after which to probe for an upper bound (tests probe at once, so that every search takes that path). */
  readonly probeAt?: number;
  /** False: the quick bound alone, never the pass closure (tests compare the two). Default true. */
  readonly fullBound?: boolean;
  /** False: every successor, even where a pair is forced (see `FullStateSpace.successors`). Default true. */
  readonly forcedPairs?: boolean;
}

/** The fewest moves from the packed position `start` (`FullStateSpace.pack`). */
export function searchMinMoves(
  space: FullStateSpace,
  budget: Budget,
  start: { readonly lo: number; readonly hi: number },
  options: MinMovesOptions = {},
): MinMovesResult {
  const { learning = true, probeAt = EXACT.probeAt, fullBound = true, forcedPairs = true } = options;
  const queue = pooledQueue ?? new Queue();
  const closed = pooledClosed ?? new Closed(1 << 14);
  pooledQueue = null; // not shared while in use
  pooledClosed = null;
  queue.size = 0;
  try {
    const mode = probeAt === EXACT.probeAt && fullBound && forcedPairs ? EXACT : { ...EXACT, probeAt, fullBound, forcedPairs };
    return search(space, budget, start.lo, start.hi, learning, queue, closed, mode);
  } finally {
    queue.keepAtMost(POOL_KEEP_ENTRIES);
    pooledQueue = queue;
    if (closed.g.length <= POOL_KEEP_ENTRIES) pooledClosed = closed;
  }
}

/** How a search runs: the exact A*, or the weighted probe that only looks for some win. */
interface SearchMode {
  /** f = gWeight * g + hWeight * h: 1 and 1 find the minimum; a heavier h finds a win sooner, maybe a longer one. */
  gWeight: number;
  hWeight: number;
  /** Positions the search may expand before it gives up (the probe's cap). */
  maxExpanded: number;
  /** Queue entries after which the exact search probes for an upper bound (never, for the probe). */
  probeAt: number;
  /** Whether positions taken get the full bound (see LAZY). */
  fullBound: boolean;
  /** Whether a forced pair is a position's only successor (see `FullStateSpace.successors`). */
  forcedPairs: boolean;
}

const EXACT: SearchMode = { gWeight: 1, hWeight: 1, maxExpanded: Infinity, probeAt: 1 << 18, fullBound: true, forcedPairs: true };
/**
 * The probe: cheap next to the search it helps (which has queued 2^18 entries by then), and
 * small enough to leave its memory behind.
 */
const PROBE: SearchMode = { gWeight: 1, hWeight: 2, maxExpanded: 50_000, probeAt: Infinity, fullBound: true, forcedPairs: true };

/**
 * A line's length found by the weighted probe from the start, or Infinity when the probe gave
 * up (its cap, or the budget: then the exact search stops at its next tick too).
 */
function probeUpperBound(space: FullStateSpace, budget: Budget, startLo: number, startHi: number, outer: SearchMode): number {
  const mode = outer.fullBound && outer.forcedPairs ? PROBE : { ...PROBE, fullBound: outer.fullBound, forcedPairs: outer.forcedPairs };
  const result = search(space, budget, startLo, startHi, false, new Queue(), new Closed(1 << 14), mode);
  if (result.line === null) return Infinity;
  let cost = 0;
  for (const code of result.line) cost += FullStateSpace.moveCost(code);
  return cost;
}

function search(
  space: FullStateSpace,
  budget: Budget,
  startLo: number,
  startHi: number,
  learning: boolean,
  queue: Queue,
  closed: Closed,
  mode: SearchMode,
): MinMovesResult {
  const exactSearch = mode.gWeight === 1 && mode.hWeight === 1;
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
  if (exactSearch) expandedAtF.fill(0);
  /** Successors with f beyond this are not queued (see the top of this file). */
  let limit = MAX_F - 1;
  let probeAt = mode.probeAt;
  let upperBound: number | undefined;
  let expanded = 0;
  // The table holds the positions taken from the queue (closed), with their g, parent, step,
  // bound and exact id; a successor waits in the queue with its own key, g and bound, and
  // is interned only when taken. Most successors (four in five on hard deals) lie beyond
  // the minimum and are never taken: they cost no table space.
  const table = new StateTable(budget, 1 << 14, 20, GROUP_HI, GROUP_LO);
  const wrap = space.rules.passes === Infinity;
  /** Set by `dominated`: the id of the position itself when it was taken, else -1. */
  let takenId = -1;
  // Whether a taken position of the same pyramid and talon reaches (lo, hi) by draws and
  // turn-overs within `g` moves (see pointerDominance.ts): the walk that looks the position
  // up meets every one of them.
  const dominated = (lo: number, hi: number, g: number): boolean => {
    takenId = dominatedIn(table, closed.g, lo, hi, g, wrap);
    return takenId === DOMINATED;
  };
  const head = new Int32Array(MAX_F).fill(-1);
  const outLo = new Uint32Array(MAX_MOVES);
  const outHi = new Uint32Array(MAX_MOVES);
  const outMove = new Int32Array(MAX_MOVES);
  // Learnt bounds and exact costs are looked up only once a search of this deal has left some.
  const anyKnown = exact.size > 0;
  /** The exact id of the last position `boundOf` looked at, or -1. */
  let lastExact = -1;
  const fullSaysMore = mode.fullBound && bound.fullSaysMore;
  // Where every bound is the quick one, successors often reach a position still waiting in the
  // queue: a small cache of the last bounds computed spares most repeats (a slot keeps whatever
  // position last hashed to it). With the full bound worked out when taken it is rarely hit.
  const cache = fullSaysMore ? null : boundCache;
  const stamp = ++boundCache.searches; // entries of earlier searches carry older stamps
  const boundOf = (lo: number, hi: number): number => {
    const slot = cache ? (Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) >>> (32 - CACHE_BITS)) << 1 : 0;
    if (cache && cache.stamp[slot >> 1] === stamp && cache.keys[slot] === (hi | 0) && cache.keys[slot + 1] === (lo | 0)) {
      lastExact = cache.exact[slot >> 1]!;
      return cache.bound[slot >> 1]!;
    }
    // A learnt bound was at least this bound when learnt, and the bound never changes: no need to compute it.
    const x = anyKnown ? exact.find(lo, hi) : -1;
    lastExact = x >= 0 && exact.isExact(x) ? x : -1;
    const b = x >= 0 ? exact.costOf(x) : bound.of(lo, hi, false);
    if (cache) {
      cache.stamp[slot >> 1] = stamp;
      cache.keys[slot] = hi | 0;
      cache.keys[slot + 1] = lo | 0;
      cache.exact[slot >> 1] = lastExact;
      cache.bound[slot >> 1] = b;
    }
    return b;
  };

  const h0 = known >= 0 ? exact.costOf(known) : bound.of(startLo, startHi, mode.fullBound);
  if (h0 < 0) return { line: null, complete: true };
  const f0 = h0 * mode.hWeight;
  if (f0 >= MAX_F) return { line: null, complete: false };
  if (!queue.add(startHi, startLo, 0, -1, 0, h0, known >= 0 && exact.isExact(known) ? known : -1, -1, budget, table)) {
    return { line: null, complete: false };
  }
  head[f0] = 0;
  let f = f0;

  for (;;) {
    while (f < MAX_F && head[f] === -1) f++;
    if (f >= MAX_F) {
      if (exactSearch) minMovesCounts.expanded += expanded;
      return { line: null, complete: true };
    }
    const e = head[f]!;
    // The entry's block and its first field there (see Queue).
    const qb = queue.blockOf(e);
    const qa = queue.at(e);
    head[f] = qb[qa + Q_NEXT]!;
    const gv = qb[qa + Q_G]!;
    const lo = qb[qa + Q_LO]! >>> 0;
    const hi = qb[qa + Q_HI]! >>> 0;
    // Before the table: a position skipped here must not look taken.
    if (dominated(lo, hi, gv)) continue;
    if (takenId >= 0 && closed.g[takenId]! <= gv) continue; // taken before by a path as short
    let hv = qb[qa + Q_H]!;
    if (hv >= LAZY) {
      // Queued under the quick bound: the full one now, and back to the queue if it says more.
      hv -= LAZY;
      const full = bound.of(lo, hi);
      if (full < 0) continue;
      if (full > hv) {
        const nf = gv * mode.gWeight + full * mode.hWeight;
        if (nf <= limit) {
          const parentId = qb[qa + Q_PARENT]!;
          const step = qb[qa + Q_VIA]!;
          if (!queue.add(hi, lo, gv, parentId, step, full, -1, head[nf]!, budget, table)) return { line: null, complete: false };
          head[nf] = queue.size - 1;
        }
        continue;
      }
    }
    // `dominated` walked the position's probe run: taken before (by a longer path), it is there
    // already; otherwise it is new, and no second walk is needed to know it.
    const id = takenId >= 0 ? takenId : table.intern(hi, lo);
    if (id < 0) return { line: null, complete: false };
    if (id >= closed.g.length) closed.ensure(id);
    const { g, parent, via, exactId } = closed;
    g[id] = gv;
    parent[id] = qb[qa + Q_PARENT]!;
    via[id] = qb[qa + Q_VIA]!;
    closed.h[id] = hv;
    exactId[id] = qb[qa + Q_EXACT]!;
    const won = space.isWon(lo, hi);
    if (won || exactId[id]! >= 0) {
      // A win, or a position whose exact cost is its bound: nothing open can do better
      // (the probe: some win, its length an upper bound; nothing of it is recorded).
      const path: number[] = [];
      for (let s = id; s >= 0; s = parent[s]!) path.push(s);
      if (!exactSearch) {
        const line = won ? [] : exact.line(exactId[id]!);
        for (let i = 1; i < path.length; i++) line.unshift(via[path[i - 1]!]!);
        return { line, complete: true };
      }
      let tail = won ? -1 : exactId[id]!;
      const line = tail >= 0 ? exact.line(tail) : [];
      let remaining = tail >= 0 ? exact.costOf(tail) : 0;
      if (won) tail = exact.record(lo, hi, 0, -1, 0);
      let chain = remaining;
      for (let i = 1; i < path.length; i++) chain += FullStateSpace.moveCost(via[path[i - 1]!]!);
      // Each position on the line, from the end: its fewest moves are what the line has left.
      const consistent = chain === gv + remaining;
      for (let i = 1; i < path.length; i++) {
        const code = via[path[i - 1]!]!;
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
      const minimum = gv + (won ? 0 : exact.costOf(exactId[id]!));
      tally(expanded, minimum);
      if (learning) learn(exact, table, closed, queue, minimum);
      return upperBound === undefined ? { line, complete: true } : { line, complete: true, upperBound };
    }
    if (!budget.tick() || ++expanded > mode.maxExpanded) {
      if (exactSearch) minMovesCounts.expanded += expanded - 1;
      return { line: null, complete: false };
    }
    if (exactSearch) expandedAtF[f]!++;
    if (queue.size >= probeAt) {
      probeAt = Infinity;
      const upper = probeUpperBound(space, budget, startLo, startHi, mode);
      if (upper < limit) {
        limit = upper;
        upperBound = upper;
      }
    }
    const n = space.successors(lo, hi, outLo, outHi, outMove, mode.forcedPairs);
    for (let k = 0; k < n; k++) {
      const ng = gv + FullStateSpace.moveCost(outMove[k]!);
      const cLo = outLo[k]!;
      const cHi = outHi[k]!;
      if (dominated(cLo, cHi, ng)) continue;
      const cid = takenId;
      if (cid >= 0 && closed.g[cid]! <= ng) continue;
      const hs = cid >= 0 ? closed.h[cid]! : boundOf(cLo, cHi);
      if (hs < 0) continue; // cannot be won from there
      const nf = ng * mode.gWeight + hs * mode.hWeight;
      if (nf > limit) continue;
      const x = cid >= 0 ? closed.exactId[cid]! : lastExact;
      // A position's own bound is the full one; a fresh bound is the quick one unless exact.
      const lazy = cid < 0 && x < 0 && fullSaysMore ? LAZY : 0;
      if (!queue.add(cHi, cLo, ng, id, outMove[k]!, hs + lazy, x, head[nf]!, budget, table)) return { line: null, complete: false };
      head[nf] = queue.size - 1;
      if (nf < f) f = nf;
    }
  }
}

/** Adds an exact search that found its minimum to `minMovesCounts`. */
function tally(expanded: number, minimum: number): void {
  minMovesCounts.expanded += expanded;
  minMovesCounts.expandedSolved += expanded;
  let below = 0;
  for (let f = 0; f < minimum && f < MAX_F; f++) below += expandedAtF[f]!;
  minMovesCounts.belowMinimum += below;
}

/**
 * After a search proved its start needs `best` moves: each position reached in g moves needs
 * at least best - g (see exactCosts.ts). Positions still waiting in the queue were reached
 * too: they learn as well.
 */
function learn(exact: ExactCosts, table: StateTable, closed: Closed, queue: Queue, best: number): void {
  for (let id = table.size - 1; id >= 0; id--) {
    const hv = closed.h[id]!;
    const lv = best - closed.g[id]!;
    if (hv >= 0 && lv > hv) exact.learn(table.loOf(id), table.hiOf(id), lv);
  }
  for (let e = queue.size - 1; e >= 0; e--) {
    const qb = queue.blockOf(e);
    const qa = queue.at(e);
    const lv = best - qb[qa + Q_G]!;
    if (lv > qb[qa + Q_H]! % LAZY) exact.learn(qb[qa + Q_LO]! >>> 0, qb[qa + Q_HI]! >>> 0, lv);
  }
}

/** What the search keeps per closed position, in arrays that grow together. */
class Closed {
  g: Int32Array;
  parent: Int32Array;
  /** The step code that led to it. */
  via: Int32Array;
  /** Its lower bound. */
  h: Int32Array;
  /** Its id in the exact costs when its cost is known, else -1. */
  exactId: Int32Array;

  constructor(capacity: number) {
    this.g = new Int32Array(capacity);
    this.parent = new Int32Array(capacity);
    this.via = new Int32Array(capacity);
    this.h = new Int32Array(capacity);
    this.exactId = new Int32Array(capacity);
  }

  ensure(i: number): void {
    let cap = this.g.length * 2;
    while (cap <= i) cap *= 2;
    this.g = grown(this.g, cap);
    this.parent = grown(this.parent, cap);
    this.via = grown(this.via, cap);
    this.h = grown(this.h, cap);
    this.exactId = grown(this.exactId, cap);
  }
}

/** An entry's fields, side by side in its block: key (2 words), g, parent, step, bound, exact id, next entry. */
const Q_HI = 0;
const Q_LO = 1;
const Q_G = 2;
const Q_PARENT = 3;
const Q_VIA = 4;
const Q_H = 5;
const Q_EXACT = 6;
const Q_NEXT = 7;
const ENTRY_WORDS = 8;
const ENTRY_BYTES = ENTRY_WORDS * 4;
/** Entries per block: 512 KB each, so that a tight memory limit still lets a small search run. */
const BLOCK_BITS = 14;
const BLOCK_MASK = (1 << BLOCK_BITS) - 1;

/**
 * The open queue: one linked stack per f (newest first, which dives toward a win among
 * equals). Its entries live in fixed blocks that are added as it grows, never copied:
 * doubling whole arrays (the system zeroing each new one) is costly on hard deals
 * (bench/README.md). An entry's fields sit side by side, one cache line for all of them.
 */
class Queue {
  private readonly blocks: Int32Array[] = [];
  size = 0;

  blockOf(e: number): Int32Array {
    return this.blocks[e >>> BLOCK_BITS]!;
  }

  /** Where entry `e`'s fields start in its block. */
  at(e: number): number {
    return (e & BLOCK_MASK) * ENTRY_WORDS;
  }

  /** Drops the blocks beyond the first `entries` (a huge search does not keep its memory). */
  keepAtMost(entries: number): void {
    const keep = Math.ceil(entries / (BLOCK_MASK + 1));
    if (this.blocks.length > keep) this.blocks.length = keep;
  }

  /** Adds an entry (its index is `size - 1`); false when a new block would break the memory limit. */
  add(
    hi: number,
    lo: number,
    g: number,
    parent: number,
    via: number,
    h: number,
    exactId: number,
    next: number,
    budget: Budget,
    table: StateTable,
  ): boolean {
    const e = this.size;
    const b = e >>> BLOCK_BITS;
    if (b >= this.blocks.length) {
      // The table counts itself and the closed arrays; the queue counts itself on top.
      const bytes = (b + 1) * (BLOCK_MASK + 1) * ENTRY_BYTES;
      if (!budget.fitsMemory(bytes + table.bytes() + table.size * 20)) return false;
      this.blocks.push(new Int32Array((BLOCK_MASK + 1) * ENTRY_WORDS));
    }
    const block = this.blocks[b]!;
    const a = (e & BLOCK_MASK) * ENTRY_WORDS;
    this.size++;
    block[a + Q_HI] = hi;
    block[a + Q_LO] = lo;
    block[a + Q_G] = g;
    block[a + Q_PARENT] = parent;
    block[a + Q_VIA] = via;
    block[a + Q_H] = h;
    block[a + Q_EXACT] = exactId;
    block[a + Q_NEXT] = next;
    return true;
  }
}

function grown(a: Int32Array, capacity: number): Int32Array {
  const out = new Int32Array(capacity);
  out.set(a);
  return out;
}
