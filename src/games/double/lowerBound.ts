/**
 * A proven lower bound on the moves (as the app counts them) of any line that wins from a
 * position: printed next to a line's length, so a reader sees how far from the fewest
 * possible it can be, and checked in the tests never to exceed a proven minimum.
 */
import { GrowableInt32Array } from '../../search/growable.js';
import { KeyTable } from '../../search/keyTable.js';
import { COL_CAP, COLUMNS, type DoubleState, RANK, SUIT } from './engine.js';

const ALL_COLUMNS = (1 << COLUMNS) - 1;
/** Positions the waste relaxation may look at: 1 of the first 200 D1N codes needs more (its bound is then what it proved). */
export const WASTE_RELAXATION_NODES = 300_000;

/**
 * The sum of four kinds of moves no win can do without, no move being of two kinds:
 *
 * - **Each card's last move**: every card not on the foundations goes there, one card per
 *   move.
 * - **The draws**: every card still in the stock is drawn, `draw` cards at most per draw.
 * - **Run moves out of deadlocked columns**: see `deadlockedSets`.
 * - **Waste detours** (drawing one card at a time): cards played from the waste to a
 *   column, turn-overs and the draws after them; see `wasteDetours`.
 */
export function movesLowerBound(s: DoubleState, wasteNodes = WASTE_RELAXATION_NODES): number {
  let bound = s.total - s.onFoundations;
  const stock = s.talLen - s.waste;
  bound += Math.ceil(stock / s.draw);
  bound += deadlockedSets(s);
  if (s.draw === 1) bound += wasteDetours(s, wasteNodes);
  return bound;
}

/**
 * The most disjoint sets of columns that are each deadlocked: cards can leave them only
 * for the foundations, top card first, and even when every card outside the set is
 * granted to be at hand whenever wanted, some card of the set can never go (see
 * `deadlocked`). Such a set is only undone by a move that takes cards off one of its
 * columns to another column: a run move, neither a foundation move nor a draw, and with
 * one source column it serves one set. Cards put on a set's column only add to what must
 * leave it, so nothing else undoes it. The simplest case: a card above both copies of a
 * lower card of its suit in one column; with two columns, two cards each above one copy
 * of the lower card the other needs.
 */
export function deadlockedSets(s: DoubleState): number {
  // best[m]: the most disjoint deadlocked sets within the columns of m.
  const best = new Uint8Array(ALL_COLUMNS + 1);
  const locked = new Uint8Array(ALL_COLUMNS + 1);
  for (let m = 1; m <= ALL_COLUMNS; m++) locked[m] = deadlocked(s, m) ? 1 : 0;
  for (let m = 1; m <= ALL_COLUMNS; m++) {
    const low = m & -m;
    let most = best[m ^ low]!;
    // Sets holding the lowest column of m, each with the best of what is left.
    const rest = m ^ low;
    for (let sub = rest; ; sub = (sub - 1) & rest) {
      const set = sub | low;
      if (locked[set] === 1) most = Math.max(most, 1 + best[m ^ set]!);
      if (sub === 0) break;
    }
    best[m] = most;
  }
  return best[ALL_COLUMNS]!;
}

/**
 * Whether the columns of `set` are deadlocked: taking their cards to the foundations top
 * first, a card of rank r may go once, for every rank below r not yet on a foundation of
 * its suit, one copy of that rank is off these columns (anywhere else, or already gone).
 * A foundation pile of rank r holds one copy of every lower rank of its suit, so that is
 * needed by any line; going greedily loses nothing, since a card that may go stays able to.
 */
function deadlocked(s: DoubleState, set: number): boolean {
  // Copies of each face (suit * 13 + rank - 1) still in play, and still in the set's columns.
  const inPlay = new Uint8Array(52);
  const inSet = new Uint8Array(52);
  for (let i = 0; i < s.talLen; i++) inPlay[s.stockCards[s.tal[i]!]!]!++;
  for (let c = 0; c < COLUMNS; c++) for (let i = 0; i < s.len[c]!; i++) inPlay[s.col[c * COL_CAP + i]!]!++;
  const top = new Uint8Array(COLUMNS);
  let left = 0;
  for (let c = 0; c < COLUMNS; c++) {
    if ((set & (1 << c)) === 0) continue;
    const l = s.len[c]!;
    top[c] = l;
    left += l;
    for (let i = 0; i < l; i++) inSet[s.col[c * COL_CAP + i]!]!++;
  }
  const founded = new Uint8Array(4);
  for (let p = 0; p < s.fnd.length; p++) founded[p >> 1] = Math.max(founded[p >> 1]!, s.fnd[p]!);
  for (let moved = true; moved && left > 0; ) {
    moved = false;
    for (let c = 0; c < COLUMNS; c++) {
      if (top[c] === 0) continue;
      const card = s.col[c * COL_CAP + top[c]! - 1]!;
      const suit = SUIT[card]!;
      let free = true;
      // Every copy in play of a lower face still in the set: the card must wait for one.
      for (let r = founded[suit]! + 1; r < RANK[card]! && free; r++) {
        const face = suit * 13 + r - 1;
        if (inSet[face]! > 0 && inSet[face] === inPlay[face]) free = false;
      }
      if (!free) continue;
      inSet[card]!--;
      top[c]!--;
      left--;
      moved = true;
    }
  }
  return left > 0;
}

/**
 * The fewest waste detours of any win, drawing one card at a time, in a relaxation where
 * every card of the columns is at hand whenever wanted. A waste detour is a card played
 * from the waste to a column (it goes to the foundations later, by its last move), a
 * turn-over, or a draw after one. Then the waste is a stack filled in stock order; its
 * top goes to the foundations once one copy of every lower rank of its suit is there or
 * at hand (see `deadlocked`), or is taken off for one detour, after which it is at hand
 * too. Turn-overs need not be tried: a line that turns over with w cards in the waste
 * draws them all again (w draws, and the turn-over), while taking those w cards off at
 * that moment costs w detours and leaves the rest of the line as playable as before.
 * Playing a top that may go is never worse than waiting, so it is played at once; what is
 * searched is when to take a card off. Iterative deepening on the detours, positions
 * (the draws made, and which drawn cards are still in the waste) remembered with the
 * fewest detours they were shown to need. A detour can only be paid while a card is
 * taken off, so a card of the waste that needs a rank whose copies in play all lie
 * beneath it costs one for sure: the search's estimate.
 *
 * Stops after `maxNodes` positions with what it has proved: a win needs at least the
 * detours of the last bound it ruled out in full.
 */
export function wasteDetours(s: DoubleState, maxNodes: number): number {
  return new WasteRelaxation(s, maxNodes).fewestDetours();
}

class WasteRelaxation {
  private readonly stock: Uint8Array;
  private readonly n: number;
  /** Copies of each face at hand: in a column, or taken from the waste. */
  private readonly atHand = new Uint8Array(52);
  /** Copies of each face still in the stock or the waste. */
  private readonly inTalon = new Uint8Array(52);
  private readonly seen = new Uint8Array(52);
  private readonly founded = new Uint8Array(4);
  /** Stock indexes of the waste's cards, bottom first (so in increasing order). */
  private readonly waste: Uint8Array;
  private top = 0;
  /** Stock indexes of the cards played to the foundations by the searches under way, in order. */
  private readonly played: Uint8Array;
  private playedTop = 0;
  private drawn = 0;
  private readonly key = new Uint32Array(2);
  private readonly table = new KeyTable(2);
  /** Per remembered position: the fewest detours it was shown to need. */
  private readonly needs = new GrowableInt32Array();
  private nodes = 0;

  constructor(
    s: DoubleState,
    private readonly maxNodes: number,
  ) {
    // The waste first (bottom first), then the stock in drawing order: one sequence.
    this.n = s.talLen;
    this.stock = new Uint8Array(this.n);
    for (let i = 0; i < this.n; i++) {
      const card = s.stockCards[s.tal[i]!]!;
      this.stock[i] = card;
      this.inTalon[card]!++;
    }
    this.waste = new Uint8Array(this.n);
    this.played = new Uint8Array(this.n);
    for (let c = 0; c < COLUMNS; c++) for (let i = 0; i < s.len[c]!; i++) this.atHand[s.col[c * COL_CAP + i]!]!++;
    for (let p = 0; p < s.fnd.length; p++) this.founded[p >> 1] = Math.max(this.founded[p >> 1]!, s.fnd[p]!);
    for (let i = 0; i < s.waste; i++) this.push();
  }

  fewestDetours(): number {
    for (let k = 0; ; k++) {
      try {
        if (this.within(k)) return k;
      } catch (e) {
        if (e === OUT_OF_NODES) return k;
        throw e;
      }
    }
  }

  private mayGo(card: number): boolean {
    const suit = SUIT[card]!;
    for (let r = this.founded[suit]! + 1; r < RANK[card]!; r++) if (this.atHand[suit * 13 + r - 1] === 0) return false;
    return true;
  }

  private push(): void {
    this.waste[this.top++] = this.drawn++;
  }

  private takeTop(): number {
    const x = this.waste[--this.top]!;
    const card = this.stock[x]!;
    this.atHand[card]!++;
    this.inTalon[card]!--;
    return x;
  }

  private putBack(x: number): void {
    const card = this.stock[x]!;
    this.atHand[card]!--;
    this.inTalon[card]!++;
    this.waste[this.top++] = x;
  }

  /** Waste cards that need a rank whose copies in play all lie beneath them. */
  private surelyDetoured(): number {
    let count = 0;
    for (let w = 0; w < this.top; w++) {
      const card = this.stock[this.waste[w]!]!;
      const suit = SUIT[card]!;
      for (let r = this.founded[suit]! + 1; r < RANK[card]!; r++) {
        const face = suit * 13 + r - 1;
        if (this.atHand[face] === 0 && this.seen[face] === this.inTalon[face]) {
          count++;
          break;
        }
      }
      this.seen[card]!++;
    }
    for (let w = 0; w < this.top; w++) this.seen[this.stock[this.waste[w]!]!] = 0;
    return count;
  }

  /** Whether the rest can be played with at most `k` detours. */
  private within(k: number): boolean {
    if (++this.nodes > this.maxNodes) throw OUT_OF_NODES;
    const before = this.top;
    let played = 0;
    while (this.top > 0 && this.mayGo(this.stock[this.waste[this.top - 1]!]!)) {
      this.played[this.playedTop++] = this.takeTop();
      played++;
    }
    let ok: boolean;
    if (this.top === 0 && this.drawn === this.n) ok = true;
    else {
      // The waste's cards as bits of their stock indexes, and one bit for the draws made.
      this.key[0] = 0;
      this.key[1] = 0;
      for (let w = 0; w < this.top; w++) this.setBit(this.waste[w]!);
      this.setBit(this.drawn);
      const id = this.table.intern(this.key);
      const needs = this.needs.ensure(id);
      if (this.table.lastWasNew) needs[id] = 0;
      const known = Math.max(needs[id]!, this.surelyDetoured());
      ok = false;
      if (known <= k) {
        if (this.drawn < this.n) {
          this.push();
          ok = this.within(k);
          this.top--;
          this.drawn--;
        }
        if (!ok && k > 0 && this.top > 0) {
          const x = this.takeTop();
          ok = this.within(k - 1);
          this.putBack(x);
        }
      }
      if (!ok) this.needs.data[id] = Math.max(known, k + 1);
    }
    // Put back what went to the foundations, in the reverse order.
    for (let i = 0; i < played; i++) this.putBack(this.played[--this.playedTop]!);
    if (this.top !== before) throw new Error('waste relaxation: the stack was not restored');
    return ok;
  }

  private setBit(i: number): void {
    this.key[i >>> 5] = (this.key[i >>> 5]! | (1 << (i & 31))) >>> 0;
  }
}

const OUT_OF_NODES = Symbol('out of nodes');
