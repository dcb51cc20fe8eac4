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

const POOL_KEEP_ENTRIES = 1 << 22;
const CACHE_BITS = 16;

/**
 * What the minimum-move searches of one thread keep between them (see context.ts): one
 * search runs at a time on a thread, the probe inside it with tables of its own.
 */
export class MinMovesPools {
  /** One bound and one table of exact costs per space, so that they serve every search of the deal. */
  readonly bounds = new WeakMap<FullStateSpace, MoveBound>();
  readonly exacts = new WeakMap<FullStateSpace, ExactCosts>();
  /**
   * The queue and the closed arrays of the last search, kept for the next one: a deal's
   * analysis and every hint run searches one after another, and allocating (and the system
   * zeroing) their arrays afresh cost about a tenth of the time. Dropped once they grow past
   * POOL_KEEP_ENTRIES, so one huge search does not keep its memory.
   */
  queue: Queue | null = null;
  closed: Closed | null = null;
  /** The last bounds computed (see `MinMovesSearch.boundOf`); entries of earlier searches carry older stamps. */
  readonly boundCache = {
    searches: 0,
    stamp: new Int32Array(1 << CACHE_BITS),
    keys: new Int32Array(2 << CACHE_BITS),
    bound: new Int32Array(1 << CACHE_BITS),
    exact: new Int32Array(1 << CACHE_BITS),
  };
  /** The positions the running exact search expanded at each f (the probe counts none). */
  readonly expandedAtF = new Int32Array(MAX_F);
  /** What the exact searches have expanded since the last `resetCounts` (for the benchmark). */
  readonly counts: MinMovesCounts = { expanded: 0, expandedSolved: 0, belowMinimum: 0 };

  resetCounts(): void {
    this.counts.expanded = 0;
    this.counts.expandedSolved = 0;
    this.counts.belowMinimum = 0;
  }
}

/**
 * What the exact searches have expanded (`MinMovesPools.counts`: how much of a search lies
 * below its minimum, where only a stronger bound helps).
 */
export interface MinMovesCounts {
  /** Positions the exact searches expanded (the probes' left out). */
  expanded: number;
  /** Of those, in searches that found their minimum: how many, and how many had f below it. */
  expandedSolved: number;
  belowMinimum: number;
}

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
  pools: MinMovesPools,
  space: FullStateSpace,
  budget: Budget,
  start: { readonly lo: number; readonly hi: number },
  options: MinMovesOptions = {},
): MinMovesResult {
  const { learning = true, probeAt = EXACT.probeAt, fullBound = true, forcedPairs = true } = options;
  const queue = pools.queue ?? new Queue();
  const closed = pools.closed ?? new Closed(1 << 14);
  pools.queue = null; // not shared while in use
  pools.closed = null;
  queue.size = 0;
  try {
    const mode = probeAt === EXACT.probeAt && fullBound && forcedPairs ? EXACT : { ...EXACT, probeAt, fullBound, forcedPairs };
    return search(pools, space, budget, start.lo, start.hi, learning, queue, closed, mode);
  } finally {
    queue.keepAtMost(POOL_KEEP_ENTRIES);
    pools.queue = queue;
    if (closed.g.length <= POOL_KEEP_ENTRIES) pools.closed = closed;
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
function probeUpperBound(
  pools: MinMovesPools,
  space: FullStateSpace,
  budget: Budget,
  startLo: number,
  startHi: number,
  outer: SearchMode,
): number {
  const mode = outer.fullBound && outer.forcedPairs ? PROBE : { ...PROBE, fullBound: outer.fullBound, forcedPairs: outer.forcedPairs };
  const result = search(pools, space, budget, startLo, startHi, false, new Queue(), new Closed(1 << 14), mode);
  if (result.line === null) return Infinity;
  let cost = 0;
  for (const code of result.line) cost += FullStateSpace.moveCost(code);
  return cost;
}

/** A search that stopped at a limit (time, nodes, memory) before its end. */
const STOPPED: MinMovesResult = Object.freeze({ line: null, complete: false }) as MinMovesResult;

function search(
  pools: MinMovesPools,
  space: FullStateSpace,
  budget: Budget,
  startLo: number,
  startHi: number,
  learning: boolean,
  queue: Queue,
  closed: Closed,
  mode: SearchMode,
): MinMovesResult {
  return new MinMovesSearch(pools, space, budget, learning, queue, closed, mode).run(startLo, startHi);
}

/**
 * One search: `run` sets it up and loops, taking the entry of least f (`takeNext`), checking
 * its full bound (`deferred`), writing the line out on a win (`finish`) and queueing its
 * successors (`expand`). Its state lives in fields so that no step allocates.
 */
class MinMovesSearch {
  readonly #exactSearch: boolean;
  readonly #bound: MoveBound;
  readonly #exact: ExactCosts;
  /** Successors with f beyond this are not queued (see the top of this file). */
  #limit = MAX_F - 1;
  #probeAt: number;
  #upperBound: number | undefined;
  #expanded = 0;
  // The table holds the positions taken from the queue (closed), with their g, parent, step,
  // bound and exact id; a successor waits in the queue with its own key, g and bound, and
  // is interned only when taken. Most successors (four in five on hard deals) lie beyond
  // the minimum and are never taken: they cost no table space.
  readonly #table: StateTable;
  readonly #wrap: boolean;
  /** Set by `dominated`: the id of the position itself when it was taken, else -1. */
  #takenId = -1;
  readonly #head = new Int32Array(MAX_F).fill(-1);
  readonly #outLo = new Uint32Array(MAX_MOVES);
  readonly #outHi = new Uint32Array(MAX_MOVES);
  readonly #outMove = new Int32Array(MAX_MOVES);
  /** Learnt bounds and exact costs are looked up only once a search of this deal has left some. */
  readonly #anyKnown: boolean;
  /** The exact id of the last position `boundOf` looked at, or -1. */
  #lastExact = -1;
  readonly #fullSaysMore: boolean;
  // Where every bound is the quick one, successors often reach a position still waiting in the
  // queue: a small cache of the last bounds computed spares most repeats (a slot keeps whatever
  // position last hashed to it). With the full bound worked out when taken it is rarely hit.
  readonly #cache: MinMovesPools['boundCache'] | null;
  readonly #stamp: number;
  /** The least f that may hold an entry. */
  #f = 0;
  /** The entry taken last (`takeNext`): its block, where its fields start, and its key and g. */
  #qb: Int32Array = EMPTY_BLOCK;
  #qa = 0;
  #lo = 0;
  #hi = 0;
  #gv = 0;

  readonly #pools: MinMovesPools;
  readonly #space: FullStateSpace;
  readonly #budget: Budget;
  readonly #learning: boolean;
  readonly #queue: Queue;
  readonly #closed: Closed;
  readonly #mode: SearchMode;

  constructor(
    pools: MinMovesPools,
    space: FullStateSpace,
    budget: Budget,
    learning: boolean,
    queue: Queue,
    closed: Closed,
    mode: SearchMode,
  ) {
    this.#pools = pools;
    this.#space = space;
    this.#budget = budget;
    this.#learning = learning;
    this.#queue = queue;
    this.#closed = closed;
    this.#mode = mode;
    this.#exactSearch = mode.gWeight === 1 && mode.hWeight === 1;
    let bound = pools.bounds.get(space);
    if (!bound) {
      bound = new MoveBound(space);
      pools.bounds.set(space, bound);
    }
    this.#bound = bound;
    let exact = pools.exacts.get(space);
    if (!exact) {
      exact = new ExactCosts();
      pools.exacts.set(space, exact);
    }
    this.#exact = exact;
    this.#probeAt = mode.probeAt;
    this.#table = new StateTable(budget, 1 << 14, 20, GROUP_HI, GROUP_LO);
    this.#wrap = space.rules.passes === Infinity;
    this.#anyKnown = exact.size > 0;
    this.#fullSaysMore = mode.fullBound && bound.fullSaysMore;
    this.#cache = this.#fullSaysMore ? null : pools.boundCache;
    this.#stamp = ++pools.boundCache.searches; // entries of earlier searches carry older stamps
  }

  run(startLo: number, startHi: number): MinMovesResult {
    const exact = this.#exact;
    const mode = this.#mode;
    const queue = this.#queue;
    const head = this.#head;
    const known = exact.find(startLo, startHi);
    if (known >= 0 && exact.isExact(known)) return { line: exact.line(known), complete: true };
    if (this.#exactSearch) this.#pools.expandedAtF.fill(0);
    const h0 = known >= 0 ? exact.costOf(known) : this.#bound.of(startLo, startHi, mode.fullBound);
    if (h0 < 0) return { line: null, complete: true };
    const f0 = h0 * mode.hWeight;
    if (f0 >= MAX_F) return { line: null, complete: false };
    if (!queue.add(startHi, startLo, 0, -1, 0, h0, known >= 0 && exact.isExact(known) ? known : -1, -1, this.#budget, this.#table)) {
      return { line: null, complete: false };
    }
    head[f0] = 0;
    this.#f = f0;
    for (;;) {
      if (!this.#takeNext()) {
        if (this.#exactSearch) this.#pools.counts.expanded += this.#expanded;
        return { line: null, complete: true };
      }
      const lo = this.#lo;
      const hi = this.#hi;
      const gv = this.#gv;
      const qb = this.#qb;
      const qa = this.#qa;
      const closed = this.#closed;
      // Before the table: a position skipped here must not look taken.
      if (this.#dominated(lo, hi, gv)) continue;
      const takenId = this.#takenId;
      if (takenId >= 0 && closed.g[takenId]! <= gv) continue; // taken before by a path as short
      let hv = qb[qa + Q_H]!;
      if (hv >= LAZY) {
        hv = this.#deferred(hv - LAZY);
        if (hv === DEFERRED) continue;
        if (hv === OUT_OF_MEMORY) return STOPPED;
      }
      // `dominated` walked the position's probe run: taken before (by a longer path), it is there
      // already; otherwise it is new, and no second walk is needed to know it.
      const id = takenId >= 0 ? takenId : this.#table.intern(hi, lo);
      if (id < 0) return STOPPED;
      if (id >= closed.g.length) closed.ensure(id);
      closed.g[id] = gv;
      closed.parent[id] = qb[qa + Q_PARENT]!;
      closed.via[id] = qb[qa + Q_VIA]!;
      closed.h[id] = hv;
      closed.exactId[id] = qb[qa + Q_EXACT]!;
      const won = this.#space.isWon(lo, hi);
      // A win, or a position whose exact cost is its bound: nothing open can do better.
      if (won || closed.exactId[id]! >= 0) return this.#finish(id, won);
      if (!this.#budget.tick() || ++this.#expanded > mode.maxExpanded) {
        if (this.#exactSearch) this.#pools.counts.expanded += this.#expanded - 1;
        return STOPPED;
      }
      if (this.#exactSearch) this.#pools.expandedAtF[this.#f]!++;
      if (queue.size >= this.#probeAt) this.#probe(startLo, startHi);
      if (!this.#expand(id)) return STOPPED;
    }
  }

  /** Takes the newest entry of least f into `qb`, `qa`, `lo`, `hi` and `gv`; false when the queue is empty. */
  #takeNext(): boolean {
    const head = this.#head;
    const queue = this.#queue;
    let f = this.#f;
    while (f < MAX_F && head[f] === -1) f++;
    this.#f = f;
    if (f >= MAX_F) return false;
    const e = head[f]!;
    // The entry's block and its first field there (see Queue).
    const qb = queue.blockOf(e);
    const qa = queue.at(e);
    head[f] = qb[qa + Q_NEXT]!;
    this.#qb = qb;
    this.#qa = qa;
    this.#gv = qb[qa + Q_G]!;
    this.#lo = qb[qa + Q_LO]! >>> 0;
    this.#hi = qb[qa + Q_HI]! >>> 0;
    return true;
  }

  /**
   * The entry taken was queued under the quick bound `hv`: its full bound now. The bound when
   * it is no more; DEFERRED when the position cannot be won or went back to the queue under
   * the full bound; OUT_OF_MEMORY when it could not.
   */
  #deferred(hv: number): number {
    const lo = this.#lo;
    const hi = this.#hi;
    const gv = this.#gv;
    const qb = this.#qb;
    const qa = this.#qa;
    const mode = this.#mode;
    const head = this.#head;
    const full = this.#bound.of(lo, hi);
    if (full < 0) return DEFERRED;
    if (full <= hv) return hv;
    const nf = gv * mode.gWeight + full * mode.hWeight;
    if (nf <= this.#limit) {
      const parentId = qb[qa + Q_PARENT]!;
      const step = qb[qa + Q_VIA]!;
      if (!this.#queue.add(hi, lo, gv, parentId, step, full, -1, head[nf]!, this.#budget, this.#table)) return OUT_OF_MEMORY;
      head[nf] = this.#queue.size - 1;
    }
    return DEFERRED;
  }

  // Whether a taken position of the same pyramid and talon reaches (lo, hi) by draws and
  // turn-overs within `g` moves (see pointerDominance.ts): the walk that looks the position
  // up meets every one of them.
  #dominated(lo: number, hi: number, g: number): boolean {
    this.#takenId = dominatedIn(this.#table, this.#closed.g, lo, hi, g, this.#wrap);
    return this.#takenId === DOMINATED;
  }

  /** A position's bound: learnt, cached, or the quick one; sets `lastExact`. */
  #boundOf(lo: number, hi: number): number {
    const cache = this.#cache;
    const stamp = this.#stamp;
    const exact = this.#exact;
    const slot = cache ? (Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b) >>> (32 - CACHE_BITS)) << 1 : 0;
    if (cache && cache.stamp[slot >> 1] === stamp && cache.keys[slot] === (hi | 0) && cache.keys[slot + 1] === (lo | 0)) {
      this.#lastExact = cache.exact[slot >> 1]!;
      return cache.bound[slot >> 1]!;
    }
    // A learnt bound was at least this bound when learnt, and the bound never changes: no need to compute it.
    const x = this.#anyKnown ? exact.find(lo, hi) : -1;
    const lastExact = x >= 0 && exact.isExact(x) ? x : -1;
    this.#lastExact = lastExact;
    const b = x >= 0 ? exact.costOf(x) : this.#bound.of(lo, hi, false);
    if (cache) {
      cache.stamp[slot >> 1] = stamp;
      cache.keys[slot] = hi | 0;
      cache.keys[slot + 1] = lo | 0;
      cache.exact[slot >> 1] = lastExact;
      cache.bound[slot >> 1] = b;
    }
    return b;
  }

  /** Probes once for an upper bound, which then caps the f of what is queued. */
  #probe(startLo: number, startHi: number): void {
    this.#probeAt = Infinity;
    const upper = probeUpperBound(this.#pools, this.#space, this.#budget, startLo, startHi, this.#mode);
    if (upper < this.#limit) {
      this.#limit = upper;
      this.#upperBound = upper;
    }
  }

  /** Queues the successors of the position `id` just taken; false when the memory limit stops it. */
  #expand(id: number): boolean {
    const space = this.#space;
    const mode = this.#mode;
    const closed = this.#closed;
    const queue = this.#queue;
    const head = this.#head;
    const outLo = this.#outLo;
    const outHi = this.#outHi;
    const outMove = this.#outMove;
    const gv = this.#gv;
    const limit = this.#limit;
    const fullSaysMore = this.#fullSaysMore;
    const n = space.successors(this.#lo, this.#hi, outLo, outHi, outMove, mode.forcedPairs);
    for (let k = 0; k < n; k++) {
      const ng = gv + FullStateSpace.moveCost(outMove[k]!);
      const cLo = outLo[k]!;
      const cHi = outHi[k]!;
      if (this.#dominated(cLo, cHi, ng)) continue;
      const cid = this.#takenId;
      if (cid >= 0 && closed.g[cid]! <= ng) continue;
      const hs = cid >= 0 ? closed.h[cid]! : this.#boundOf(cLo, cHi);
      if (hs < 0) continue; // cannot be won from there
      const nf = ng * mode.gWeight + hs * mode.hWeight;
      if (nf > limit) continue;
      const x = cid >= 0 ? closed.exactId[cid]! : this.#lastExact;
      // A position's own bound is the full one; a fresh bound is the quick one unless exact.
      const lazy = cid < 0 && x < 0 && fullSaysMore ? LAZY : 0;
      if (!queue.add(cHi, cLo, ng, id, outMove[k]!, hs + lazy, x, head[nf]!, this.#budget, this.#table)) return false;
      head[nf] = queue.size - 1;
      if (nf < this.#f) this.#f = nf;
    }
    return true;
  }

  /**
   * The position `id` is won, or its exact cost is known: the line to it, then on (the probe:
   * some win, its length an upper bound; nothing of it is recorded). The exact search records
   * each position of the line with its fewest moves, and learns from what it met.
   */
  #finish(id: number, won: boolean): MinMovesResult {
    const exact = this.#exact;
    const closed = this.#closed;
    const gv = this.#gv;
    const { parent, via, exactId } = closed;
    const path: number[] = [];
    for (let s = id; s >= 0; s = parent[s]!) path.push(s);
    if (!this.#exactSearch) {
      const line = won ? [] : exact.line(exactId[id]!);
      for (let i = 1; i < path.length; i++) line.unshift(via[path[i - 1]!]!);
      return { line, complete: true };
    }
    const tail = won ? -1 : exactId[id]!;
    const line = tail >= 0 ? exact.line(tail) : [];
    const remaining = tail >= 0 ? exact.costOf(tail) : 0;
    this.#recordLine(path, line, won ? exact.record(this.#lo, this.#hi, 0, -1, 0) : tail, remaining);
    const minimum = gv + (won ? 0 : exact.costOf(exactId[id]!));
    this.#tally(minimum);
    if (this.#learning) learn(exact, this.#table, closed, this.#queue, minimum);
    return this.#upperBound === undefined ? { line, complete: true } : { line, complete: true, upperBound: this.#upperBound };
  }

  /**
   * Puts the steps of `path` (closed ids, the end first) in front of `line`, and records each
   * position on it, from the end, with its fewest moves: what the line has left.
   */
  #recordLine(path: number[], line: number[], tail: number, remaining: number): void {
    const exact = this.#exact;
    const space = this.#space;
    const table = this.#table;
    const { via } = this.#closed;
    let chain = remaining;
    for (let i = 1; i < path.length; i++) chain += FullStateSpace.moveCost(via[path[i - 1]!]!);
    const consistent = chain === this.#gv + remaining;
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
  }

  /** Adds an exact search that found its minimum to the counts. */
  #tally(minimum: number): void {
    const { counts, expandedAtF } = this.#pools;
    counts.expanded += this.#expanded;
    counts.expandedSolved += this.#expanded;
    let below = 0;
    for (let f = 0; f < minimum && f < MAX_F; f++) below += expandedAtF[f]!;
    counts.belowMinimum += below;
  }
}

/** `MinMovesSearch.deferred`'s answers other than a bound. */
const DEFERRED = -1;
const OUT_OF_MEMORY = -2;
const EMPTY_BLOCK = new Int32Array(0);

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
