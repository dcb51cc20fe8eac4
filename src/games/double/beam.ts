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
import type { BeamFork, BeamSnapshot } from './beamFork.js';
import { BeamKeys } from './beamKeys.js';
import { COL_CAP, COLUMNS, type DoubleState } from './engine.js';
import { KING, ONTO, RANK, SUIT } from './faceTables.js';
import { largestFirst } from './largest.js';
import { M_CC, M_CF, M_TURN, M_WC, M_WF, mA, mB, mKind, mv, sourceColumn, targetColumn } from './move.js';
import { KEY_WORDS, MAX_KEY_TURN_OVERS, markTurnOvers, PositionKey } from './positionKey.js';
import { withTable } from './tables.js';

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
 * The engine objects the beams of one deal keep their positions in, made once for all of them
 * (each is overwritten before it is read): a beam then allocates nothing of its own.
 */
export class BeamStates {
  private readonly states: DoubleState[] = [];

  /** `count` positions of the deal `makeState` opens. */
  take(count: number, makeState: () => DoubleState): DoubleState[] {
    while (this.states.length < count) this.states.push(makeState());
    return this.states.slice(0, count);
  }
}

/** The keys a forking beam has seen, in order (see `beamLine`): shared, as beams run one at a time. */
let seenKeys = new Uint32Array(1 << 16);

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
  return withTable(budget, 1 << 14, (seen) => beamWith(seen, makeState, budget, maxTurnOvers, shape, reach, states, fork));
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
  const { width, maxDepth, seed } = shape;
  // The score's weights as one array (the shapes are objects of several kinds).
  const weights = Float64Array.of(shape.foundation, shape.turnedUp, shape.waste, shape.stock);
  const root = makeState();
  if (reach && root.onFoundations > reach.foundation) {
    reach.foundation = root.onFoundations;
    reach.line = [];
  }
  if (root.isWon()) return [];
  const pool = states.take(2 * width, makeState);
  let cur = pool.slice(0, width);
  let next = pool.slice(width);
  cur[0]!.copyFrom(root);
  let size = 1;
  const moves = new GrowableInt32Array(1 << 10);
  // Per move: each kept position's parent (its index in the previous move's positions) and the move.
  const parents = new GrowableInt32Array(1 << 14);
  const via = new GrowableInt32Array(1 << 14);
  // The candidates of one move: parent index, move, and score * 2^24 + candidate index for sorting.
  const candParent = new GrowableInt32Array(1 << 12);
  const candMove = new GrowableInt32Array(1 << 12);
  let order = new Float64Array(1 << 12);
  // Each kept position's key is worked out from its parent's.
  const keys = new BeamKeys(width);
  keys.start(root);
  const rootKey = new PositionKey().write(root, true);
  // Turn-overs apart: the same position with fewer of them used may still be in the limit.
  markTurnOvers(rootKey, Math.min(root.turnOvers, MAX_KEY_TURN_OVERS));
  if (seen.intern(rootKey) < 0) return null;
  // A beam of a lower limit of the same shape got this far as this one would (beamFork.ts).
  const forking = fork !== undefined && reach === undefined;
  const start = forking ? fork.startFor(maxTurnOvers) : null;
  // The keys seen, in order, while this beam may still take its snapshot.
  // (One buffer for every beam of the process: it grows to the longest record once.)
  let seenWords = 0;
  const record = (key: Uint32Array): void => {
    if (seenWords + KEY_WORDS > seenKeys.length) {
      const grown = new Uint32Array(2 * seenKeys.length);
      grown.set(seenKeys);
      seenKeys = grown;
    }
    seenKeys.set(key, seenWords);
    seenWords += KEY_WORDS;
  };
  if (forking) record(rootKey);
  let firstDepth = 0;
  if (start !== null) {
    // The keys it had seen, in its order (its first is the start's, seen above).
    for (let at = KEY_WORDS; at < start.keys.length; at += KEY_WORDS) {
      for (let j = 0; j < KEY_WORDS; j++) rootKey[j] = start.keys[at + j]!;
      if (seen.intern(rootKey) < 0) return null;
      record(rootKey);
    }
    size = start.kept.length;
    for (let j = 0; j < size; j++) cur[j]!.copyFrom(start.kept[j]!);
    keys.restore(start.codes);
    parents.ensure(start.parents.length).set(start.parents);
    via.ensure(start.via.length).set(start.via);
    budget.nodes = start.nodes;
    firstDepth = start.depth;
  }
  // This beam's own snapshot, for a higher limit: taken at the first move where this limit
  // stops a position from turning over; its keys are copied out at the end.
  let snapshot: BeamSnapshot | null = null;
  /** The line to the candidate `move` of kept position `parent` at `depth`. */
  const lineTo = (depth: number, parent: number, move: number): number[] => {
    const line = [move];
    for (let d = depth - 1, j = parent; d >= 0; d--) {
      line.push(via.data[d * width + j]!);
      j = parents.data[d * width + j]!;
    }
    return line.reverse();
  };
  // The furthest candidate met, as where it is; its line is written out once, at the end.
  let bestDepth = -1;
  let bestParent = 0;
  let bestMove = 0;
  let bestFoundation = reach ? reach.foundation : Infinity;
  const done = (line: number[] | null): number[] | null => {
    if (snapshot !== null) fork!.saved = snapshot;
    if (reach && bestDepth >= 0) {
      reach.foundation = bestFoundation;
      reach.line = lineTo(bestDepth, bestParent, bestMove);
    }
    return line;
  };

  for (let depth = firstDepth; depth < maxDepth && size > 0; depth++) {
    if (forking && snapshot === null && limitStops(cur, size, maxTurnOvers)) {
      snapshot = {
        limit: maxTurnOvers,
        depth,
        kept: cur.slice(0, size).map((s) => s.clone()),
        codes: keys.copyKept(size),
        parents: parents.data.slice(0, depth * width),
        via: via.data.slice(0, depth * width),
        keys: seenKeys.slice(0, seenWords),
        nodes: budget.nodes,
      };
    }
    let n = 0;
    for (let i = 0; i < size; i++) {
      const s = cur[i]!;
      const count = movesWorthTrying(s, moves, maxTurnOvers);
      for (let k = 0; k < count; k++) {
        const m = moves.data[k]!;
        if (!budget.tick()) return done(null);
        const kind = mKind(m);
        s.apply(m);
        if (s.onFoundations > bestFoundation) {
          bestFoundation = s.onFoundations;
          bestDepth = depth;
          bestParent = i;
          bestMove = m;
        }
        if (s.isWon()) return done(lineTo(depth, i, m));
        const id = seen.intern(keys.afterMove(s, i, sourceColumn(kind, mA(m)), targetColumn(kind, mB(m))));
        if (id < 0) return done(null);
        if (seen.lastWasNew) {
          if (forking && snapshot === null) record(keys.key);
          candParent.ensure(n)[n] = i;
          candMove.ensure(n)[n] = m;
          if (n >= order.length) {
            const grown = new Float64Array(order.length * 2);
            grown.set(order);
            order = grown;
          }
          order[n] = (score(s, weights) * 64 + noise(m, i, depth, seed)) * 2 ** INDEX_BITS + n;
          n++;
        }
        s.undo();
      }
    }
    if (n === 0) return done(null);
    // The best `width` candidates: the largest sort keys, largest first.
    const kept = largestFirst(order, n, width);
    const at = depth * width;
    parents.ensure(at + width);
    via.ensure(at + width);
    for (let j = 0; j < kept; j++) {
      const key = order[j]!;
      const c = key - Math.floor(key / 2 ** INDEX_BITS) * 2 ** INDEX_BITS;
      const parent = candParent.data[c]!;
      const m = candMove.data[c]!;
      const s = next[j]!;
      s.copyFrom(cur[parent]!);
      s.apply(m);
      const kind = mKind(m);
      keys.keep(s, j, parent, sourceColumn(kind, mA(m)), targetColumn(kind, mB(m)));
      parents.data[at + j] = parent;
      via.data[at + j] = m;
    }
    const swap = cur;
    cur = next;
    next = swap;
    keys.advance();
    size = kept;
  }
  return done(null);
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
