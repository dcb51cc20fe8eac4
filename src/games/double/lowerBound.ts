/**
 * A proven lower bound on the moves (as the app counts them) of any line that wins from a
 * position: printed next to a line's length, so a reader sees how far from the fewest
 * possible it can be, and checked in the tests never to exceed a proven minimum.
 */
import { COL_CAP, COLUMNS, type DoubleState } from './engine.js';
import { RANK, SUIT } from './faceTables.js';
import { detoursWithCuts, wasteDetours } from './talonRelaxation.js';

const ALL_COLUMNS = (1 << COLUMNS) - 1;
/** Positions the waste relaxation may look at: 1 of the first 200 D1N codes needs more (its bound is then what it proved). */
export const WASTE_RELAXATION_NODES = 300_000;
/** Positions the relaxation with columns may look at, over all the sets of cuts it tries. */
const CUT_RELAXATION_NODES = 40_000;

/**
 * The sum of three kinds of moves no win can do without, no move being of two kinds:
 *
 * - **Each card's last move**: every card not on the foundations goes there, one card per
 *   move.
 * - **The draws**: every card still in the stock is drawn, `draw` cards at most per draw.
 * - **Detours**: run moves out of deadlocked columns (`deadlockedSets`) and, drawing one
 *   card at a time, cards played from the waste to a column, turn-overs and the draws after
 *   them: the relaxation of `talonRelaxation.ts`, with every column at hand
 *   (`wasteDetours`: adds to the deadlocked sets, as no move is of both kinds), then with
 *   some columns kept as they are (`detoursWithCuts`: both kinds at once, never less).
 */
export function movesLowerBound(s: DoubleState): number {
  let bound = s.total - s.onFoundations;
  const stock = s.talLen - s.waste;
  bound += Math.ceil(stock / s.draw);
  const locked = lockedSets(s);
  const sets = deadlockedSets(s, locked);
  if (s.draw !== 1) return bound + sets;
  const waste = wasteDetours(s, WASTE_RELAXATION_NODES);
  return bound + detoursWithCuts(s, waste, sets + waste, (columns) => locked[columns] === 1, CUT_RELAXATION_NODES);
}

/** Per set of columns (a bit each), 1 when they are deadlocked (see `deadlocked`). */
function lockedSets(s: DoubleState): Uint8Array {
  const locked = new Uint8Array(ALL_COLUMNS + 1);
  for (let m = 1; m <= ALL_COLUMNS; m++) locked[m] = deadlocked(s, m) ? 1 : 0;
  return locked;
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
export function deadlockedSets(s: DoubleState, locked = lockedSets(s)): number {
  // best[m]: the most disjoint deadlocked sets within the columns of m.
  const best = new Uint8Array(ALL_COLUMNS + 1);
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
