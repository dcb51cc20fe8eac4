/**
 * The coarse search: a depth-first search over the coarse positions of `coarse.ts`, every
 * one searched once (a key table of exact keys). It decides a deal when it finishes, and the
 * most foundation cards it met are then the most any line reaches: exact, as every real line
 * is a line of coarse moves and every coarse line can be played (docs/solvers.md).
 *
 * Two rules keep it small, proven in docs/solvers.md:
 *
 * - **Cards go up.** After every move but one that takes a card back from the foundations,
 *   each face-up card that is not a head and may go up goes up (`settle`): a position with
 *   more cards up, the same talon and columns, reaches every position the other one reaches.
 * - **A card taken back is used.** Cards taken back from the foundations form a *chain*: in
 *   it, any card may be taken back, and the first other move must be one the position before
 *   the chain could not play (a card put on one of them, a card of their class leaving with
 *   what lay on it moved there, a copy of one going up in its place). The foundations before
 *   the chain are part of a chain position's key, so it never stands in for a position
 *   searched under another chain, or freely.
 *
 * The loop allocates nothing per position: moves and undo tokens live in typed arrays.
 */
import { GrowableInt32Array } from '../../search/growable.js';
import { KeyTable } from '../../search/keyTable.js';
import type { Budget } from '../../search/limits.js';
import { C_DRAW, C_FC, C_HF, C_HT, C_NF, C_TURN, C_WC, C_WF, COARSE_WORDS, CoarseState, cArg, cKind, cMove } from './coarse.js';
import { COLUMNS, type DoubleState, STOCK_SIZE } from './engine.js';
import { RANK } from './faceTables.js';

export interface CoarseResult {
  /** 'win', 'done' (every coarse position reachable searched, no win), or 'stopped' by a limit. */
  outcome: 'win' | 'done' | 'stopped';
  /** The most foundation cards of any position met: the deal's exact figure when 'done'. */
  maxFoundation: number;
  /** Coarse moves from the start to a win, or to a position with `maxFoundation` cards. */
  line: number[];
  /** Positions searched (a position searched again with a lower pointer counts again). */
  positions: number;
}

/** Coarse moves a position can have: a draw and a turn-over, each talon card twice, 8 pile tops, 8 next faces, 9 columns twice. */
const MOST_MOVES = 2 + 2 * STOCK_SIZE + 8 + 8 + 2 * COLUMNS;

/** Whether face `f` may be taken back after face `last` in a chain (-1: first): a lower rank, or the same rank and a face not below. */
function after(last: number, f: number): boolean {
  return last < 0 || RANK[f]! < RANK[last]! || (RANK[f] === RANK[last] && f >= last);
}

export class CoarseSearch {
  readonly s: CoarseState;
  readonly #key = new Uint32Array(COARSE_WORDS);
  readonly #moves = new GrowableInt32Array(1 << 12);
  /** Per depth: where its moves end in `moves` and the next one to try. */
  readonly #end = new GrowableInt32Array(1 << 10);
  readonly #next = new GrowableInt32Array(1 << 10);
  /** Per depth: the depth where its chain of cards taken back started, or -1. */
  readonly #chain = new GrowableInt32Array(1 << 10);
  /** Per depth: the move played from it, its undo token, and where the cards it sent up lie in `auto`. */
  readonly #path = new GrowableInt32Array(1 << 10);
  readonly #tokens = new GrowableInt32Array(1 << 10);
  readonly #autoFrom = new GrowableInt32Array(1 << 10);
  readonly #autoTo = new GrowableInt32Array(1 << 10);
  /** The cards sent up by `settle`, and their undo tokens, as a stack. */
  readonly #auto = new GrowableInt32Array(1 << 12);
  readonly #autoTokens = new GrowableInt32Array(1 << 12);
  #autoTop = 0;
  /** How many of `auto` the start sent up. */
  #rootAuto = 0;
  /** Per face: worth taking back from the foundations (`CoarseState.worthTakingBack`). */
  readonly #worth = new Uint8Array(52);
  /** Where `offer` writes the next move. */
  #n = 0;
  #best = -1;
  /** Positions the relaxation's bound cut. */
  cut = 0;
  #searched = 0;
  /** Bounds worked out since the last look at how often they cut, and whether every position gets one. */
  #bounds = 0;
  #boundCuts = 0;
  #boundEach = true;

  /**
   * Whether this position gets the relaxation's bound. It costs more than the rest of a
   * position and on many deals cuts next to nothing: where it cut fewer than 1 position in 50
   * of the last 4,096 it was worked out for, only every 16th position gets it, until it cuts
   * more again. Leaving a cut out is always sound.
   */
  #tryBound(): boolean {
    if (!this.#boundEach && (this.#searched & 15) !== 0) return false;
    if (++this.#bounds === 4096) {
      this.#boundEach = this.cut - this.#boundCuts >= 4096 / 50;
      this.#boundCuts = this.cut;
      this.#bounds = 0;
    }
    return true;
  }
  #bestLine: number[] = [];

  /**
   * Draw 1 under Vegas: a position with the waste pointer further back reaches every card the
   * other one reaches, and from every move the same position or one with the pointer further
   * back again (docs/solvers.md). The key then leaves the pointer out and the table keeps,
   * per key, the lowest pointer searched: a position is searched again only with a lower one.
   */
  readonly #pointerFree: boolean;
  readonly #lowestPointer = new GrowableInt32Array(1 << 12);

  /** The budget of the run under way. */
  #budget: Budget | null = null;
  /** Where a stopped run left off (-1: not started). */
  #depth = -1;

  readonly #table: KeyTable;

  constructor(start: DoubleState, table: KeyTable) {
    this.#table = table;
    if (table.words !== COARSE_WORDS) throw new Error('internal error: the coarse search needs a table of 5-word keys');
    this.s = new CoarseState(start);
    this.#pointerFree = start.vegas && start.draw === 1;
  }

  /**
   * Searches under `budget`, from the start or, after a run a limit stopped, from where that
   * run stopped: nothing searched is lost, so the search can be done in slices.
   */
  run(budget: Budget): CoarseResult {
    this.#budget = budget;
    let d = this.#depth;
    if (d < 0) {
      // The start settles too: its cards sent up are the first moves of every line.
      this.#settle();
      this.#rootAuto = this.#autoTop;
      this.#chain.data[0] = -1;
      const entered = this.#enter(0);
      if (entered === 'win') return this.#result('win');
      if (entered === 'stop') return this.#result('stopped');
      d = 0;
    }
    for (;;) {
      const at = this.#next.data[d]!;
      if (at < this.#end.data[d]!) {
        this.#step(d, this.#moves.data[at]!);
        const entered = this.#enter(d + 1);
        if (entered === 'stop') {
          // The move is tried again when the search goes on.
          this.#back(d);
          this.#depth = d;
          return this.#result('stopped');
        }
        this.#next.data[d] = at + 1;
        if (entered === 'win') return this.#result('win');
        if (entered === 'new') d++;
        else this.#back(d);
      } else {
        if (d === 0) return this.#result('done');
        d--;
        this.#back(d);
      }
    }
  }

  /** Makes room in the per-depth arrays for depth d (they grow by doubling: seldom). */
  #reach(d: number): void {
    if (d < this.#path.data.length) return;
    for (const array of [this.#path, this.#tokens, this.#autoFrom, this.#autoTo, this.#chain, this.#end, this.#next]) array.ensure(d);
  }

  /** Plays move `m` from the position at depth d, then (unless it takes a card back) settles. */
  #step(d: number, m: number): void {
    const s = this.s;
    this.#reach(d + 1);
    const taking = cKind(m) === C_FC;
    const chained = this.#chain.data[d]! >= 0;
    this.#chain.data[d + 1] = taking ? (chained ? this.#chain.data[d]! : d) : -1;
    this.#path.data[d] = m;
    this.#tokens.data[d] = s.apply(m);
    this.#autoFrom.data[d] = this.#autoTop;
    if (!taking) this.#settle();
    this.#autoTo.data[d] = this.#autoTop;
  }

  /** Takes back the move played from depth d, with the cards it sent up. */
  #back(d: number): void {
    const s = this.s;
    for (let i = this.#autoTo.data[d]! - 1; i >= this.#autoFrom.data[d]!; i--) s.undo(this.#auto.data[i]!, this.#autoTokens.data[i]!);
    this.#autoTop = this.#autoFrom.data[d]!;
    s.undo(this.#path.data[d]!, this.#tokens.data[d]!);
  }

  /** Sends up every face-up card that is not a head and may go up, until none may. */
  #settle(): void {
    const s = this.s;
    for (let again = true; again; ) {
      again = false;
      for (let p = 0; p < 8; p++) {
        const h = s.pile[p]!;
        if (h >= 13) continue;
        const m = cMove(C_NF, (p >> 1) * 13 + h);
        if (!s.legal(m)) continue;
        const top = this.#autoTop++;
        this.#auto.ensure(top);
        this.#autoTokens.ensure(top);
        this.#auto.data[top] = m;
        this.#autoTokens.data[top] = s.apply(m);
        again = true;
      }
    }
  }

  /** Looks at the position reached at depth `d` and lists its moves when it is new. */
  #enter(d: number): 'new' | 'seen' | 'win' | 'stop' {
    const s = this.s;
    // The limits first: a position the search stops at is neither marked nor searched, and
    // is met again when the search goes on.
    if (!this.#budget!.tick()) return 'stop';
    // A chain position is met once per expansion of the position where its chain started (its
    // cards are taken back in one order): it goes into no table.
    if (this.#chain.data[d]! < 0) {
      s.keyInto(this.#key, !this.#pointerFree);
      const id = this.#table.intern(this.#key);
      if (id < 0) return 'stop';
      if (this.#pointerFree) {
        // Draw 1, one pass: a position searched with the pointer as low or lower stands for this one.
        const lowest = this.#lowestPointer.ensure(id);
        if (!this.#table.lastWasNew && lowest[id]! <= s.p) return 'seen';
        lowest[id] = s.p;
      } else if (!this.#table.lastWasNew) return 'seen';
    }
    this.#searched++;
    // Vegas: a position whose relaxation cannot beat the best met cannot win or add to the figure.
    if (s.vegas && this.#best >= 0 && this.#tryBound() && s.bound() <= this.#best) {
      this.cut++;
      return 'seen';
    }
    if (s.onFoundations > this.#best) {
      this.#best = s.onFoundations;
      this.#bestLine = this.#lineTo(d);
    }
    if (s.isWon()) return 'win';
    if (s.allOpen()) {
      this.#finish(d);
      return 'win';
    }
    this.#list(d);
    return 'new';
  }

  /** The coarse moves from the start to the position at depth d, the cards sent up included. */
  #lineTo(d: number): number[] {
    const line = Array.from(this.#auto.data.subarray(0, this.#rootAuto));
    for (let i = 0; i < d; i++) {
      line.push(this.#path.data[i]!);
      for (let j = this.#autoFrom.data[i]!; j < this.#autoTo.data[i]!; j++) line.push(this.#auto.data[j]!);
    }
    return line;
  }

  /** Writes the moves of the position at depth `d` into `moves`, in the order they are tried. */
  #list(d: number): void {
    const s = this.s;
    const from = d === 0 ? 0 : this.#end.data[d - 1]!;
    this.#moves.ensure(from + MOST_MOVES);
    this.#n = from;
    s.clearDemands();
    const add = this.#offer;
    // Cards up first, then what turns a card up, the waste, the stock, cards taken back.
    for (let p = 0; p < 8; p += 2) {
      const suit = p >> 1;
      const a = s.pile[p]!;
      const b = s.pile[p + 1]!;
      if (a < 13) add(cMove(C_NF, suit * 13 + a));
      if (b < 13 && b !== a) add(cMove(C_NF, suit * 13 + b));
    }
    for (let c = COLUMNS - 1; c >= 0; c--) add(cMove(C_HF, c));
    for (let c = COLUMNS - 1; c >= 0; c--) add(cMove(C_HT, c));
    // The waste top first, then the cards the draws bring to the top (Vegas).
    const top = s.wasteBelow(s.p);
    if (top >= 0) {
      add(cMove(C_WF, top));
      add(cMove(C_WC, top));
    }
    if (s.vegas) {
      for (let i = s.drawnTop(s.p); i >= 0; i = s.drawnTop(i + 1)) {
        add(cMove(C_WF, i));
        add(cMove(C_WC, i));
      }
    }
    add(cMove(C_DRAW));
    add(cMove(C_TURN));
    s.worthTakingBack(this.#worth);
    // In a chain, cards are taken back highest rank first (equal ranks by face), so that each
    // set of them is taken back in one order only (any order of a set that can be taken back
    // at all works highest first: see docs/solvers.md).
    const chain = this.#chain.data[d]!;
    const last = chain >= 0 ? cArg(this.#path.data[d - 1]!) : -1;
    for (let p = 0; p < 8; p += 2) {
      const suit = p >> 1;
      const a = s.pile[p]!;
      const b = s.pile[p + 1]!;
      if (a > 0 && this.#worth[suit * 13 + a - 1] === 1 && after(last, suit * 13 + a - 1)) add(cMove(C_FC, suit * 13 + a - 1));
      if (b > 0 && b !== a && this.#worth[suit * 13 + b - 1] === 1 && after(last, suit * 13 + b - 1)) add(cMove(C_FC, suit * 13 + b - 1));
    }
    let n = this.#n;
    if (chain >= 0) n = this.#keepUses(d, chain, from, n);
    this.#end.data[d] = n;
    this.#next.data[d] = from;
  }

  /**
   * Lists move `m` when it is legal, else notes what it would need from the foundations (a
   * bound method, made once: listing allocates nothing).
   */
  readonly #offer = (m: number): void => {
    if (this.s.legal(m)) this.#moves.data[this.#n++] = m;
    else this.s.demand(m);
  };

  /**
   * In a chain of cards taken back that started at depth `chain`: keeps, of the moves listed
   * in `from..n`, the cards taken back and the moves the position before the chain could not
   * play. Returns the new end.
   */
  #keepUses(d: number, chain: number, from: number, n: number): number {
    const s = this.s;
    const data = this.#moves.data;
    // The chain's moves took cards back only: nothing was sent up between them.
    for (let i = d - 1; i >= chain; i--) s.undo(this.#path.data[i]!, this.#tokens.data[i]!);
    let kept = from;
    for (let i = from; i < n; i++) {
      const m = data[i]!;
      if (cKind(m) === C_FC || !s.legal(m)) data[kept++] = m;
    }
    for (let i = chain; i < d; i++) this.#tokens.data[i] = s.apply(this.#path.data[i]!);
    return kept;
  }

  /**
   * Every card left is face up and the talon is used up: the lowest card left can always go
   * up (every lower card is up, and what lies on it is lower still, so nothing does), and so
   * on until the deal is won. The line to the position at depth d, played out to the win.
   */
  #finish(d: number): void {
    const s = this.s;
    const line = this.#lineTo(d);
    while (!s.isWon()) {
      const m = this.#lowestUp();
      if (m < 0) throw new Error('internal error: an open position without a card to put up');
      s.apply(m);
      line.push(m);
    }
    this.#bestLine = line;
    this.#best = s.onFoundations;
  }

  /** A legal move putting up a card of the lowest rank that can go up, or -1. */
  #lowestUp(): number {
    const s = this.s;
    for (let rank = 1; rank <= 13; rank++) {
      for (let suit = 0; suit < 4; suit++) {
        const face = suit * 13 + rank - 1;
        if (s.legal(cMove(C_NF, face))) return cMove(C_NF, face);
        for (let c = 0; c < COLUMNS; c++) {
          if (s.k[c]! > 0 && s.head(c) === face && s.legal(cMove(C_HF, c))) return cMove(C_HF, c);
        }
      }
    }
    return -1;
  }

  #result(outcome: CoarseResult['outcome']): CoarseResult {
    return { outcome, maxFoundation: this.#best, line: this.#bestLine, positions: this.#searched };
  }
}

/** A table for a coarse search whose memory counts against `budget` (the deal's: every slice of the search shares it). */
export function coarseTable(budget: Budget): KeyTable {
  return new KeyTable(COARSE_WORDS, budget, 1 << 14, 4);
}
