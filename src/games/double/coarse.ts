/**
 * The coarse game of Double Solitaire: a position told by what the tableau holds, not by how
 * it is laid out (docs/solvers.md, "The coarse search", proves it exact).
 *
 * A coarse position is the talon (the talon cards still in play and the waste pointer), for
 * each column how many of the cards it started with are still in place (`k`: the first
 * `k - 1` face down, the last one face up, the column's *head*), and the two foundation
 * heights of each suit. Every other card is face up somewhere in the tableau, on a card one
 * rank higher of the other colour (its *class* above) or, a King, at the base of a column
 * whose own cards are gone. Such a layout exists exactly when, for every class, the face-up
 * cards that are not heads number at most the face-up cards of the class above (Kings: at
 * most the columns with no card of their own left), and from any such layout every coarse
 * move can be played, after at most one run move (`coarseLine.ts` plays them).
 *
 * The state lives in typed arrays; moves are small integers, applied and undone in place.
 */
import { COL_CAP, COLUMNS, type DoubleState } from './engine.js';
import { FITS, KING, RANK, RED, SUIT } from './faceTables.js';
import { foundationPile } from './foundationPile.js';
import { TalonBound } from './vegasBound.js';

/** Words of a coarse key. */
export const COARSE_WORDS = 5;
/** The most cards of one column that can still be in place (4 bits of the key). */
const PREFIX_CAP = 15;

/** Move kinds: a move is `kind | arg << 3`. */
export const C_DRAW = 0;
export const C_TURN = 1;
/**
 * Talon card `arg` (its original stock index) to the foundations: the waste top, or, under
 * Vegas, any card the draws from here bring to the top (drawn first: see `reachable`).
 */
export const C_WF = 2;
/** Talon card `arg` to the tableau, likewise. */
export const C_WC = 3;
/** A foundation top (face `arg`) to the tableau. */
export const C_FC = 4;
/** Column `arg`'s head, with what lies on it, to another column: the card under it turns up. */
export const C_HT = 5;
/** Column `arg`'s head to the foundations (what lies on it moved off first). */
export const C_HF = 6;
/** A face-up card of face `arg` that is not a head to the foundations (what lies on it moved off first). */
export const C_NF = 7;

export const cMove = (kind: number, arg = 0): number => kind | (arg << 3);
export const cKind = (m: number): number => m & 7;
export const cArg = (m: number): number => m >>> 3;

/** A face's class: rank and colour, `(rank - 1) * 2 + red`. */
const CLASS = new Uint8Array(52);
/** The class a class builds on (one rank higher, the other colour); -1 for Kings. */
const ABOVE = new Int8Array(26);
/** The class that builds on a class; -1 for Aces. */
const BELOW = new Int8Array(26);
for (let f = 0; f < 52; f++) CLASS[f] = (RANK[f]! - 1) * 2 + RED[f]!;
for (let q = 0; q < 26; q++) {
  const rank = (q >> 1) + 1;
  const red = q & 1;
  ABOVE[q] = rank === KING ? -1 : rank * 2 + (1 - red);
  BELOW[q] = rank === 1 ? -1 : (rank - 2) * 2 + (1 - red);
}
const KING_BLACK = (KING - 1) * 2;
const KING_RED = KING_BLACK + 1;

/** Lowest set bit's index of a non-zero word. */
const lowBit = (x: number): number => 31 - Math.clz32(x & -x);
/** Highest set bit's index of a non-zero word. */
const highBit = (x: number): number => 31 - Math.clz32(x);

export class CoarseState {
  readonly draw: 1 | 3;
  readonly vegas: boolean;
  readonly total: number;
  /** Faces of the original stock, by original index. */
  readonly stockCards: Uint8Array;
  /** Column c's own cards, bottom first, at `pre[c * 16 + i]`; `k[c]` of them still in place. */
  readonly pre = new Uint8Array(COLUMNS * 16);
  readonly k = new Uint8Array(COLUMNS);
  /** Top rank of each foundation pile; piles 2s and 2s+1 belong to suit s. */
  readonly pile = new Uint8Array(8);
  /** Face-up cards in the tableau, heads included, per face and per class; heads alone. */
  readonly faceUp = new Uint8Array(52);
  readonly faceHead = new Uint8Array(52);
  readonly classUp = new Int32Array(26);
  readonly classHead = new Int32Array(26);
  /** Columns with none of their own cards left: where Kings that are not heads stand. */
  bases = 0;
  /** Talon cards in play, bits of original stock indexes 0..31 and 32..58. */
  maskLo = 0;
  maskHi = 0;
  /** The waste pointer: the talon cards in play below this original index are the waste. */
  p = 0;
  onFoundations = 0;

  constructor(s: DoubleState) {
    if (!CoarseState.fits(s)) throw new Error('internal error: a position the coarse search does not model (see CoarseState.fits)');
    this.draw = s.draw;
    this.vegas = s.vegas;
    this.total = s.total;
    this.stockCards = s.stockCards;
    this.maskLo = s.maskLo;
    this.maskHi = s.maskHi;
    this.p = s.waste > 0 ? s.tal[s.waste - 1]! + 1 : 0;
    for (let c = 0; c < COLUMNS; c++) {
      const len = s.len[c]!;
      if (len === 0) {
        this.bases++;
        continue;
      }
      const down = s.down[c]!;
      for (let i = 0; i <= down; i++) this.pre[c * 16 + i] = s.col[c * COL_CAP + i]!;
      this.k[c] = down + 1;
      for (let i = down; i < len; i++) this.#addUp(s.col[c * COL_CAP + i]!);
      this.#addHead(s.col[c * COL_CAP + down]!);
    }
    this.pile.set(s.fnd);
    this.onFoundations = s.onFoundations;
  }

  /**
   * Whether the coarse search can take this position: every column's face-up cards a run,
   * each on a card it fits (as in every position of a real game; positions made up for
   * tests may hold other stacks, which the coarse game does not model).
   */
  static fits(s: DoubleState): boolean {
    for (let c = 0; c < COLUMNS; c++) {
      if (s.down[c]! + 1 > PREFIX_CAP) return false;
      for (let i = s.down[c]! + 1; i < s.len[c]!; i++)
        if (FITS[s.col[c * COL_CAP + i]! * 52 + s.col[c * COL_CAP + i - 1]!] !== 1) return false;
    }
    return true;
  }

  // ---- reading ---------------------------------------------------------------------------

  /** The face of column c's head (its cards in place must be some). */
  head(c: number): number {
    return this.pre[c * 16 + this.k[c]! - 1]!;
  }

  /**
   * Free tops for a card of class q: the cards of the class above with nothing on them, or,
   * for a King, the columns with no card of their own and no King standing there.
   */
  room(q: number): number {
    if (q >= KING_BLACK) {
      return this.bases - (this.classUp[KING_BLACK]! - this.classHead[KING_BLACK]!) - (this.classUp[KING_RED]! - this.classHead[KING_RED]!);
    }
    return this.classUp[ABOVE[q]!]! - (this.classUp[q]! - this.classHead[q]!);
  }

  /** Whether a face-up card of class q can leave the tableau: what lies on it has somewhere else to go. */
  canLeave(q: number): boolean {
    const below = BELOW[q]!;
    return below < 0 || this.room(below) >= 1;
  }

  /** The pile a face would go to on the foundations, or -1. */
  pileFor(face: number): number {
    return foundationPile(this.pile, face);
  }

  /** The first talon card in play at or after original index `from` (the next one drawn), or -1. */
  stockFrom(from: number): number {
    if (from < 32) {
      const lo = this.maskLo & (-1 << from);
      if (lo !== 0) return lowBit(lo);
    }
    const hi = from <= 32 ? this.maskHi : this.maskHi & (-1 << (from - 32));
    return hi !== 0 ? 32 + lowBit(hi) : -1;
  }

  /** The last talon card in play before original index `to` (the waste top when `to` is the pointer), or -1. */
  wasteBelow(to: number): number {
    if (to > 32) {
      const hi = this.maskHi & ((1 << (to - 32)) - 1);
      if (hi !== 0) return 32 + highBit(hi);
    }
    const lo = to >= 32 ? this.maskLo : this.maskLo & ((1 << to) - 1);
    return lo !== 0 ? highBit(lo) : -1;
  }

  /**
   * Whether talon card i can be played now: it is the waste top, or, under Vegas, some draws
   * bring it to the top. Draws change nothing but the pointer and every other move leaves
   * the pointer alone, so a line can always wait with its draws until just before it plays
   * from the waste: under Vegas the search plays "draw until i is on top, then play i" as
   * one move and never draws alone (a draw at the end of a line changes no figure). Under
   * normal scoring it draws and turns over move by move.
   */
  reachable(i: number): boolean {
    if (i === this.wasteBelow(this.p)) return true;
    if (!this.vegas || i < this.p) return false;
    if (this.draw === 1) return ((i < 32 ? this.maskLo >>> i : this.maskHi >>> (i - 32)) & 1) === 1;
    for (let top = this.drawnTop(this.p); top >= 0 && top <= i; top = this.drawnTop(top + 1)) if (top === i) return true;
    return false;
  }

  /** The waste top after one more draw with the stock starting at original index `from` (the last card of the group drawn), or -1. */
  drawnTop(from: number): number {
    let last = -1;
    for (let n = 0, q = from; n < this.draw; n++) {
      const next = this.stockFrom(q);
      if (next < 0) break;
      last = next;
      q = next + 1;
    }
    return last;
  }

  /** Whether the talon is used up: no card in the stock or the waste. */
  talonEmpty(): boolean {
    return this.maskLo === 0 && this.maskHi === 0;
  }

  /** No face-down card left and the talon used up: every card left is face up, and such a position is always won. */
  allOpen(): boolean {
    if (!this.talonEmpty()) return false;
    for (let c = 0; c < COLUMNS; c++) if (this.k[c]! > 1) return false;
    return true;
  }

  isWon(): boolean {
    return this.onFoundations === this.total;
  }

  /** The key of the position into `out`; `pointer`: the waste pointer is part of it. */
  keyInto(out: Uint32Array, pointer: boolean): void {
    out[0] = this.maskLo >>> 0;
    out[1] = this.maskHi >>> 0;
    let cols = 0;
    for (let c = 0; c < 8; c++) cols |= this.k[c]! << (c * 4);
    out[2] = cols >>> 0;
    out[3] = (this.k[8]! | (pointer ? this.p << 4 : 0)) >>> 0;
    // Each suit's two heights, the lower first: the two piles of a suit are alike.
    let piles = 0;
    for (let s = 0; s < 4; s++) {
      const a = this.pile[2 * s]!;
      const b = this.pile[2 * s + 1]!;
      piles |= (a < b ? a | (b << 4) : b | (a << 4)) << (s * 8);
    }
    out[4] = piles >>> 0;
  }

  // ---- legality ----------------------------------------------------------------------------

  /** Whether move `m` may be played here. */
  legal(m: number): boolean {
    const arg = cArg(m);
    switch (cKind(m)) {
      case C_DRAW:
        return !this.vegas && this.stockFrom(this.p) >= 0;
      case C_TURN:
        return !this.vegas && this.stockFrom(this.p) < 0 && this.wasteBelow(this.p) >= 0;
      case C_WF:
        return this.reachable(arg) && this.pileFor(this.stockCards[arg]!) >= 0;
      case C_WC:
        return this.reachable(arg) && this.room(CLASS[this.stockCards[arg]!]!) >= 1;
      case C_FC: {
        const p = SUIT[arg]! * 2;
        const r = RANK[arg]!;
        return (this.pile[p] === r || this.pile[p + 1] === r) && this.room(CLASS[arg]!) >= 1;
      }
      case C_HT: {
        const k = this.k[arg]!;
        if (k === 0) return false;
        const h = this.head(arg);
        // A King alone at the base of its column gains nothing by moving to another empty one.
        if (RANK[h] === KING && k === 1) return false;
        return this.room(CLASS[h]!) >= 1;
      }
      case C_HF: {
        if (this.k[arg] === 0) return false;
        const h = this.head(arg);
        return this.pileFor(h) >= 0 && this.canLeave(CLASS[h]!);
      }
      default:
        return this.faceUp[arg]! > this.faceHead[arg]! && this.pileFor(arg) >= 0 && this.canLeave(CLASS[arg]!);
    }
  }

  /** Forgets the demands of the position before (see `worthTakingBack`). */
  clearDemands(): void {
    this.#roomNeed.fill(0);
    this.#leaveNeed.fill(0);
    this.#pileNeed.fill(13);
  }

  /**
   * Notes what move `m`, not possible here, would need from the foundations: room for its
   * card (a card of the class above taken back), or, for a card going up, room for what lies
   * on it (a card of its class) or its pile lower (a head's copy taken back).
   */
  demand(m: number): void {
    const arg = cArg(m);
    switch (cKind(m)) {
      case C_WC:
        this.#roomNeed[CLASS[this.stockCards[arg]!]!] = 1;
        return;
      case C_HT:
        if (this.k[arg]! > 0) this.#roomNeed[CLASS[this.head(arg)]!] = 1;
        return;
      case C_HF:
        if (this.k[arg]! > 0) this.#needToLeave(this.head(arg), true);
        return;
      case C_NF:
        if (this.faceUp[arg]! > this.faceHead[arg]!) this.#needToLeave(arg, false);
        return;
    }
  }

  /**
   * Marks in `out` (per face, 1 or 0) the foundation cards worth taking back: those that the
   * moves noted by `demand` could need, directly or through other cards taken back first (see
   * `CoarseSearch`, "a card taken back is used"). A card taken back can serve three ways: it
   * takes a card of the class below (from the talon, a head, or the foundations), it takes
   * what lies on a card of its own class that then goes up, or it uncovers the card under it
   * on its pile (that one, or a copy of it, then moving). The demands spread upwards, rank by
   * rank: a card taken back needs room on the class above and the cards above it on its pile
   * taken back too.
   */
  worthTakingBack(out: Uint8Array): void {
    const roomNeed = this.#roomNeed;
    const leaveNeed = this.#leaveNeed;
    const pileNeed = this.#pileNeed;
    out.fill(0);
    for (let rank = 1; rank <= KING; rank++) {
      // The cards of this rank worth taking back, and how many copies of each class could come down.
      let black = 0;
      let red = 0;
      for (let suit = 0; suit < 4; suit++) {
        const a = this.pile[2 * suit]!;
        const b = this.pile[2 * suit + 1]!;
        if (a < rank && b < rank) continue;
        const face = suit * 13 + rank - 1;
        const q = CLASS[face]!;
        const below = BELOW[q]!;
        if (!((below >= 0 && roomNeed[below] === 1) || leaveNeed[q] === 1 || pileNeed[suit]! < rank)) continue;
        out[face] = 1;
        const copies = (a >= rank ? 1 : 0) + (b >= rank ? 1 : 0);
        if (RED[face] === 1) red += copies;
        else black += copies;
        if (pileNeed[suit]! > rank - 1) pileNeed[suit] = rank - 1;
      }
      // A class needs a card of the class above taken back only when more of its cards may
      // come onto the tableau (one for the move that ends the chain, and those taken back)
      // than it has room for.
      if (rank === KING) break;
      const q = (rank - 1) * 2;
      roomNeed[q] = roomNeed[q]! + black > this.room(q) ? 1 : 0;
      roomNeed[q + 1] = roomNeed[q + 1]! + red > this.room(q + 1) ? 1 : 0;
    }
  }

  /**
   * A card that cannot go up here: it may once what lies on it finds room (its pile ready),
   * or, a head, once a copy of it comes down in its place (a copy of a card that is no head
   * changing places with it changes nothing). A pile too low waits for other moves.
   */
  #needToLeave(face: number, head: boolean): void {
    const under = RANK[face]! - 1;
    const suit = SUIT[face]!;
    const a = this.pile[2 * suit]!;
    const b = this.pile[2 * suit + 1]!;
    if (a === under || b === under) this.#leaveNeed[CLASS[face]!] = 1;
    else if (head && (a > under || b > under)) {
      this.#leaveNeed[CLASS[face]!] = 1;
      if (this.#pileNeed[suit]! > under) this.#pileNeed[suit] = under;
    }
  }

  /**
   * An upper bound on the foundation cards any line from here reaches: the relaxation of
   * `vegasBound.ts` (cards leave whenever a copy of a card they build on is at hand, the pass
   * followed draw by draw), laid out from the coarse position. Vegas only.
   */
  bound(): number {
    const r = this.#relaxation;
    r.avail.set(this.faceUp);
    for (let p = 0; p < 8; p++) {
      const b = (p >> 1) * 13;
      for (let rank = 0; rank < this.pile[p]!; rank++) r.avail[b + rank]!++;
    }
    // Each column's cards in place (the head at hand, with what lies on it, the face-down
    // cards under it); a King standing where a column has none of its own is such a column's
    // only card, as a column can empty when it leaves. Which King stands where does not matter.
    const cards = this.#relaxed;
    cards.set(this.pre);
    let open = 0;
    // The Kings that are no heads, each copy once.
    let kings = 0;
    for (let f = KING - 1; f < 52; f += 13) for (let n = this.faceUp[f]! - this.faceHead[f]!; n > 0; n--) this.#kings[kings++] = f;
    let placed = 0;
    for (let c = 0; c < COLUMNS; c++) {
      if (this.k[c]! > 0) {
        r.cut[c] = this.k[c]! - 1;
        open |= 1 << c;
      } else if (placed < kings) {
        cards[c * 16] = this.#kings[placed++]!;
        r.cut[c] = 0;
        open |= 1 << c;
      }
    }
    let waste = 0;
    for (let i = this.stockFrom(0); i >= 0 && i < this.p; i = this.stockFrom(i + 1)) r.pile[waste++] = this.stockCards[i]!;
    let stock = 0;
    for (let i = this.stockFrom(this.p); i >= 0; i = this.stockFrom(i + 1)) r.stock[stock++] = this.stockCards[i]!;
    return r.relax(cards, 16, open, this.room(KING_BLACK) >= 1, waste, stock, this.draw);
  }

  readonly #relaxation = new TalonBound();
  /** `bound`'s columns, and the Kings that are no heads. */
  readonly #relaxed = new Uint8Array(COLUMNS * 16);
  readonly #kings = new Uint8Array(8);
  readonly #roomNeed = new Uint8Array(26);
  readonly #leaveNeed = new Uint8Array(26);
  readonly #pileNeed = new Uint8Array(4);

  // ---- apply and undo ----------------------------------------------------------------------

  #addUp(face: number): void {
    this.faceUp[face]!++;
    this.classUp[CLASS[face]!]!++;
  }

  #dropUp(face: number): void {
    this.faceUp[face]!--;
    this.classUp[CLASS[face]!]!--;
  }

  #addHead(face: number): void {
    this.faceHead[face]!++;
    this.classHead[CLASS[face]!]!++;
  }

  #dropHead(face: number): void {
    this.faceHead[face]!--;
    this.classHead[CLASS[face]!]!--;
  }

  #clearTalon(i: number): void {
    if (i < 32) this.maskLo = (this.maskLo & ~(1 << i)) >>> 0;
    else this.maskHi &= ~(1 << (i - 32));
  }

  #setTalon(i: number): void {
    if (i < 32) this.maskLo = (this.maskLo | (1 << i)) >>> 0;
    else this.maskHi |= 1 << (i - 32);
  }

  /** Column c's head leaves (it is no head any more): the card under it turns up, or the column has none of its own left. */
  #uncover(c: number): void {
    this.#dropHead(this.head(c));
    const k = --this.k[c]!;
    if (k === 0) this.bases++;
    else {
      const next = this.pre[c * 16 + k - 1]!;
      this.#addUp(next);
      this.#addHead(next);
    }
  }

  #cover(c: number): void {
    const k = this.k[c]!;
    if (k === 0) this.bases--;
    else {
      const next = this.pre[c * 16 + k - 1]!;
      this.#dropHead(next);
      this.#dropUp(next);
    }
    this.k[c]!++;
    this.#addHead(this.head(c));
  }

  /** Takes talon card i out of the talon (drawn to the top first); returns what `undo` needs. */
  #takeWaste(i: number): number {
    const token = this.p | (i << 6);
    this.#clearTalon(i);
    this.p = this.wasteBelow(i) + 1;
    return token;
  }

  #up(face: number): number {
    const p = this.pileFor(face);
    this.pile[p]!++;
    this.onFoundations++;
    return p;
  }

  /** Plays a legal move; returns what `undo` needs to take it back. */
  apply(m: number): number {
    const arg = cArg(m);
    switch (cKind(m)) {
      case C_DRAW: {
        const before = this.p;
        for (let i = 0; i < this.draw; i++) {
          const next = this.stockFrom(this.p);
          if (next < 0) break;
          this.p = next + 1;
        }
        return before;
      }
      case C_TURN: {
        const before = this.p;
        this.p = 0;
        return before;
      }
      case C_WF: {
        const token = this.#takeWaste(arg);
        return token | (this.#up(this.stockCards[arg]!) << 12);
      }
      case C_WC: {
        const token = this.#takeWaste(arg);
        this.#addUp(this.stockCards[arg]!);
        return token;
      }
      case C_FC: {
        const p = SUIT[arg]! * 2 + (this.pile[SUIT[arg]! * 2 + 1] === RANK[arg] ? 1 : 0);
        this.pile[p]!--;
        this.onFoundations--;
        this.#addUp(arg);
        return p;
      }
      case C_HT:
        // The head stays face up, on a card of the class above now.
        this.#uncover(arg);
        return 0;
      case C_HF: {
        const h = this.head(arg);
        this.#uncover(arg);
        this.#dropUp(h);
        return this.#up(h);
      }
      default:
        this.#dropUp(arg);
        return this.#up(arg);
    }
  }

  /** Takes back move `m`, played with `apply`, which returned `token`. */
  undo(m: number, token: number): void {
    const arg = cArg(m);
    switch (cKind(m)) {
      case C_DRAW:
      case C_TURN:
        this.p = token;
        return;
      case C_WF:
      case C_WC: {
        const i = (token >> 6) & 63;
        this.#setTalon(i);
        this.p = token & 63;
        if (cKind(m) === C_WF) {
          this.pile[token >> 12]!--;
          this.onFoundations--;
        } else this.#dropUp(this.stockCards[i]!);
        return;
      }
      case C_FC:
        this.pile[token]!++;
        this.onFoundations++;
        this.#dropUp(arg);
        return;
      case C_HT:
        this.#cover(arg);
        return;
      case C_HF: {
        this.pile[token]!--;
        this.onFoundations--;
        this.#cover(arg);
        this.#addUp(this.head(arg));
        return;
      }
      default:
        this.pile[token]!--;
        this.onFoundations--;
        this.#addUp(arg);
    }
  }
}
