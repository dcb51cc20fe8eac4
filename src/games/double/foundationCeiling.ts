/**
 * Vegas: a proven upper bound on the foundation cards any line from a position reaches, the
 * figure a Vegas player's dollars can never pass. The talon relaxation (`vegasBound.ts`) bounds
 * each position; looking a few moves ahead tightens it: every line from here goes through one
 * of the positions `depth` moves away (or ends sooner), so the most of their bounds, and of
 * the counts met on the way, bounds the start too. The lower of that and the start's own
 * bound is kept.
 */
import type { DoubleState } from './engine.js';
import { TalonBound } from './vegasBound.js';
import { vegasDollars } from './vegasDollars.js';

/** How far ahead the ceiling looks by default, and the positions it may visit. */
export const CEILING_DEPTH = 3;
const CEILING_POSITIONS = 20_000;

/**
 * The upper bound from `state` (left as it was). Under normal scoring the relaxation does not
 * apply (the talon can be turned over at will): the bound is then every card of the game.
 */
export function foundationCeiling(state: DoubleState, depth = CEILING_DEPTH): number {
  if (!state.vegas) return state.total;
  const talon = new TalonBound();
  const s = state.clone();
  let visits = 0;
  // A position's bound: its own relaxation, or (while depth and the visit budget last) the
  // most of its successors' bounds when that is lower.
  const ceiling = (d: number): number => {
    visits++;
    if (s.isWon()) return s.total;
    const own = talon.bound(s);
    if (d === 0 || own <= s.onFoundations || visits >= CEILING_POSITIONS) return own;
    let most = s.onFoundations;
    for (const m of s.legalMoves()) {
      s.apply(m);
      most = Math.max(most, ceiling(d - 1));
      s.undo();
      if (most >= own) return own;
    }
    return most;
  };
  return ceiling(depth);
}

/** The bounds of a position's foundation cards, and under Vegas what they pay. */
export interface VegasFigures {
  /** A proven upper bound on the foundation cards any line reaches (`maxFoundation` when exact or won). */
  foundationAtMost: number;
  /** Vegas: the dollars `maxFoundation` cards pay, and `foundationAtMost` cards; null under normal scoring. */
  dollarsAtLeast: number | null;
  dollarsAtMost: number | null;
}

/**
 * The figures of `position` from a search's: a win reaches every card, an exact figure is
 * the most; otherwise (Vegas) the relaxation's bound, unless `cheap` (the fair hints, which
 * only count wins, leave it at every card).
 */
export function vegasFigures(
  position: DoubleState,
  s: { verdict: 'winnable' | 'unwinnable' | 'unknown'; maxFoundation: number; stuckExact: boolean },
  cheap: boolean,
): VegasFigures {
  const reached = Math.max(s.maxFoundation, position.onFoundations);
  const most =
    s.verdict === 'winnable'
      ? position.total
      : s.stuckExact
        ? reached
        : cheap
          ? position.total
          : Math.max(reached, foundationCeiling(position));
  return { foundationAtMost: most, dollarsAtLeast: vegasDollars(position, reached), dollarsAtMost: vegasDollars(position, most) };
}
