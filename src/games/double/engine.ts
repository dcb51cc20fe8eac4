/**
 * The Double Solitaire rules engine (two-deck Klondike, 9 columns): the one place that knows
 * the rules. The solver, `play`, `show` and the tests all go through it.
 *
 * Cards are faces 0..51 (`card % 52` of the physical deck): the two copies of a card are
 * never told apart, which is what makes them interchangeable in every position.
 *
 * The state lives in typed arrays and moves are small integers, so the solver can apply and
 * undo millions of moves without allocating. `apply` trusts its caller (the solver only
 * generates legal moves); `refusal` gives the app's reason for an illegal move.
 *
 * Talon: the stock and the waste are one sequence of the stock cards still in play, in their
 * original order (turning the waste over keeps that order), with a pointer: the first
 * `waste` cards are the waste (its top is the last of them), the others the stock (the next
 * drawn first). Playing the waste top removes it from the sequence.
 */

import { type CardStyle, formatCard } from '../../cards/notation.js';
import { type Refusal, refusal } from '../../errors/refusal.js';
import { GrowableInt32Array } from '../../search/growable.js';
import { FITS, KING, RANK, SUIT } from './faceTables.js';
import { foundationPile } from './foundationPile.js';
import { M_CC, M_CF, M_DRAW, M_FC, M_JUMP, M_TURN, M_WC, M_WF, mA, mB, mKind, mN, mT, mv } from './move.js';

export const COLUMNS = 9;
export const STOCK_SIZE = 59;
const CARDS = 104;
export const PILES = 8;
/** Room per column: 8 face-down cards + a King-to-Ace run fit in 21. */
export const COL_CAP = 32;

export interface DoubleRules {
  /** Cards turned per draw: 1 (easy) or 3 (hard). */
  draw: 1 | 3;
  /** Vegas scoring: one pass through the stock, no turn-over. Normal scoring: unlimited turn-overs. */
  vegas: boolean;
}

export function rulesName(rules: DoubleRules): string {
  return `D${rules.draw}${rules.vegas ? 'V' : 'N'}`;
}

export function describeRules(rules: DoubleRules): string {
  return `draw ${rules.draw}, ` + (rules.vegas ? 'Vegas scoring (one pass through the stock)' : 'normal scoring (unlimited turn-overs)');
}

/** A deal: faces 0..51, each face exactly twice over the 104 cards. */
export interface DoubleDeal {
  /** Column i (0-based) holds i+1 cards, bottom to top; the last one starts face up. */
  columns: number[][];
  /** 59 cards, top (the next drawn) first. */
  stock: number[];
  /**
   * Positions part-way through a game (tests, reduced deals): how many cards of each column
   * are face down (default: all but the last) and the top rank of each foundation pile
   * (default: empty). The cards on the foundations are not listed anywhere else.
   */
  down?: number[];
  foundations?: number[];
  /**
   * Cards in the game (default 104). Reduced games for exhaustive tests leave some ranks out
   * entirely (for example only Aces to 3s: 24 cards); they are won when all of them are up.
   */
  total?: number;
}

const UNDO_FIELDS = 5;
/** `legalMoves`' buffer. */
const scratchMoves = new GrowableInt32Array(1 << 10);

// ---- the state ---------------------------------------------------------------------------

export class DoubleState {
  readonly draw: 1 | 3;
  readonly vegas: boolean;
  /** Column c's cards at `col[c * COL_CAP + i]`, bottom to top. */
  readonly col = new Uint8Array(COLUMNS * COL_CAP);
  readonly len = new Uint8Array(COLUMNS);
  /** How many cards at the bottom of each column are face down. */
  readonly down = new Uint8Array(COLUMNS);
  /** The original stock, top first. */
  readonly stockCards = new Uint8Array(STOCK_SIZE);
  /** Original stock indexes of the talon cards still in play, in order. */
  readonly tal = new Uint8Array(STOCK_SIZE);
  talLen = 0;
  /** The first `waste` talon cards are the waste. */
  waste = 0;
  /** Talon cards still in play, as bits of original stock indexes 0..31 and 32..58. */
  maskLo = 0;
  maskHi = 0;
  /** Top rank of each foundation pile (0 = empty); piles 2s and 2s+1 belong to suit s. */
  readonly fnd = new Uint8Array(PILES);
  onFoundations = 0;
  /** Cards in the game: won when they are all on the foundations. */
  readonly total: number;
  /** Normal: points (floor 0). Vegas: dollars (starts at -104). */
  score: number;
  /** The app's move counter (card or run moves, draws, turn-overs). */
  moves = 0;
  /** Turn-overs played so far (each one starts another pass through the stock). */
  turnOvers = 0;
  private undoStack = new Int32Array(UNDO_FIELDS * 1024);
  private undoTop = 0;

  constructor(deal: DoubleDeal, rules: DoubleRules) {
    this.draw = rules.draw;
    this.vegas = rules.vegas;
    this.score = rules.vegas ? -104 : 0;
    this.total = deal.total ?? CARDS;
    for (let c = 0; c < COLUMNS; c++) {
      const cards = deal.columns[c]!;
      for (let i = 0; i < cards.length; i++) this.col[c * COL_CAP + i] = cards[i]!;
      this.len[c] = cards.length;
      this.down[c] = deal.down ? deal.down[c]! : Math.max(0, cards.length - 1);
    }
    if (deal.foundations) {
      for (let p = 0; p < PILES; p++) {
        this.fnd[p] = deal.foundations[p]!;
        this.onFoundations += deal.foundations[p]!;
      }
    }
    this.talLen = deal.stock.length;
    for (let i = 0; i < deal.stock.length; i++) {
      this.stockCards[i] = deal.stock[i]!;
      this.tal[i] = i;
      if (i < 32) this.maskLo |= 1 << i;
      else this.maskHi |= 1 << (i - 32);
    }
    this.maskLo >>>= 0;
  }

  /** An independent copy of the position (without its undo history). */
  clone(): DoubleState {
    const copy: DoubleState = Object.create(DoubleState.prototype) as DoubleState;
    Object.assign(copy, {
      draw: this.draw,
      vegas: this.vegas,
      col: this.col.slice(),
      len: this.len.slice(),
      down: this.down.slice(),
      stockCards: this.stockCards,
      tal: this.tal.slice(),
      talLen: this.talLen,
      waste: this.waste,
      maskLo: this.maskLo,
      maskHi: this.maskHi,
      fnd: this.fnd.slice(),
      onFoundations: this.onFoundations,
      total: this.total,
      score: this.score,
      moves: this.moves,
      turnOvers: this.turnOvers,
      undoStack: new Int32Array(UNDO_FIELDS * 64),
      undoTop: 0,
    });
    return copy;
  }

  /**
   * Makes this position a copy of `other`, a position of the same deal, without allocating
   * (a search that keeps many positions reuses its objects); the undo history is dropped.
   */
  copyFrom(other: DoubleState): void {
    this.col.set(other.col);
    this.len.set(other.len);
    this.down.set(other.down);
    this.tal.set(other.tal);
    this.talLen = other.talLen;
    this.waste = other.waste;
    this.maskLo = other.maskLo;
    this.maskHi = other.maskHi;
    this.fnd.set(other.fnd);
    this.onFoundations = other.onFoundations;
    this.score = other.score;
    this.moves = other.moves;
    this.turnOvers = other.turnOvers;
    this.undoTop = 0;
  }

  // ---- reading ---------------------------------------------------------------------------

  top(c: number): number {
    return this.col[c * COL_CAP + this.len[c]! - 1]!;
  }

  card(c: number, i: number): number {
    return this.col[c * COL_CAP + i]!;
  }

  /** Waste top face, or -1. */
  wasteTop(): number {
    return this.waste > 0 ? this.stockCards[this.tal[this.waste - 1]!]! : -1;
  }

  stockCount(): number {
    return this.talLen - this.waste;
  }

  /** The foundation pile a face would go to (the first accepting place of its suit's row), or -1. */
  pileFor(face: number): number {
    return foundationPile(this.fnd, face);
  }

  pileTop(p: number): number {
    const r = this.fnd[p]!;
    return r === 0 ? -1 : (p >> 1) * 13 + r - 1;
  }

  isWon(): boolean {
    return this.onFoundations === this.total;
  }

  /** The score as the app writes it: `1220`, or `$416` / `-$104` under Vegas scoring. */
  scoreText(): string {
    if (!this.vegas) return String(this.score);
    return this.score < 0 ? `-$${-this.score}` : `$${this.score}`;
  }

  // ---- legality ----------------------------------------------------------------------------

  /** Why the app refuses a move, or null when it is legal. */
  refusal(m: number, style: CardStyle = 'symbols'): string | null {
    return this.refusalOf(m, style)?.text ?? null;
  }

  /** Why the app refuses a move, with its stable code, or null when it is legal. */
  refusalOf(m: number, style: CardStyle = 'symbols'): Refusal | null {
    const kind = mKind(m);
    const fc = (x: number): string => formatCard(x, style);
    switch (kind) {
      case M_DRAW:
        if (this.stockCount() === 0) {
          return this.vegas
            ? refusal('stock-empty', 'the stock is empty, and under Vegas scoring the waste is never turned back')
            : refusal('stock-empty', 'the stock is empty: turn the waste over first');
        }
        return null;
      case M_TURN:
        if (this.vegas) return refusal('no-turn-over', 'no turn-over under Vegas scoring: one single pass through the stock');
        if (this.stockCount() > 0)
          return refusal('stock-not-empty', 'the stock is not empty yet: the waste is turned over only when the stock is empty');
        if (this.waste === 0) return refusal('waste-empty', 'nothing to turn over: the stock and the waste are empty');
        return null;
      case M_CC: {
        const a = mA(m);
        const b = mB(m);
        const n = mN(m);
        if (a >= COLUMNS || b >= COLUMNS) return refusal('no-such-place', 'there are only 9 columns');
        if (a === b) return refusal('no-such-place', 'a run cannot move onto its own column');
        const up = this.len[a]! - this.down[a]!;
        if (n < 1 || n > up) return refusal('run-too-long', `column ${a + 1} has ${up} face-up card${up === 1 ? '' : 's'}, not ${n}`);
        const base = this.card(a, this.len[a]! - n);
        return this.placeRefusal(base, b, fc);
      }
      case M_CF: {
        const a = mA(m);
        if (a >= COLUMNS) return refusal('no-such-place', 'there are only 9 columns');
        if (this.len[a] === 0) return refusal('place-empty', `column ${a + 1} is empty`);
        return this.foundationRefusal(this.top(a), fc);
      }
      case M_WC: {
        const b = mB(m);
        if (b >= COLUMNS) return refusal('no-such-place', 'there are only 9 columns');
        if (this.waste === 0) return refusal('waste-empty', 'the waste is empty');
        return this.placeRefusal(this.wasteTop(), b, fc);
      }
      case M_WF:
        if (this.waste === 0) return refusal('waste-empty', 'the waste is empty');
        return this.foundationRefusal(this.wasteTop(), fc);
      case M_FC: {
        const a = mA(m);
        const b = mB(m);
        if (a >= PILES || b >= COLUMNS) return refusal('no-such-place', 'no such foundation or column');
        if (this.fnd[a] === 0) return refusal('place-empty', 'that foundation is empty');
        return this.placeRefusal(this.pileTop(a), b, fc);
      }
      default:
        return refusal('not-a-move', 'not a move of the game');
    }
  }

  private placeRefusal(card: number, b: number, fc: (x: number) => string): Refusal | null {
    if (this.len[b] === 0) {
      return RANK[card] === KING
        ? null
        : refusal('king-only', `only a King may go into an empty column (column ${b + 1} is empty, ${fc(card)} is not a King)`);
    }
    const target = this.top(b);
    if (FITS[card * 52 + target] === 1) return null;
    return refusal('does-not-fit', `${fc(card)} cannot go on ${fc(target)}: a card goes on a card of the opposite colour one rank higher`);
  }

  private foundationRefusal(card: number, fc: (x: number) => string): Refusal | null {
    if (this.pileFor(card) >= 0) return null;
    const s = SUIT[card]!;
    const show = (p: number): string => (this.fnd[p] === 0 ? 'empty' : fc(this.pileTop(p)));
    return refusal('no-foundation', `no foundation accepts ${fc(card)}: its suit's places hold ${show(2 * s)} and ${show(2 * s + 1)}`);
  }

  /** Whether `card` may go onto column `b` as it stands: a King into an empty column, else onto the opposite colour one rank higher. */
  takes(b: number, card: number): boolean {
    return this.len[b] === 0 ? RANK[card] === KING : FITS[card * 52 + this.top(b)] === 1;
  }

  /** The talon move there is: a draw, the turn-over once the stock is empty (not under Vegas), or -1. */
  talonMove(): number {
    if (this.stockCount() > 0) return mv(M_DRAW);
    return !this.vegas && this.waste > 0 ? mv(M_TURN) : -1;
  }

  /** All legal moves, in the app's terms (no solver jumps). */
  legalMoves(): number[] {
    const n = this.legalMovesInto(scratchMoves);
    return Array.from(scratchMoves.data.subarray(0, n));
  }

  /** The same moves as `legalMoves`, written into `out` from index 0; returns how many. */
  legalMovesInto(out: GrowableInt32Array): number {
    // Room for the most moves any position has: the talon, and per column its foundation move
    // and each of its runs onto each other column, the waste top's moves, the piles' moves.
    const data = out.ensure(1 + COLUMNS * (1 + COL_CAP * (COLUMNS - 1)) + 1 + COLUMNS + PILES * COLUMNS);
    let n = 0;
    const talon = this.talonMove();
    if (talon >= 0) data[n++] = talon;
    for (let a = 0; a < COLUMNS; a++) {
      const l = this.len[a]!;
      if (l === 0) continue;
      if (this.pileFor(this.top(a)) >= 0) data[n++] = mv(M_CF, a);
      for (let k = 1; k <= l - this.down[a]!; k++) {
        const base = this.card(a, l - k);
        for (let b = 0; b < COLUMNS; b++) {
          if (b === a) continue;
          if (this.takes(b, base)) data[n++] = mv(M_CC, a, b, k);
        }
      }
    }
    const w = this.wasteTop();
    if (w >= 0) {
      if (this.pileFor(w) >= 0) data[n++] = mv(M_WF);
      for (let b = 0; b < COLUMNS; b++) {
        if (this.takes(b, w)) data[n++] = mv(M_WC, 0, b);
      }
    }
    for (let p = 0; p < PILES; p++) {
      if (this.fnd[p] === 0) continue;
      const f = this.pileTop(p);
      // With both piles of a suit on the same card, one of them stands for both.
      if ((p & 1) === 1 && this.fnd[p - 1] === this.fnd[p]) continue;
      for (let b = 0; b < COLUMNS; b++) {
        if (this.takes(b, f)) data[n++] = mv(M_FC, p, b);
      }
    }
    return n;
  }

  // ---- apply and undo ----------------------------------------------------------------------

  private addScore(points: number): void {
    const s = this.score + points;
    this.score = !this.vegas && s < 0 ? 0 : s;
  }

  /** Turns up the new last card of column c when it is face down; 1 when it did. */
  private turnUp(c: number): number {
    const l = this.len[c]!;
    if (l > 0 && this.down[c] === l) {
      this.down[c] = l - 1;
      if (!this.vegas) this.addScore(5);
      return 1;
    }
    return 0;
  }

  private toFoundation(face: number): number {
    const p = this.pileFor(face);
    this.fnd[p]!++;
    this.onFoundations++;
    this.addScore(this.vegas ? 5 : 10);
    return p;
  }

  /** Removes the waste top from the talon; returns its original stock index. */
  private takeWaste(): number {
    const i = this.waste - 1;
    const idx = this.tal[i]!;
    this.tal.copyWithin(i, i + 1, this.talLen);
    this.talLen--;
    this.waste--;
    if (idx < 32) this.maskLo = (this.maskLo & ~(1 << idx)) >>> 0;
    else this.maskHi &= ~(1 << (idx - 32));
    return idx;
  }

  private putBackWaste(idx: number): void {
    const i = this.waste;
    this.tal.copyWithin(i + 1, i, this.talLen);
    this.tal[i] = idx;
    this.talLen++;
    this.waste++;
    if (idx < 32) this.maskLo = (this.maskLo | (1 << idx)) >>> 0;
    else this.maskHi |= 1 << (idx - 32);
  }

  /** Plays a legal move (unchecked: see `refusal`). */
  apply(m: number): void {
    if (this.undoTop + UNDO_FIELDS > this.undoStack.length) {
      const next = new Int32Array(this.undoStack.length * 2);
      next.set(this.undoStack);
      this.undoStack = next;
    }
    const u = this.undoStack;
    const at = this.undoTop;
    this.undoTop += UNDO_FIELDS;
    u[at] = m;
    u[at + 2] = this.score;
    let flipped = 0;
    let extra = 0;
    switch (m & 7) {
      case M_DRAW: {
        extra = this.waste;
        const left = this.talLen - this.waste;
        this.waste += Math.min(left, this.draw);
        this.moves++;
        break;
      }
      case M_TURN:
        extra = this.waste;
        this.waste = 0;
        this.addScore(-100);
        this.moves++;
        this.turnOvers++;
        break;
      case M_CC: {
        const a = mA(m);
        const b = mB(m);
        const n = mN(m);
        const from = a * COL_CAP + this.len[a]! - n;
        this.col.copyWithin(b * COL_CAP + this.len[b]!, from, from + n);
        this.len[a]! -= n;
        this.len[b]! += n;
        flipped = this.turnUp(a);
        this.moves++;
        break;
      }
      case M_CF: {
        const a = mA(m);
        extra = this.toFoundation(this.top(a));
        this.len[a]!--;
        flipped = this.turnUp(a);
        this.moves++;
        break;
      }
      case M_WC: {
        const b = mB(m);
        const face = this.wasteTop();
        extra = this.takeWaste();
        this.col[b * COL_CAP + this.len[b]!] = face;
        this.len[b]!++;
        this.addScore(this.vegas ? 0 : 5);
        this.moves++;
        break;
      }
      case M_WF: {
        const face = this.wasteTop();
        extra = this.takeWaste();
        u[at + 3] = this.toFoundation(face);
        this.moves++;
        break;
      }
      case M_FC: {
        const a = mA(m);
        const b = mB(m);
        this.col[b * COL_CAP + this.len[b]!] = this.pileTop(a);
        this.len[b]!++;
        this.fnd[a]!--;
        this.onFoundations--;
        this.moves++;
        break;
      }
      case M_JUMP: {
        extra = this.waste;
        this.waste = mA(m);
        for (let t = mT(m); t > 0; t--) this.addScore(-100);
        this.moves += mN(m) + mT(m);
        this.turnOvers += mT(m);
        break;
      }
    }
    u[at + 1] = flipped;
    u[at + 4] = extra;
  }

  /** Takes back the last move, its points and its count (the solver's undo, not the app's). */
  undo(): void {
    this.undoTop -= UNDO_FIELDS;
    const u = this.undoStack;
    const at = this.undoTop;
    const m = u[at]!;
    const flipped = u[at + 1]!;
    this.score = u[at + 2]!;
    const extra = u[at + 4]!;
    switch (m & 7) {
      case M_DRAW:
        this.waste = extra;
        this.moves--;
        break;
      case M_TURN:
        this.waste = extra;
        this.moves--;
        this.turnOvers--;
        break;
      case M_JUMP:
        this.waste = extra;
        this.moves -= mN(m) + mT(m);
        this.turnOvers -= mT(m);
        break;
      case M_CC: {
        const a = mA(m);
        const b = mB(m);
        const n = mN(m);
        if (flipped) this.down[a]!++;
        const from = b * COL_CAP + this.len[b]! - n;
        this.col.copyWithin(a * COL_CAP + this.len[a]!, from, from + n);
        this.len[a]! += n;
        this.len[b]! -= n;
        this.moves--;
        break;
      }
      case M_CF: {
        const a = mA(m);
        if (flipped) this.down[a]!++;
        const p = extra;
        this.col[a * COL_CAP + this.len[a]!] = this.pileTop(p);
        this.len[a]!++;
        this.fnd[p]!--;
        this.onFoundations--;
        this.moves--;
        break;
      }
      case M_WC: {
        const b = mB(m);
        this.len[b]!--;
        this.putBackWaste(extra);
        this.moves--;
        break;
      }
      case M_WF: {
        const p = u[at + 3]!;
        this.fnd[p]!--;
        this.onFoundations--;
        this.putBackWaste(extra);
        this.moves--;
        break;
      }
      case M_FC: {
        const a = mA(m);
        const b = mB(m);
        this.len[b]!--;
        this.fnd[a]!++;
        this.onFoundations++;
        this.moves--;
        break;
      }
    }
  }

  /** How many moves can be undone. */
  historyLength(): number {
    return this.undoTop / UNDO_FIELDS;
  }

  /** The i-th move played (0 = the first one still on the undo stack). */
  historyMove(i: number): number {
    return this.undoStack[i * UNDO_FIELDS]!;
  }
}

/** The base card a move lands (the card that goes on the target), in the state before it. */
export function movedCard(state: DoubleState, m: number): number {
  switch (m & 7) {
    case M_CC:
      return state.card(mA(m), state.len[mA(m)]! - mN(m));
    case M_CF:
      return state.top(mA(m));
    case M_WC:
    case M_WF:
      return state.wasteTop();
    case M_FC:
      return state.pileTop(mA(m));
    default:
      return -1;
  }
}
