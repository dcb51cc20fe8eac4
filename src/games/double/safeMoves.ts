/** The dominance rule of the Double Solitaire solver: foundation moves that can never hurt. */
import { RANK, RED, SUIT } from './faceTables.js';

/**
 * Whether playing `face` (a column top, or the waste top in Draw 1) to the foundations can
 * never lose anything, so it is played without trying the alternatives. With r its rank:
 *
 *   - both piles of both suits of the other colour are at r-1 or higher,
 *   - both piles of its own suit are at r-1 or higher (it goes on one of them),
 *   - both piles of the other suit of its colour are at r-2 or higher.
 *
 * (Aces always qualify.) Why this is safe with two decks and with cards allowed back from
 * the foundations: let Z be the card played plus every copy of every card that could ever be
 * built under it in a column (the other colour at ranks below r, its colour at ranks below
 * r-1, its own suit at ranks below r). The conditions say all of Z but the card itself is
 * already on the foundations. Z is closed under "can be built on": whatever goes on a Z card
 * is a Z card, so in any column the Z cards form a top segment holding nothing else. Take
 * any line of play from the position where the card stayed; drop every move whose moved
 * card (the base of the run) is in Z and run the rest from the position where the card went
 * up. Each move kept is still legal: its card and its target are not in Z and are where the
 * original line has them (only Z cards are missing from the tops of the columns); a column
 * empty in the original line is empty here; the foundations hold the same cards plus Z
 * cards, and a pile move of a non-Z card needs the same counts of its own suit and rank,
 * which the Z cards (lower ranks, or the card itself at rank r, whose second copy can still
 * go up because both copies of rank r-1 of its suit are up) do not disturb. A face-down card
 * the played card uncovered is simply turned up earlier. So the shorter line ends with at
 * least the same cards on the foundations, wins whenever the original line wins, and is at
 * least one move shorter (it skips the original line's own move of the card, which a win
 * must make), so minimum move counts are kept too.
 *
 * From the waste only in Draw 1: in Draw 3 taking a card out of the waste changes which
 * cards the following draws turn up, so there it is not a pure gain.
 */
export function isSafe(fnd: Uint8Array, face: number): boolean {
  const r = RANK[face]!;
  if (r === 1) return true;
  const s = SUIT[face]!;
  const min = (t: number): number => {
    const a = fnd[2 * t]!;
    const b = fnd[2 * t + 1]!;
    return Math.min(a, b);
  };
  if (min(s) < r - 1 || min(3 - s) < r - 2) return false;
  if (RED[face] === 1) return min(0) >= r - 1 && min(3) >= r - 1;
  return min(1) >= r - 1 && min(2) >= r - 1;
}
