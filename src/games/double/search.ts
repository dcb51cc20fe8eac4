/**
 * The Double Solitaire search: depth-first over the engine's positions, applied and undone
 * in place, with the moves of each position generated best first (`generate`), safe
 * foundation moves played without branching (`safeMoves.ts`), quiet run moves followed at once
 * by a move that uses the column they left (`quietRule`), positions interned by their
 * exact key (`positionKey.ts`) and, under Vegas, positions the talon relaxation proves lost
 * skipped (`vegasBound.ts`). Nothing is allocated per node: moves are integers in typed
 * arrays.
 */

import { GrowableInt32Array } from '../../search/growable.js';
import type { KeyTable } from '../../search/keyTable.js';
import type { Budget } from '../../search/limits.js';
import type { BeamReach } from './beam.js';
import { COL_CAP, COLUMNS, type DoubleState, PILES } from './engine.js';
import { KING, ONTO, RANK, TARGETS } from './faceTables.js';
import { M_CC, M_CF, M_FC, M_JUMP, M_WC, M_WF, mA, mB, mN, mT, mv, sourceColumn, targetColumn } from './move.js';
import { MAX_KEY_TURN_OVERS, markTurnOvers, PositionKey } from './positionKey.js';
import { isSafe } from './safeMoves.js';
import { TalonBound } from './vegasBound.js';

// Move ordering (higher first). Only the order depends on these, never a verdict.
const P_REVEAL = 1000;
const P_CF = 900;
const P_WF = 880;
const P_USEFUL = 700;
const P_WC = 500;
const P_EMPTY = 200;
const P_OTHER = 300;
const P_FC = 100;
/**
 * A talon card that needs a turn-over ranks this much lower (see `turnPenalty`): below the
 * column moves that play or reveal something, so that a line plays what it can in each pass
 * before starting another. Lines came out a fifth shorter (most of a line's moves are draws,
 * repeated on every pass).
 */
const P_TURN_PENALTY = 450;

/** A pseudo-random number in [0, range) fixed by the move and the seed. */
function noise(m: number, seed: number, range: number): number {
  let h = Math.imul(m ^ Math.imul(seed, 0x9e3779b9), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % range;
}

/**
 * How a run ended: 'win', 'done' (space exhausted), 'stopped' (a limit) or 'capped' (more
 * than its node cap searched: the caller starts again or goes on with `resume`, see `decide`).
 */
export type SearchOutcome = 'win' | 'done' | 'stopped' | 'capped';

/** What a run found. */
export interface SearchRun {
  outcome: SearchOutcome;
  /** The most foundation cards met (at least `foundationFloor`; the total after a win). */
  maxFoundation: number;
  /** Positions searched under the duty of `quietRule` (the tests check the rule is exercised). */
  dutyPositions: number;
}

/** Optimize mode: the bound on moves, and what to call with each shorter win (returns the new bound). */
interface Optimize {
  bound: number;
  onWin: (moves: number) => number;
}

/**
 * How a search runs, fixed when it is made (`new DoubleSearch(state, budget, settings)`): the
 * settings left out take `SEARCH_DEFAULTS`.
 */
export interface SearchSettings {
  /**
   * Foundation cards some line is already known to reach: the run's maximum starts there, so
   * that prune 'max' skips the positions that cannot beat it.
   */
  readonly foundationFloor: number;
  /**
   * When set, learns the furthest position met (the most foundation cards) and the line to
   * it, shared between searches (and beams) of one deal: a copy of the line each time the
   * count grows, so a handful per search. Pruning never reads it.
   */
  readonly reach: BeamReach | null;
  /**
   * Positions known to win (the difficulty judge's, learnt from winning lines): the plain
   * search stops on one as on a win, and its history is then a line to it. Null: none.
   */
  readonly goal: ((s: DoubleState) => boolean) | null;
  /**
   * Vegas pruning by the talon relaxation (`talonBound`): 'win' skips positions that cannot
   * be won (for the verdict), 'max' positions that cannot beat `maxFoundation` (for the
   * exact most foundation cards).
   */
  readonly prune: 'none' | 'win' | 'max';
  /**
   * Restarts (see `solve`): 0 keeps the plain move order; another value adds to every
   * move's priority a pseudo-random amount below `jitter`, fixed per (seed, move), so that
   * each restart tries the moves of a position in another order. Only the order changes.
   */
  readonly orderSeed: number;
  readonly jitter: number;
  /** How much lower a talon card that needs a turn-over ranks, per turn-over: order only. */
  readonly turnPenalty: number;
  /**
   * The most turn-overs a line may use (normal scoring; Vegas allows none). Finite, the
   * search looks for lines with at most that many passes through the stock: positions are
   * then told apart by the turn-overs used, as by the pointer (see `run`).
   */
  readonly turnLimit: number;
  /**
   * Leaves out the moves that only rearrange: a run moved off a face-up card that neither
   * goes to the foundations nor lets a column turn a card up, a column emptied while no King
   * waits for it, a foundation card taken back that nothing wants. Such a search is no
   * longer complete (its 'done' proves nothing), but it cannot get lost shuffling runs
   * between equal targets, where a complete depth-first search can spend any time (see
   * `solve`'s restarts).
   */
  readonly focus: boolean;
  /**
   * Quiet run moves must be used at once. A run moved off a face-up card (or out of a
   * column that holds nothing else) changes the game only for the column it leaves: any
   * move that does not touch that column could be played before it, to the same position
   * (a move of the run itself then goes straight from the old column, one move instead of
   * two). So a line that wins, or reaches some foundation count, or wins in the fewest
   * moves, can be reordered so that each quiet run move is followed at once by a move from
   * or onto the column it left. The search asks for exactly that: after a quiet run move,
   * only such moves. The duty is part of the position's key (positionKey.ts), so nothing
   * searched under it stands in for the same position searched freely. (The same holds for
   * a run move that turns a card up, but there it only made the lines found longer: a
   * turned-up card is progress, and the best next move is often elsewhere.)
   */
  readonly quietRule: boolean;
}

/** The plain search: every move, in its plain order, no pruning, no goal. */
export const SEARCH_DEFAULTS: SearchSettings = Object.freeze({
  foundationFloor: 0,
  reach: null,
  goal: null,
  prune: 'none',
  orderSeed: 0,
  jitter: 0,
  turnPenalty: P_TURN_PENALTY,
  turnLimit: Infinity,
  focus: false,
  quietRule: true,
});

/** The searcher: one engine position, applied and undone in place. */
export class DoubleSearch {
  readonly s: DoubleState;
  readonly #budget: Budget;
  readonly #keys = new PositionKey();
  readonly #vegasBound = new TalonBound();
  readonly #moves = new GrowableInt32Array(1 << 10);
  readonly #prios = new GrowableInt32Array(1 << 10);
  readonly #start = new GrowableInt32Array(1024);
  readonly #count = new GrowableInt32Array(1024);
  readonly #index = new GrowableInt32Array(1024);
  readonly #applied = new GrowableInt32Array(1024);
  readonly #posStamp = new Int32Array(64);
  readonly #want = new Uint8Array(52);
  /** Per face, a bit per column whose top card it may go on (see `generate`): what `offer` reads. */
  readonly #fitsOn = new Uint16Array(52);
  #stamp = 0;
  /** Where `push` writes the next move of the position being generated. */
  #genEnd = 0;
  /** The most foundation cards met in this run (from `foundationFloor`). */
  #maxFoundation = 0;
  /** What it was made with (frozen); each setting is also a field of its own, read in the hot loop. */
  readonly settings: SearchSettings;
  readonly foundationFloor: SearchSettings['foundationFloor'];
  readonly reach: SearchSettings['reach'];
  readonly goal: SearchSettings['goal'];
  readonly prune: SearchSettings['prune'];
  readonly orderSeed: SearchSettings['orderSeed'];
  readonly jitter: SearchSettings['jitter'];
  readonly turnPenalty: SearchSettings['turnPenalty'];
  readonly turnLimit: SearchSettings['turnLimit'];
  readonly focus: SearchSettings['focus'];
  readonly quietRule: SearchSettings['quietRule'];
  /** The largest finite `turnLimit` (Draw 3 keeps the turn-overs used in the key). */
  static readonly MAX_TURN_LIMIT = MAX_KEY_TURN_OVERS;
  /** The position's turn-overs when `run` started: the limit counts those played after. */
  #turnBase = 0;
  /** Positions searched under that duty in this run. */
  #dutyPositions = 0;
  // The run in progress (`begin`), kept between `explore` calls so that a capped run can `resume`.
  #table: KeyTable | null = null;
  #withPointer = false;
  #optimize: Optimize | null = null;
  #dominance = false;
  #bestG = new GrowableInt32Array(1);
  #minRank = new GrowableInt32Array(1);
  #bound = 0;
  #depth = 0;
  #searched = 0;
  /** Engine moves of the position a capped run played but did not expand (-1: none), and its duty. */
  #pendingApplied = -1;
  #pendingDuty = -1;

  constructor(state: DoubleState, budget: Budget, settings: Partial<SearchSettings> = {}) {
    this.#budget = budget;
    this.s = state;
    const all: SearchSettings = Object.freeze({ ...SEARCH_DEFAULTS, ...settings });
    this.settings = all;
    this.foundationFloor = all.foundationFloor;
    this.reach = all.reach;
    this.goal = all.goal;
    this.prune = all.prune;
    this.orderSeed = all.orderSeed;
    this.jitter = all.jitter;
    this.turnPenalty = all.turnPenalty;
    this.turnLimit = all.turnLimit;
    this.focus = all.focus;
    this.quietRule = all.quietRule;
  }

  /** Plays every safe foundation move; returns how many engine moves it applied. */
  autoplay(): number {
    const s = this.s;
    let applied = 0;
    let progress = true;
    while (progress) {
      progress = false;
      for (let c = 0; c < COLUMNS; c++) {
        const l = s.len[c]!;
        if (l === 0) continue;
        const f = s.col[c * COL_CAP + l - 1]!;
        if (s.pileFor(f) >= 0 && isSafe(s.fnd, f)) {
          s.apply(mv(M_CF, c));
          applied++;
          progress = true;
        }
      }
      if (s.draw === 1 && s.waste > 0) {
        const f = s.wasteTop();
        if (s.pileFor(f) >= 0 && isSafe(s.fnd, f)) {
          s.apply(mv(M_WF));
          applied++;
          progress = true;
        }
      }
    }
    return applied;
  }

  /** The canonical key of the position (see `positionKey.ts`). */
  computeKey(withPointer: boolean, dominance = false, mustUse = -1): Uint32Array {
    const key = this.#keys.write(this.s, withPointer, dominance, mustUse);
    // Draw 3 under a turn limit: the turn-overs used are part of the position. In Draw 1 they
    // go into the dominance rank instead.
    if (this.#turnsInKey()) markTurnOvers(key, this.s.turnOvers - this.#turnBase);
    return key;
  }

  #turnsInKey(): boolean {
    return this.turnLimit !== Infinity && !this.s.vegas && this.s.draw === 3;
  }

  /** Vegas: an upper bound on the foundation cards any line from here reaches (`vegasBound.ts`). */
  talonBound(): number {
    return this.#vegasBound.bound(this.s);
  }

  /** Whether `prune` skips the current position (see `talonBound`). */
  #pruned(): boolean {
    if (this.prune === 'none') return false;
    const bound = this.talonBound();
    if (this.prune === 'win') return bound < this.s.total;
    return bound <= this.#maxFoundation && bound < this.s.total;
  }

  /** Plays one search move (a talon move first brings the pointer); returns engine moves applied. */
  #play(m: number): number {
    const s = this.s;
    const kind = m & 7;
    let applied = 1;
    if (kind === M_WC || kind === M_WF) {
      const p = mA(m);
      if (p !== s.waste) {
        s.apply(mv(M_JUMP, p, 0, mN(m), mT(m)));
        applied++;
      }
    }
    s.apply(m);
    return applied + this.autoplay();
  }

  #undo(n: number): void {
    for (let i = 0; i < n; i++) this.s.undo();
  }

  /** Appends a move and its rank at `genEnd` (see `generate`). */
  #push(m: number, prio: number): void {
    const i = this.#genEnd;
    if (i >= this.#moves.data.length) {
      this.#moves.ensure(i + 1024);
      this.#prios.ensure(i + 1024);
    }
    this.#moves.data[i] = m;
    this.#prios.data[i] = this.orderSeed === 0 ? prio : prio + noise(m, this.orderSeed, this.jitter);
    this.#genEnd = i + 1;
  }

  /** The moves that play the talon card before pointer `p` (see `generate`). */
  #offer(p: number, draws: number, turns: number, firstEmpty: number): void {
    const s = this.s;
    if (this.#posStamp[p] === this.#stamp) return;
    this.#posStamp[p] = this.#stamp;
    const f = s.stockCards[s.tal[p - 1]!]!;
    const cost = draws + turns * this.turnPenalty;
    if (s.pileFor(f) >= 0) this.#push(mv(M_WF, p, 0, draws, turns), P_WF - cost);
    if (RANK[f] === KING) {
      if (firstEmpty >= 0) this.#push(mv(M_WC, p, firstEmpty, draws, turns), P_WC - cost);
      return;
    }
    const rank = this.#want[f] === 1 ? P_USEFUL : P_WC;
    // The columns in increasing order, as a loop over them would meet them.
    for (let bits = this.#fitsOn[f]!; bits !== 0; bits &= bits - 1) {
      const b = 31 - Math.clz32(bits & -bits);
      this.#push(mv(M_WC, p, b, draws, turns), rank - cost + s.down[b]!);
    }
  }

  /**
   * Writes the moves of the position at `at` in the buffers, best first; returns how many.
   * Allocates nothing: `push` and `offer` are methods writing at `genEnd`.
   */
  #generate(at: number, mustUse = -1): number {
    const s = this.s;
    this.#genEnd = at;
    let firstEmpty = -1;
    for (let b = 0; b < COLUMNS; b++) {
      if (s.len[b] === 0) {
        firstEmpty = b;
        break;
      }
    }
    const kingWaits = this.#markWanted();
    this.#markFits();
    // Column tops to the foundations (the safe ones were played already).
    for (let a = 0; a < COLUMNS; a++) {
      const l = s.len[a]!;
      if (l > 0 && s.pileFor(s.col[a * COL_CAP + l - 1]!) >= 0) this.#push(mv(M_CF, a), P_CF + s.down[a]!);
    }
    this.#pushColumnMoves(firstEmpty, kingWaits);
    this.#pushTalonMoves(firstEmpty);
    this.#pushFoundationReturns(firstEmpty);
    if (mustUse >= 0) this.#keepUsing(at, mustUse);
    this.#bestFirst(at);
    return this.#genEnd - at;
  }

  /**
   * Marks in `want` the faces that would let a column with face-down cards move its face-up
   * run away (and so turn a card up); returns whether a King run waits on face-down cards.
   * Move ordering only.
   */
  #markWanted(): boolean {
    const s = this.s;
    const want = this.#want;
    want.fill(0);
    let kingWaits = false;
    for (let a = 0; a < COLUMNS; a++) {
      const d = s.down[a]!;
      if (d === 0) continue;
      const base = s.col[a * COL_CAP + d]!;
      if (RANK[base] === KING) kingWaits = true;
      else {
        const t = TARGETS[base]!;
        want[t & 63] = 1;
        want[t >> 6] = 1;
      }
    }
    return kingWaits;
  }

  /** Which columns each face may go on (`fitsOn`), once for the many runs and talon cards offered. */
  #markFits(): void {
    const s = this.s;
    const fitsOn = this.#fitsOn;
    fitsOn.fill(0);
    for (let b = 0; b < COLUMNS; b++) {
      const lb = s.len[b]!;
      if (lb === 0) continue;
      const onto = ONTO[s.col[b * COL_CAP + lb - 1]!]!;
      if (onto !== 0) {
        fitsOn[onto & 63]! |= 1 << b;
        fitsOn[onto >> 6]! |= 1 << b;
      }
    }
  }

  /** Column to column: every face-up run onto every column it fits. */
  #pushColumnMoves(firstEmpty: number, kingWaits: boolean): void {
    const s = this.s;
    const want = this.#want;
    const fitsOn = this.#fitsOn;
    for (let a = 0; a < COLUMNS; a++) {
      const l = s.len[a]!;
      const d = s.down[a]!;
      const up = l - d;
      for (let k = 1; k <= up; k++) {
        const base = s.col[a * COL_CAP + l - k]!;
        const whole = k === up;
        let prio: number;
        if (whole) prio = d > 0 ? P_REVEAL + d : kingWaits ? P_USEFUL : P_EMPTY;
        else {
          const y = s.col[a * COL_CAP + l - k - 1]!;
          prio = s.pileFor(y) >= 0 || want[y] === 1 ? P_USEFUL : P_OTHER;
        }
        if (this.focus && prio < P_USEFUL) continue;
        if (RANK[base] === KING) {
          // A King run that is a whole column already has nowhere better to be; empty columns
          // without face-down cards are interchangeable, so the first one stands for all.
          if (firstEmpty >= 0 && !(whole && d === 0)) this.#push(mv(M_CC, a, firstEmpty, k), prio);
          continue; // a King never goes on a card
        }
        // The columns in increasing order, as a loop over them would meet them.
        for (let bits = fitsOn[base]! & ~(1 << a); bits !== 0; bits &= bits - 1) {
          const b = 31 - Math.clz32(bits & -bits);
          this.#push(mv(M_CC, a, b, k), prio + s.down[b]!);
        }
      }
    }
  }

  /** The talon: every card the pointer can reach, with the draws and turn-overs it takes. */
  #pushTalonMoves(firstEmpty: number): void {
    const s = this.s;
    if (s.talLen === 0) return;
    this.#stamp++;
    const T = s.talLen;
    const w = s.waste;
    const step = s.draw;
    let draws = 0;
    if (w > 0) this.#offer(w, 0, 0, firstEmpty);
    let p = w;
    while (p < T) {
      p = Math.min(p + step, T);
      draws++;
      this.#offer(p, draws, 0, firstEmpty);
    }
    if (!s.vegas && s.turnOvers - this.#turnBase < this.turnLimit) {
      p = 0;
      while (p < T) {
        p = Math.min(p + step, T);
        draws++;
        this.#offer(p, draws, 1, firstEmpty);
      }
    }
  }

  /** Foundation tops back to a column, where that can help. */
  #pushFoundationReturns(firstEmpty: number): void {
    const s = this.s;
    const want = this.#want;
    for (let p = 0; p < PILES; p++) {
      const r = s.fnd[p]!;
      if (r === 0) continue;
      if ((p & 1) === 1 && s.fnd[p - 1] === r) continue;
      const f = s.pileTop(p);
      // If the card would be safe to play back at once, taking it down gains nothing.
      s.fnd[p] = r - 1;
      const useless = isSafe(s.fnd, f);
      s.fnd[p] = r;
      if (useless) continue;
      if (r === KING) {
        if (firstEmpty >= 0 && !this.focus) this.#push(mv(M_FC, p, firstEmpty), P_FC);
        continue;
      }
      if (this.focus && want[f] !== 1) continue;
      for (let bits = this.#fitsOn[f]!; bits !== 0; bits &= bits - 1) {
        this.#push(mv(M_FC, p, 31 - Math.clz32(bits & -bits)), want[f] === 1 ? P_USEFUL - 200 : P_FC);
      }
    }
  }

  /** The moves generated from `at`, best first (insertion sort, stable). */
  #bestFirst(at: number): void {
    const moves = this.#moves.data;
    const prios = this.#prios.data;
    for (let i = at + 1; i < this.#genEnd; i++) {
      const m = moves[i]!;
      const pr = prios[i]!;
      let j = i;
      while (j > at && prios[j - 1]! < pr) {
        moves[j] = moves[j - 1]!;
        prios[j] = prios[j - 1]!;
        j--;
      }
      moves[j] = m;
      prios[j] = pr;
    }
  }

  /** Keeps, of the moves generated from `at`, those from or onto column `c` (see `quietRule`). */
  #keepUsing(at: number, c: number): void {
    const s = this.s;
    const moves = this.#moves.data;
    const prios = this.#prios.data;
    // Empty columns are interchangeable: a move into any of them fills the one left empty.
    const empty = s.len[c] === 0;
    let out = at;
    for (let i = at; i < this.#genEnd; i++) {
      const m = moves[i]!;
      const kind = m & 7;
      const from = sourceColumn(kind, mA(m));
      const to = targetColumn(kind, mB(m));
      if (from === c || to === c || (empty && to >= 0 && s.len[to] === 0)) {
        moves[out] = m;
        prios[out] = prios[i]!;
        out++;
      }
    }
    this.#genEnd = out;
  }

  /**
   * The column a move leaves under the duty of `quietRule`, or -1: a run moved off a
   * face-up card or out of a column with no face-down cards. Called before the move is
   * played (the caller drops the duty when safe foundation moves followed).
   */
  #quietSource(m: number): number {
    if (!this.quietRule || (m & 7) !== M_CC) return -1;
    const s = this.s;
    const a = mA(m);
    const d = s.down[a]!;
    return d > 0 && mN(m) === s.len[a]! - d ? -1 : a;
  }

  /**
   * Depth-first search from the current position (already autoplayed).
   * Plain mode: stops at the first win, leaving the engine on it (its history is the line).
   * Optimize mode: branch and bound under `bound` moves; calls `onWin` with each shorter win.
   * Returns how it ended (`SearchOutcome`: 'capped' past `nodeCap` positions) and what it met.
   */
  run(table: KeyTable, withPointer: boolean, optimize: Optimize | null, nodeCap = Infinity): SearchRun {
    this.#maxFoundation = this.foundationFloor;
    this.#dutyPositions = 0;
    const outcome = this.#begin(table, withPointer, optimize) ?? this.#explore(nodeCap);
    return { outcome, maxFoundation: this.#maxFoundation, dutyPositions: this.#dutyPositions };
  }

  /**
   * Goes on with a plain run that ended 'capped', for up to `more` positions: a capped run
   * keeps its path, its table and the position it was about to expand, so the run goes on
   * exactly as if its cap had been larger (its 'done' proves as much). Nothing else may
   * use the engine or the table in between.
   */
  resume(more: number): SearchRun {
    if (this.#pendingApplied < 0) throw new Error('internal error: only a capped run can be resumed');
    const outcome = this.#explore(this.#searched + more);
    return { outcome, maxFoundation: this.#maxFoundation, dutyPositions: this.#dutyPositions };
  }

  /** Sets a run up at the root: its outcome when the root decides it, else null (then `explore`). */
  #begin(table: KeyTable, withPointer: boolean, optimize: Optimize | null): SearchOutcome | null {
    const s = this.s;
    this.#turnBase = s.turnOvers;
    this.#table = table;
    this.#withPointer = withPointer;
    this.#optimize = optimize;
    this.#searched = 0;
    this.#pendingApplied = -1;
    this.#bestG = new GrowableInt32Array(optimize ? 1024 : 1);
    this.#bound = optimize ? optimize.bound : 0;
    // Vegas pointer dominance (see `pointerClass`): plain search only, the optimize pass
    // counts draws and so keeps the pointer in its key. Under a turn limit the same, ranked
    // by turn-overs used, then pointer: in Draw 1 a position with fewer turn-overs used
    // reaches the same cards with any later pointer, or after one more turn-over any pointer
    // at all, so it stands in for every position ranked after it (in Draw 3 the turn-overs
    // are in the key, see `computeKey`, and the rank compares pointers alone).
    this.#dominance = (s.vegas || this.turnLimit !== Infinity) && !optimize;
    if (this.turnLimit !== Infinity && (optimize || this.turnLimit > DoubleSearch.MAX_TURN_LIMIT)) {
      throw new Error('internal error: a turn limit is for the plain search only, and at most MAX_TURN_LIMIT');
    }
    this.#minRank = new GrowableInt32Array(this.#dominance ? 1024 : 1);
    const rootId = table.intern(this.computeKey(withPointer, this.#dominance));
    if (rootId < 0) return 'stopped';
    if (this.#dominance) this.#dominated(rootId);
    if (optimize) this.#seenAt(rootId);
    if (s.onFoundations > this.#maxFoundation) this.#newMaximum();
    if (s.isWon()) {
      if (!optimize) return 'win';
      return 'done';
    }
    if (this.#pruned()) return 'done';
    this.#depth = 0;
    this.#start.ensure(2)[0] = 0;
    this.#count.ensure(2)[0] = this.#generate(0);
    this.#index.ensure(2)[0] = 0;
    return null;
  }

  /** Optimize mode: the moves at which the position with table id `id` was reached. */
  #seenAt(id: number): void {
    this.#bestG.ensure(id)[id] = this.s.moves;
  }

  /** Dominance: whether a position ranked no later was searched under this key (see `begin`); else records this one. */
  #dominated(id: number): boolean {
    const s = this.s;
    const ranks = this.#minRank.ensure(id);
    const rank = (s.turnOvers - this.#turnBase) * 64 + s.waste;
    if (!this.#table!.lastWasNew && ranks[id]! <= rank) return true;
    ranks[id] = rank;
    return false;
  }

  /** Makes the position just played (`k` engine moves, under duty `duty`) the next level of the path. */
  #descend(k: number, duty: number): void {
    const depth = ++this.#depth;
    this.#applied.ensure(depth + 2)[depth - 1] = k;
    const start = this.#start.ensure(depth + 2);
    const count = this.#count.ensure(depth + 2);
    this.#index.ensure(depth + 2)[depth] = 0;
    const at = start[depth - 1]! + count[depth - 1]!;
    start[depth] = at;
    count[depth] = this.#generate(at, duty);
  }

  /** The depth-first loop, from the path `begin` or a capped run left, until `nodeCap` positions in all. */
  #explore(nodeCap: number): SearchOutcome {
    const s = this.s;
    const budget = this.#budget;
    const table = this.#table!;
    const withPointer = this.#withPointer;
    const optimize = this.#optimize;
    const dominance = this.#dominance;
    let searched = this.#searched;
    let bound = this.#bound;
    if (this.#pendingApplied >= 0) {
      this.#descend(this.#pendingApplied, this.#pendingDuty);
      this.#pendingApplied = -1;
    }
    let depth = this.#depth;
    let start = this.#start.data;
    let count = this.#count.data;
    let index = this.#index.data;
    let applied = this.#applied.data;
    for (;;) {
      if (index[depth]! >= count[depth]!) {
        if (depth === 0) return 'done';
        depth--;
        this.#undo(applied[depth]!);
        continue;
      }
      const m = this.#moves.data[start[depth]! + index[depth]!]!;
      index[depth]!++;
      const quiet = this.#quietSource(m);
      const k = this.#play(m);
      // A safe foundation move after the run move can only have taken the card it uncovered.
      const duty = k === 1 ? quiet : -1;
      if (s.isWon()) {
        this.#maxFoundation = s.total;
        if (!optimize) return 'win';
        if (s.moves < bound) bound = optimize.onWin(s.moves);
        this.#undo(k);
        continue;
      }
      if (this.goal !== null && !optimize && this.goal(s)) return 'win';
      // Every card still out needs its move to the foundations, and every card still in
      // the stock a draw (`draw` cards at most per draw): the cheap part of `movesLowerBound`.
      if (optimize && s.moves + (s.total - s.onFoundations) + Math.ceil((s.talLen - s.waste) / s.draw) >= bound) {
        this.#undo(k);
        continue;
      }
      const id = table.intern(this.computeKey(withPointer, dominance, duty));
      if (id < 0) {
        this.#undo(k);
        return 'stopped';
      }
      if (dominance) {
        if (this.#dominated(id)) {
          this.#undo(k);
          continue;
        }
      } else if (!table.lastWasNew) {
        if (!optimize || this.#bestG.data[id]! <= s.moves) {
          this.#undo(k);
          continue;
        }
      }
      if (optimize) this.#seenAt(id);
      if (s.onFoundations > this.#maxFoundation) this.#newMaximum();
      // Only after a talon move: that is when cards get buried in the waste. Skipping the
      // check elsewhere only prunes less.
      const kind = m & 7;
      if ((kind === M_WC || kind === M_WF) && this.#pruned()) {
        this.#undo(k);
        continue;
      }
      if (!budget.tick()) {
        this.#undo(k);
        return 'stopped';
      }
      if (++searched > nodeCap) {
        // The position is interned but not expanded: it stays played, for `resume` to expand.
        this.#depth = depth;
        this.#searched = searched;
        this.#bound = bound;
        this.#pendingApplied = k;
        this.#pendingDuty = duty;
        return 'capped';
      }
      if (duty >= 0) this.#dutyPositions++;
      // As `descend`, written out: this runs once a position.
      applied[depth] = k;
      depth++;
      start = this.#start.ensure(depth + 2);
      count = this.#count.ensure(depth + 2);
      index = this.#index.ensure(depth + 2);
      applied = this.#applied.ensure(depth + 2);
      const at = start[depth - 1]! + count[depth - 1]!;
      start[depth] = at;
      count[depth] = this.#generate(at, duty);
      index[depth] = 0;
    }
  }

  /**
   * The position has more foundation cards than any before it in this search: the new
   * `maxFoundation`, and `reach` learns it when it beats that too. (`reach` never holds less
   * than `maxFoundation`, so checking it here only, not at every position, misses nothing.)
   */
  #newMaximum(): void {
    const s = this.s;
    this.#maxFoundation = s.onFoundations;
    const reach = this.reach;
    if (reach !== null && s.onFoundations > reach.foundation) {
      reach.foundation = s.onFoundations;
      reach.line = this.history();
    }
  }

  /** The moves played since the start, as recorded by the engine. */
  history(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.s.historyLength(); i++) out.push(this.s.historyMove(i));
    return out;
  }
}
