/**
 * Lines with few passes through the stock, by beam search: from the start, every position
 * one move further is scored by the progress a player sees (cards on the foundations, face-down
 * cards turned up, fewer cards waiting in the waste), and only the best `width` go on to the
 * next move. A depth-first search commits to its first choices and, asked for a win within one
 * or two turn-overs, can spend millions of positions under one of them (bench/README.md); the beam keeps many openings alive side by side and
 * finds such wins on most deals in a fraction of a second. It proves nothing when it finds no
 * win: it is a way to find lines, never a verdict.
 *
 * The moves it tries are the ones a player makes progress with: draws, turn-overs (within
 * the limit), foundation moves, waste cards onto the columns, and runs moved between columns
 * that turn up a face-down card, empty a column (not a King's, which has nowhere better to
 * go) or free a card for the foundations. Positions met before (the same key) are skipped,
 * and nothing is allocated per position: the kept positions live in two pools of engine
 * objects, the scores and parents in typed arrays.
 */

import { GrowableInt32Array } from '../../search/growable.js';
import type { KeyTable } from '../../search/keyTable.js';
import type { Budget } from '../../search/limits.js';
import type { BeamFork, BeamSnapshot, KeyRecord } from './beamFork.js';
import { BeamKeys } from './beamKeys.js';
import { type DoubleContext, threadContext } from './context.js';
import { COL_CAP, COLUMNS, type DoubleState } from './engine.js';
import { KING, ONTO, RANK, SUIT } from './faceTables.js';
import { largestFirst } from './largest.js';
import { M_CC, M_CF, M_TURN, M_WC, M_WF, mA, mB, mKind, mv, sourceColumn, targetColumn } from './move.js';
import { KEY_WORDS, MAX_KEY_TURN_OVERS, markTurnOvers, PositionKey } from './positionKey.js';

/** How many positions go on at each move, and the longest line it looks for. */
export interface BeamShape {
  width: number;
  maxDepth: number;
  /** Varies the order among positions of equal score. */
  seed: number;
  /**
   * Score weights: per card on the foundations, per face-down card turned up, per card waiting
   * in the waste, per card still in the stock.
   */
  foundation: number;
  turnedUp: number;
  waste: number;
  stock: number;
}

export const DEFAULT_BEAM: BeamShape = { width: 64, maxDepth: 1200, seed: 0, foundation: 20, turnedUp: 12, waste: 1, stock: 0 };

/**
 * The beams the analysis runs for each turn-over limit, keeping the shortest line found: each
 * finds wins the others miss; three, as more shapes shorten the lines little for much more
 * time (bench/README.md).
 */
export const PASS_BEAMS: readonly BeamShape[] = [
  DEFAULT_BEAM,
  { ...DEFAULT_BEAM, seed: 1, stock: 1 },
  { ...DEFAULT_BEAM, seed: 2, width: 128 },
];
/**
 * The furthest a beam got: the most foundation cards in any position it scored, and a line
 * from the start to the first such position (Vegas: the best a player is known to reach on a
 * deal no search has decided). Filled in by `beamLine` when passed, kept when it does no better.
 */
export interface BeamReach {
  foundation: number;
  line: number[];
}

/**
 * What the beams of one deal work with: the engine objects they keep their positions in, made
 * once for all of them (each is overwritten before it is read), and the thread's tables and
 * record of keys (`DoubleContext`): a beam then allocates nothing of its own.
 */
export class BeamStates {
  private readonly states: DoubleState[] = [];

  constructor(readonly context: DoubleContext = threadContext()) {}

  /** `count` positions of the deal `makeState` opens. */
  take(count: number, makeState: () => DoubleState): DoubleState[] {
    while (this.states.length < count) this.states.push(makeState());
    return this.states.slice(0, count);
  }
}

/** Candidates of one move are told apart by their index, below the score in one sort key. */
const INDEX_BITS = 24;

/**
 * A winning line from `makeState()`'s position that turns over at most `maxTurnOvers` times,
 * as engine moves, or null when the beam ends without one (or the budget stops it: every
 * position scored counts as a node). `reach`, when given, learns the furthest position met.
 * `states`: positions of the same deal to work in, shared by the beams of one analysis.
 */
export function beamLine(
  makeState: () => DoubleState,
  budget: Budget,
  maxTurnOvers: number,
  shape: BeamShape = DEFAULT_BEAM,
  reach?: BeamReach,
  states: BeamStates = new BeamStates(),
  fork?: BeamFork,
): number[] | null {
  return states.context.tables.with(budget, 1 << 14, (seen) => beamWith(seen, makeState, budget, maxTurnOvers, shape, reach, states, fork));
}

/** `beamLine` with the table of the keys it has seen. */
function beamWith(
  seen: KeyTable,
  makeState: () => DoubleState,
  budget: Budget,
  maxTurnOvers: number,
  shape: BeamShape,
  reach: BeamReach | undefined,
  states: BeamStates,
  fork: BeamFork | undefined,
): number[] | null {
  const root = makeState();
  if (reach && root.onFoundations > reach.foundation) {
    reach.foundation = root.onFoundations;
    reach.line = [];
  }
  if (root.isWon()) return [];
  const run = new BeamRun(seen, budget, maxTurnOvers, shape, reach, states, makeState, fork);
  const firstDepth = run.begin(root);
  if (firstDepth < 0) return null;
  for (let depth = firstDepth; depth < shape.maxDepth && run.size > 0; depth++) {
    if (run.forking && run.snapshot === null && limitStops(run.cur, run.size, maxTurnOvers)) run.takeSnapshot(depth);
    const n = run.expand(depth);
    if (n <= 0) return run.done(n === 0 ? null : run.won);
    run.keepBest(depth, n);
  }
  return run.done(null);
}

/**
 * One beam under way: the kept positions of the current move and the next, the candidates of
 * one move, each kept position's parent and move (to write a line out), and the furthest
 * candidate met. Made once per beam; nothing is allocated per position.
 */
class BeamRun {
  readonly width: number;
  /** The score's weights as one array (the shapes are objects of several kinds). */
  readonly #weights: Float64Array;
  readonly #moves = new GrowableInt32Array(1 << 10);
  /** Per move: each kept position's parent (its index in the previous move's positions) and the move. */
  readonly #parents = new GrowableInt32Array(1 << 14);
  readonly #via = new GrowableInt32Array(1 << 14);
  /** The candidates of one move: parent index, move, and score * 2^24 + candidate index for sorting. */
  readonly #candParent = new GrowableInt32Array(1 << 12);
  readonly #candMove = new GrowableInt32Array(1 << 12);
  #order = new Float64Array(1 << 12);
  /** Each kept position's key is worked out from its parent's. */
  readonly #keys: BeamKeys;
  cur: DoubleState[];
  #next: DoubleState[];
  size = 1;
  /** A beam of a lower limit of the same shape got this far as this one would (beamFork.ts). */
  readonly forking: boolean;
  /**
   * This beam's own snapshot, for a higher limit: taken at the first move where this limit
   * stops a position from turning over; its keys are copied out at the end.
   */
  snapshot: BeamSnapshot | null = null;
  /** The furthest candidate met, as where it is; its line is written out once, at the end. */
  #bestDepth = -1;
  #bestParent = 0;
  #bestMove = 0;
  #bestFoundation: number;
  /** The winning line, once `expand` has met a win. */
  won: number[] | null = null;
  /** The keys seen, in order, while this beam may still take its snapshot. */
  readonly #record: KeyRecord;

  readonly #seen: KeyTable;
  readonly #budget: Budget;
  readonly #maxTurnOvers: number;
  readonly #shape: BeamShape;
  readonly #reach: BeamReach | undefined;
  readonly #fork: BeamFork | undefined;

  constructor(
    seen: KeyTable,
    budget: Budget,
    maxTurnOvers: number,
    shape: BeamShape,
    reach: BeamReach | undefined,
    states: BeamStates,
    makeState: () => DoubleState,
    fork: BeamFork | undefined,
  ) {
    this.#seen = seen;
    this.#budget = budget;
    this.#maxTurnOvers = maxTurnOvers;
    this.#shape = shape;
    this.#reach = reach;
    this.#fork = fork;
    this.width = shape.width;
    const pool = states.take(2 * shape.width, makeState);
    this.#record = states.context.beamKeys;
    this.#weights = Float64Array.of(shape.foundation, shape.turnedUp, shape.waste, shape.stock);
    this.cur = pool.slice(0, this.width);
    this.#next = pool.slice(this.width);
    this.#keys = new BeamKeys(this.width);
    this.forking = fork !== undefined && reach === undefined;
    this.#bestFoundation = reach ? reach.foundation : Infinity;
  }

  /**
   * Starts from `root`, or from where a beam of a lower limit took its snapshot: the depth to
   * go on from, or -1 when the table is full.
   */
  begin(root: DoubleState): number {
    this.cur[0]!.copyFrom(root);
    this.#keys.start(root);
    const rootKey = new PositionKey().write(root, true);
    // Turn-overs apart: the same position with fewer of them used may still be in the limit.
    markTurnOvers(rootKey, Math.min(root.turnOvers, MAX_KEY_TURN_OVERS));
    if (this.#seen.intern(rootKey) < 0) return -1;
    this.#record.words = 0;
    if (this.forking) this.#record.add(rootKey);
    const start = this.forking ? this.#fork!.startFor(this.#maxTurnOvers) : null;
    if (start === null) return 0;
    // The keys it had seen, in its order (its first is the start's, seen above).
    for (let at = KEY_WORDS; at < start.keys.length; at += KEY_WORDS) {
      for (let j = 0; j < KEY_WORDS; j++) rootKey[j] = start.keys[at + j]!;
      if (this.#seen.intern(rootKey) < 0) return -1;
      this.#record.add(rootKey);
    }
    this.size = start.kept.length;
    for (let j = 0; j < this.size; j++) this.cur[j]!.copyFrom(start.kept[j]!);
    this.#keys.restore(start.codes);
    this.#parents.ensure(start.parents.length).set(start.parents);
    this.#via.ensure(start.via.length).set(start.via);
    this.#budget.nodes = start.nodes;
    return start.depth;
  }

  takeSnapshot(depth: number): void {
    const width = this.width;
    this.snapshot = {
      limit: this.#maxTurnOvers,
      depth,
      kept: this.cur.slice(0, this.size).map((s) => s.clone()),
      codes: this.#keys.copyKept(this.size),
      parents: this.#parents.data.slice(0, depth * width),
      via: this.#via.data.slice(0, depth * width),
      keys: this.#record.copy(),
      nodes: this.#budget.nodes,
    };
  }

  /**
   * Every new position one move from the kept ones, as candidates: how many, 0 when the beam
   * ends without a win (none new, the budget spent or the table full), -1 when a candidate
   * wins (its line in `won`).
   */
  expand(depth: number): number {
    const moves = this.#moves;
    const seen = this.#seen;
    const keys = this.#keys;
    const budget = this.#budget;
    const maxTurnOvers = this.#maxTurnOvers;
    const recording = this.forking && this.snapshot === null;
    let n = 0;
    for (let i = 0; i < this.size; i++) {
      const s = this.cur[i]!;
      const count = movesWorthTrying(s, moves, maxTurnOvers);
      for (let k = 0; k < count; k++) {
        const m = moves.data[k]!;
        if (!budget.tick()) return 0;
        const kind = mKind(m);
        s.apply(m);
        if (s.onFoundations > this.#bestFoundation) {
          this.#bestFoundation = s.onFoundations;
          this.#bestDepth = depth;
          this.#bestParent = i;
          this.#bestMove = m;
        }
        if (s.isWon()) {
          this.won = this.#lineTo(depth, i, m);
          return -1;
        }
        const id = seen.intern(keys.afterMove(s, i, sourceColumn(kind, mA(m)), targetColumn(kind, mB(m))));
        if (id < 0) return 0;
        if (seen.lastWasNew) {
          if (recording) this.#record.add(keys.key);
          this.#candParent.ensure(n)[n] = i;
          this.#candMove.ensure(n)[n] = m;
          if (n >= this.#order.length) {
            const grown = new Float64Array(this.#order.length * 2);
            grown.set(this.#order);
            this.#order = grown;
          }
          this.#order[n] = (score(s, this.#weights) * 64 + noise(m, i, depth, this.#shape.seed)) * 2 ** INDEX_BITS + n;
          n++;
        }
        s.undo();
      }
    }
    return n;
  }

  /** Keeps the best `width` of the `n` candidates (the largest sort keys, largest first) as the next move's positions. */
  keepBest(depth: number, n: number): void {
    const width = this.width;
    const order = this.#order;
    const kept = largestFirst(order, n, width);
    const at = depth * width;
    this.#parents.ensure(at + width);
    this.#via.ensure(at + width);
    for (let j = 0; j < kept; j++) {
      const key = order[j]!;
      const c = key - Math.floor(key / 2 ** INDEX_BITS) * 2 ** INDEX_BITS;
      const parent = this.#candParent.data[c]!;
      const m = this.#candMove.data[c]!;
      const s = this.#next[j]!;
      s.copyFrom(this.cur[parent]!);
      s.apply(m);
      const kind = mKind(m);
      this.#keys.keep(s, j, parent, sourceColumn(kind, mA(m)), targetColumn(kind, mB(m)));
      this.#parents.data[at + j] = parent;
      this.#via.data[at + j] = m;
    }
    const swap = this.cur;
    this.cur = this.#next;
    this.#next = swap;
    this.#keys.advance();
    this.size = kept;
  }

  /** The line to the candidate `move` of kept position `parent` at `depth`. */
  #lineTo(depth: number, parent: number, move: number): number[] {
    const line = [move];
    for (let d = depth - 1, j = parent; d >= 0; d--) {
      line.push(this.#via.data[d * this.width + j]!);
      j = this.#parents.data[d * this.width + j]!;
    }
    return line.reverse();
  }

  /** Ends the beam with `line`: hands the snapshot to the fork and the furthest line met to `reach`. */
  done(line: number[] | null): number[] | null {
    if (this.snapshot !== null) this.#fork!.saved = this.snapshot;
    if (this.#reach && this.#bestDepth >= 0) {
      this.#reach.foundation = this.#bestFoundation;
      this.#reach.line = this.#lineTo(this.#bestDepth, this.#bestParent, this.#bestMove);
    }
    return line;
  }
}

/** Whether one of the first `size` positions could turn the waste over but for the limit `maxTurnOvers`. */
function limitStops(kept: readonly DoubleState[], size: number, maxTurnOvers: number): boolean {
  for (let i = 0; i < size; i++) {
    const s = kept[i]!;
    if (s.turnOvers === maxTurnOvers && mKind(s.talonMove()) === M_TURN) return true;
  }
  return false;
}

/**
 * The moves the beam tries (see the top of this file), written into `out` from index 0 in the
 * order of the engine's `legalMovesInto` (ties between equal scores, and which of two moves to
 * one position is kept, follow that order); returns how many. A run is looked at only when
 * moving it is worth it, so most of the legal moves are never generated.
 */
export function movesWorthTrying(s: DoubleState, out: GrowableInt32Array, maxTurnOvers: number): number {
  const data = out.data.length >= MOST_MOVES ? out.data : out.ensure(MOST_MOVES);
  let n = 0;
  const talon = s.talonMove();
  if (talon >= 0 && (mKind(talon) !== M_TURN || s.turnOvers < maxTurnOvers)) data[n++] = talon;
  const col = s.col;
  const len = s.len;
  const fnd = s.fnd;
  // Per face, a bit per column it may go on (Kings: the empty ones), worked out once (and
  // cleared at the end: only the entries of the column tops and the Kings are ever set).
  let empty = 0;
  for (let b = 0; b < COLUMNS; b++) {
    const lb = len[b]!;
    if (lb === 0) {
      empty |= 1 << b;
      continue;
    }
    const onto = ONTO[col[b * COL_CAP + lb - 1]!]!;
    if (onto !== 0) {
      fitsOn[onto & 63]! |= 1 << b;
      fitsOn[onto >> 6]! |= 1 << b;
    }
  }
  for (let king = KING - 1; king < 52; king += 13) fitsOn[king] = empty;
  for (let a = 0; a < COLUMNS; a++) {
    const l = len[a]!;
    if (l === 0) continue;
    const at = a * COL_CAP;
    if (goesUp(fnd, col[at + l - 1]!)) data[n++] = M_CF | (a << 3);
    const d = s.down[a]!;
    for (let k = 1; k <= l - d; k++) {
      // Where the run may go first (mostly nowhere), then whether it is worth it.
      const targets = fitsOn[col[at + l - k]!]! & ~(1 << a);
      if (targets === 0) continue;
      // The whole run: unless it is a King's with nothing beneath. Part of it: when the card
      // it leaves on top can go up.
      const worth = k === l - d ? d > 0 || RANK[col[at + d]!] !== KING : goesUp(fnd, col[at + l - k - 1]!);
      if (!worth) continue;
      // The columns in increasing order, as a loop over them would meet them.
      for (let bits = targets; bits !== 0; bits &= bits - 1) {
        data[n++] = mv(M_CC, a, 31 - Math.clz32(bits & -bits), k);
      }
    }
  }
  const w = s.wasteTop();
  if (w >= 0) {
    if (goesUp(fnd, w)) data[n++] = M_WF;
    for (let bits = fitsOn[w]!; bits !== 0; bits &= bits - 1) data[n++] = mv(M_WC, 0, 31 - Math.clz32(bits & -bits));
  }
  for (let b = 0; b < COLUMNS; b++) {
    const lb = len[b]!;
    if (lb === 0) continue;
    const onto = ONTO[col[b * COL_CAP + lb - 1]!]!;
    fitsOn[onto & 63] = 0;
    fitsOn[onto >> 6] = 0;
  }
  for (let king = KING - 1; king < 52; king += 13) fitsOn[king] = 0;
  return n;
}

/** The most moves `movesWorthTrying` writes: the talon, per column its foundation move and runs onto each other column, the waste top's. */
const MOST_MOVES = 1 + COLUMNS * (1 + COL_CAP * (COLUMNS - 1)) + 1 + COLUMNS;

/** Whether a face may go to the foundations (`DoubleState.pileFor` >= 0), from the piles' tops `fnd`. */
function goesUp(fnd: Uint8Array, face: number): boolean {
  const p = SUIT[face]! * 2;
  const want = RANK[face]! - 1;
  return fnd[p] === want || fnd[p + 1] === want;
}

/** `movesWorthTrying`'s table, all zero between calls. */
const fitsOn = new Uint16Array(52);

/** Progress as a player sees it, never negative (see `BeamShape`; `w`: its weights in order). */
function score(s: DoubleState, w: Float64Array): number {
  let down = 0;
  for (let c = 0; c < COLUMNS; c++) down += s.down[c]!;
  // (Offset so that no score is negative: the sort key keeps the candidate's index below it.)
  return w[0]! * s.onFoundations - w[1]! * down - w[2]! * s.waste - w[3]! * (s.talLen - s.waste) + 8192;
}

/** 0 to 63, fixed by the move, its parent, the depth and the seed: ties broken alike on every run. */
function noise(m: number, parent: number, depth: number, seed: number): number {
  let h = Math.imul(m ^ Math.imul(parent + 1, 0x9e3779b1) ^ Math.imul(depth + 1, 0x85ebca6b), 0xc2b2ae35) ^ seed;
  h ^= h >>> 15;
  h = Math.imul(h, 0x27d4eb2d);
  return (h >>> 26) & 63;
}
