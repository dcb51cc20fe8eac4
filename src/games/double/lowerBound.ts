/**
 * A proven lower bound on the moves (as the app counts them) of any line that wins from a
 * position: printed next to a line's length, so a reader sees how far from the fewest
 * possible it can be, and checked in the tests never to exceed a proven minimum.
 */
import { COL_CAP, COLUMNS, type DoubleState, RANK, SUIT } from './engine.js';

/**
 * The sum of three kinds of moves no win can do without, no move being of two kinds:
 *
 * - **Each card's last move**: every card not on the foundations goes there, one card per
 *   move.
 * - **The draws**: every card still in the stock is drawn, `draw` cards at most per draw.
 * - **Buried lower cards**: in a column where a card sits above both copies of a lower
 *   card of its own suit, that card cannot go to the foundations before them, and they
 *   cannot move before it is off them: a move that takes it off them (a run move, neither
 *   a foundation move nor a draw) is needed. One such move per column; a run move never
 *   frees two of these columns' cards at once, since a run that holds two such cards holds
 *   the buried copies of the upper one.
 */
export function movesLowerBound(s: DoubleState): number {
  let bound = s.total - s.onFoundations;
  const stock = s.talLen - s.waste;
  bound += Math.ceil(stock / s.draw);
  for (let c = 0; c < COLUMNS; c++) if (buriesLowerPair(s, c)) bound++;
  return bound;
}

/** Whether some card of column `c` lies above both copies of a lower card of its suit. */
function buriesLowerPair(s: DoubleState, c: number): boolean {
  const l = s.len[c]!;
  const at = c * COL_CAP;
  for (let i = 2; i < l; i++) {
    const a = s.col[at + i]!;
    for (let j = 0; j < i; j++) {
      const b = s.col[at + j]!;
      if (SUIT[b] !== SUIT[a] || RANK[b]! >= RANK[a]!) continue;
      for (let k = j + 1; k < i; k++) if (s.col[at + k] === b) return true;
    }
  }
  return false;
}
