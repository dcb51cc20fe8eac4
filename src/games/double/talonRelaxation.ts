/**
 * The talon part of the lower bound on moves (`lowerBound.ts`), drawing one card at a time:
 * how many detours any win must make, in a relaxation that keeps the talon's real order.
 *
 * A *detour* is a card played from the waste to a column (it goes to the foundations later,
 * by its last move), a turn-over, a draw after one, or a run move out of a column. In the
 * relaxation the waste is a stack filled in stock order; a card goes to the foundations
 * once one copy of every lower rank of its suit is on them or *at hand* (see
 * `lowerBound.ts`'s `deadlocked`), and then it is at hand too; the waste top may also be
 * taken off for one detour, after which it is at hand. Columns are either *cut* (one
 * detour, paid before the start: every card of the column at hand) or stacks whose top
 * goes to the foundations when it may. Everything else is granted: a card taken off the
 * waste needs no place in a column, a cut column needs no run to move.
 *
 * That asks no more of a win than the real game does. Turn-overs need not be tried: a line
 * that turns over with w cards in the waste draws them all again (w draws, and the
 * turn-over), while taking those w cards off at that moment costs w detours and leaves the
 * rest of the line as playable as before. A column that some real run move leaves from is
 * taken as cut from the start: what is at hand only grows, so nothing becomes impossible.
 * Playing a card that may go is never worse than waiting, so it is played at once; what is
 * searched is when to take a waste card off. Iterative deepening on the detours, positions
 * (the draws made, and which drawn cards are still in the waste: the columns follow from
 * them) remembered with the fewest detours they were shown to need. A waste card that needs
 * a rank whose copies not at hand all lie beneath it in the waste costs one for sure: the
 * search's estimate.
 */

import { popcount } from '../../search/bits.js';
import { GrowableInt32Array } from '../../search/growable.js';
import { KeyTable } from '../../search/keyTable.js';
import { COL_CAP, COLUMNS, type DoubleState } from './engine.js';
import { KING, RANK, SUIT } from './faceTables.js';

/** What a search proved: the fewest detours, or (`complete` false) at least that many. */
interface Detours {
  detours: number;
  complete: boolean;
  /** Positions this search looked at. */
  nodes: number;
}

/** A card in the `played` stack that came off column c is written COLUMN_MARK + c. */
const COLUMN_MARK = 64;

class TalonRelaxation {
  readonly #stock: Uint8Array;
  readonly #n: number;
  /** Copies of each face at hand. */
  readonly #atHand = new Uint8Array(52);
  /** Copies of each face not at hand: in the stock, the waste, or a column left as a stack. */
  readonly #pending = new Uint8Array(52);
  readonly #seen = new Uint8Array(52);
  /** Per suit, `estimate`'s lowest rank that waits for a card beneath it. */
  readonly #lowestBlocked = new Uint8Array(4);
  /**
   * Per suit, the lowest rank above its foundations with no copy in play (a reduced game's left
   * out ranks; 14: none): copies at hand and not at hand only trade places, so this never changes.
   */
  readonly #lowestAbsent = new Uint8Array(4);
  readonly #founded = new Uint8Array(4);
  readonly #columns: Uint8Array;
  /** Cards left in each column kept as a stack (0 for a cut column). */
  readonly #height = new Uint8Array(COLUMNS);
  #columnCards = 0;
  /** Stock indexes of the waste's cards, bottom first (so in increasing order). */
  readonly #waste: Uint8Array;
  #top = 0;
  /** What the searches under way played to the foundations, in order (see `COLUMN_MARK`). */
  readonly #played: Uint8Array;
  #playedTop = 0;
  #drawn = 0;
  readonly #key = new Uint32Array(2);
  /** The waste's cards as bits of their stock indexes, kept as they come and go (the key's base). */
  readonly #inWaste = new Uint32Array(2);
  readonly #table = new KeyTable(2);
  /** Per remembered position: the fewest detours it was shown to need. */
  readonly #needs = new GrowableInt32Array();
  /** Positions looked at, by all its searches. */
  #nodes = 0;
  /** The count `nodes` may reach in the search under way. */
  #nodeLimit = 0;

  /** `cut`: a bit per column taken as cut (all of them: the waste alone). */
  constructor(s: DoubleState, cut: number) {
    // The waste first (bottom first), then the stock in drawing order: one sequence.
    this.#n = s.talLen;
    this.#stock = new Uint8Array(this.#n);
    for (let i = 0; i < this.#n; i++) {
      const card = s.stockCards[s.tal[i]!]!;
      this.#stock[i] = card;
      this.#pending[card]!++;
    }
    this.#waste = new Uint8Array(this.#n);
    this.#columns = s.col.slice();
    let cards = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const l = s.len[c]!;
      cards += l;
      const kept = (cut & (1 << c)) === 0;
      if (kept) {
        this.#height[c] = l;
        this.#columnCards += l;
      }
      for (let i = 0; i < l; i++) (kept ? this.#pending : this.#atHand)[s.col[c * COL_CAP + i]!]!++;
    }
    this.#played = new Uint8Array(this.#n + cards);
    for (let p = 0; p < s.fnd.length; p++) this.#founded[p >> 1] = Math.max(this.#founded[p >> 1]!, s.fnd[p]!);
    for (let suit = 0; suit < 4; suit++) {
      let r = this.#founded[suit]! + 1;
      while (r <= KING && this.#atHand[suit * 13 + r - 1]! + this.#pending[suit * 13 + r - 1]! !== 0) r++;
      this.#lowestAbsent[suit] = r;
    }
    for (let i = 0; i < s.waste; i++) this.#draw();
  }

  #draw(): void {
    flip(this.#inWaste, this.#drawn);
    this.#waste[this.#top++] = this.#drawn++;
  }

  #undraw(): void {
    this.#top--;
    flip(this.#inWaste, --this.#drawn);
  }

  /**
   * The fewest detours from `from` (known to be needed) up to `upto`: above `upto` the search
   * stops and reports `upto + 1` as proved; out of positions (`maxNodes` in this search) it
   * reports what it proved. What it remembers serves the next search.
   */
  fewest(from: number, upto: number, maxNodes: number): Detours {
    const before = this.#nodes;
    this.#nodeLimit = before + maxNodes;
    const proved = (detours: number, complete: boolean): Detours => ({ detours, complete, nodes: this.#nodes - before });
    if (upto < from) return proved(from, false);
    for (let k = from; k <= upto; k++) {
      try {
        if (this.#within(k)) return proved(k, true);
      } catch (e) {
        if (e === OUT_OF_NODES) return proved(k, false);
        throw e;
      }
    }
    return proved(upto + 1, true);
  }

  #mayGo(card: number): boolean {
    const suit = SUIT[card]!;
    for (let r = this.#founded[suit]! + 1; r < RANK[card]!; r++) if (this.#atHand[suit * 13 + r - 1] === 0) return false;
    return true;
  }

  #toHand(card: number): void {
    this.#atHand[card]!++;
    this.#pending[card]!--;
  }

  #fromHand(card: number): void {
    this.#atHand[card]!--;
    this.#pending[card]!++;
  }

  #takeTop(): number {
    const x = this.#waste[--this.#top]!;
    flip(this.#inWaste, x);
    this.#toHand(this.#stock[x]!);
    return x;
  }

  #putBack(x: number): void {
    this.#fromHand(this.#stock[x]!);
    flip(this.#inWaste, x);
    this.#waste[this.#top++] = x;
  }

  /** Plays every waste top and column top that may go, until none may; returns how many. */
  #settle(): number {
    let count = 0;
    for (let moved = true; moved; ) {
      moved = false;
      while (this.#top > 0 && this.#mayGo(this.#stock[this.#waste[this.#top - 1]!]!)) {
        this.#played[this.#playedTop++] = this.#takeTop();
        count++;
        moved = true;
      }
      for (let c = 0; c < COLUMNS; c++) {
        while (this.#height[c]! > 0 && this.#mayGo(this.#columns[c * COL_CAP + this.#height[c]! - 1]!)) {
          this.#toHand(this.#columns[c * COL_CAP + --this.#height[c]!]!);
          this.#columnCards--;
          this.#played[this.#playedTop++] = COLUMN_MARK + c;
          count++;
          moved = true;
        }
      }
    }
    return count;
  }

  /** Undoes the last `count` plays of `settle`. */
  #unsettle(count: number): void {
    for (let i = 0; i < count; i++) {
      const code = this.#played[--this.#playedTop]!;
      if (code >= COLUMN_MARK) {
        const c = code - COLUMN_MARK;
        this.#fromHand(this.#columns[c * COL_CAP + this.#height[c]!++]!);
        this.#columnCards++;
      } else this.#putBack(code);
    }
  }

  /**
   * Detours surely still needed (see the file comment): waste cards that need a rank whose
   * copies not at hand all lie beneath them in the waste. A column card waiting for a copy
   * beneath it in its column is not looked for: `detoursWithCuts` keeps no column set that
   * is deadlocked, which covers it, and as cards only ever come to hand, it never appears.
   */
  #estimate(): number {
    // Walking the waste up from its bottom: per suit, the lowest rank above its foundations not
    // at hand whose copies not at hand all lie below (none at all counts from the start). A
    // waste card above such a rank of its suit waits for a card beneath it.
    const lowest = this.#lowestBlocked;
    lowest.set(this.#lowestAbsent);
    let count = 0;
    for (let w = 0; w < this.#top; w++) {
      const card = this.#stock[this.#waste[w]!]!;
      const suit = SUIT[card]!;
      const rank = RANK[card]!;
      if (lowest[suit]! < rank) count++;
      this.#seen[card]!++;
      if (this.#atHand[card] === 0 && this.#seen[card] === this.#pending[card] && rank > this.#founded[suit]! && rank < lowest[suit]!) {
        lowest[suit] = rank;
      }
    }
    for (let w = 0; w < this.#top; w++) this.#seen[this.#stock[this.#waste[w]!]!] = 0;
    return count;
  }

  /** Whether the rest can be played with at most `k` detours. */
  #within(k: number): boolean {
    if (++this.#nodes > this.#nodeLimit) throw OUT_OF_NODES;
    const played = this.#settle();
    let ok: boolean;
    if (this.#top === 0 && this.#drawn === this.#n && this.#columnCards === 0) ok = true;
    else {
      // The waste's cards as bits of their stock indexes, and one bit for the draws made.
      this.#key[0] = this.#inWaste[0]!;
      this.#key[1] = this.#inWaste[1]!;
      flip(this.#key, this.#drawn);
      const id = this.#table.intern(this.#key);
      const needs = this.#needs.ensure(id);
      // The key fixes the position, so its estimate too: worked out on the first visit only.
      if (this.#table.lastWasNew) needs[id] = this.#estimate();
      const known = needs[id]!;
      ok = false;
      if (known <= k) {
        if (this.#drawn < this.#n) {
          this.#draw();
          ok = this.#within(k);
          this.#undraw();
        }
        if (!ok && k > 0 && this.#top > 0) {
          const x = this.#takeTop();
          ok = this.#within(k - 1);
          this.#putBack(x);
        }
      }
      if (!ok) this.#needs.data[id] = Math.max(known, k + 1);
    }
    this.#unsettle(played);
    return ok;
  }
}

/** Flips bit i of a two-word set (the stock has at most 59 cards, and the draws made at most 59). */
function flip(bits: Uint32Array, i: number): void {
  bits[i >>> 5] = (bits[i >>> 5]! ^ (1 << (i & 31))) >>> 0;
}

const OUT_OF_NODES = Symbol('out of nodes');

const ALL_COLUMNS = (1 << COLUMNS) - 1;

/**
 * The fewest waste detours with every column at hand (the columns cut for free): a lower
 * bound on the detours from the waste alone. Out of positions, what it proved.
 */
export function wasteDetours(s: DoubleState, maxNodes: number): number {
  return new TalonRelaxation(s, ALL_COLUMNS).fewest(0, Number.MAX_SAFE_INTEGER, maxNodes).detours;
}

/**
 * The fewest detours of the whole relaxation: the best, over the sets of columns cut, of the
 * cuts plus the waste detours with the other columns kept as stacks. Iterative deepening on
 * that total from `least` (what separate counts proved: `lowerBound.ts` passes its
 * deadlocked sets plus `waste`, the waste detours with every column cut, which no set of
 * cuts goes below): each total is ruled out for every set of cuts whose other columns are
 * not deadlocked among themselves (`locked`), each searched with the detours the total
 * leaves it, before the next total. Out of positions (`maxNodes` over all of them), the
 * total it was ruling out.
 */
export function detoursWithCuts(
  s: DoubleState,
  waste: number,
  least: number,
  locked: (columns: number) => boolean,
  maxNodes: number,
): number {
  const candidates: { cut: number; cuts: number; relaxation: TalonRelaxation | null }[] = [];
  for (let cut = 0; cut <= ALL_COLUMNS; cut++) {
    if (!locked(ALL_COLUMNS & ~cut)) candidates.push({ cut, cuts: popcount(cut), relaxation: null });
  }
  candidates.sort((a, b) => a.cuts - b.cuts);
  let nodes = 0;
  for (let total = least; ; total++) {
    for (const candidate of candidates) {
      const k = total - candidate.cuts;
      if (k < waste) break; // the rest cut as many columns or more
      if (nodes >= maxNodes) return total;
      candidate.relaxation ??= new TalonRelaxation(s, candidate.cut);
      const found = candidate.relaxation.fewest(k, k, maxNodes - nodes);
      nodes += found.nodes;
      // Out of positions, or a win within the total: the total is what is proved.
      if (!found.complete || found.detours === k) return total;
    }
  }
}
