/**
 * How hard a winnable Pyramide deal is for a player, under rules where the stock order
 * cannot matter (`talonIsFree`: the app's rules). There any stock or waste card can be
 * brought to the waste top by drawing, so a draw never loses; the player's real choices are
 * the removals. A "position" here is what they decide on: the pyramid cards removed and the
 * talon cards of each value used (free Kings taken at once, which never hurts).
 *
 * - crossroads: the fewest positions, over all winning lines, where some removal loses
 *   (leads to a position that cannot be won);
 * - forgiveness: along that line (fewest crossroads, then fewest removals), the share of
 *   the legal removals that keep the game winnable;
 * - random-play win rate: a player choosing uniformly among the engine's legal moves
 *   (Kings, pairs, draw, turn-over), over seeded playouts; a playout is lost the moment
 *   its position cannot be won (exact, from the same winnability table), won when the
 *   pyramid is cleared. Given with its Wilson 95% interval.
 *
 * The score: 10·log10(1/p) + crossroads + 10·(1 − forgiveness), with p the win rate
 * smoothed as (wins + 0.5)/(playouts + 1) so that 0 wins stays finite.
 */
import { round, type TierOrUnknown, thresholdsFor, tierOf, wilson95 } from '../difficulty.js';
import { bestLine, LineMemo } from './bestLine.js';
import { type PyramideDeal, talonOf } from './deal.js';
import { PyramideDecisionSpace } from './decisionSpace.js';
import { PLAYOUT_MOVE_CAP, randomPlayouts } from './playouts.js';
import { exactStartRate, exactWouldOverflow } from './randomPlay.js';
import { type PyramideRules, rulesName, talonIsFree } from './rules.js';
import { type PyramideContext, THREAD_CONTEXT } from './solver/context.js';
import { PYRAMIDE_SCALE } from './tierCuts.js';

export interface PyramideDifficulty {
  crossroads: number | null;
  forgiveness: number | null;
  randomWinRate: number | null;
  /** Half the width of the Wilson 95% interval of `randomWinRate`; 0 when it is exact. */
  randomWinError: number | null;
  /** The playouts behind a sampled rate; null when it is exact. */
  randomPlayouts: number | null;
  /** Whether `randomWinRate` is exact (computed over the position graph) rather than sampled. */
  randomExact: boolean | null;
  /** The documented score (higher is harder); null when a figure is missing. */
  difficulty: number | null;
  tier: TierOrUnknown;
  notes: string[];
}

export const DEFAULT_PLAYOUTS = 1000;
/** Positions the winnability table may hold before the figures are given up as unknown. */
const DEFAULT_STATE_LIMIT = 3_000_000;
/** Removal sets the exact random-play computation may solve before falling back to playouts. */
export const EXACT_STATE_LIMIT = 20_000;

const UNKNOWN = (notes: string[]): PyramideDifficulty => ({
  crossroads: null,
  forgiveness: null,
  randomWinRate: null,
  randomWinError: null,
  randomPlayouts: null,
  randomExact: null,
  difficulty: null,
  tier: 'unknown',
  notes,
});

/** The documented score from the three figures, p the random player's win rate. */
export function pyramideScoreOf(crossroads: number, forgiveness: number, p: number): number {
  return round(10 * Math.log10(1 / p) + crossroads + 10 * (1 - forgiveness), 2);
}

/** The score with a sampled rate, smoothed as (wins + 0.5)/(playouts + 1) so that 0 wins stays finite. */
export function pyramideScore(crossroads: number, forgiveness: number, wins: number, playouts: number): number {
  return pyramideScoreOf(crossroads, forgiveness, (wins + 0.5) / (playouts + 1));
}

/**
 * The difficulty figures of a deal known to be winnable. Other rules, or a deal without its
 * stock order, get null figures and the tier `unknown`, with the reason in `notes`.
 */
export function pyramideDifficulty(
  deal: PyramideDeal,
  rules: PyramideRules,
  playouts = DEFAULT_PLAYOUTS,
  stateLimit = DEFAULT_STATE_LIMIT,
  exactLimit = EXACT_STATE_LIMIT,
  context: PyramideContext = THREAD_CONTEXT,
): PyramideDifficulty {
  if (!talonIsFree(rules)) return UNKNOWN(['difficulty is measured under rules where the stock order cannot matter (the app rules) only']);
  if (talonOf(deal) === null) return UNKNOWN(['difficulty needs the stock order, which this deal does not give']);
  const space = new PyramideDecisionSpace(deal, stateLimit);
  const start = space.closeKings(0);
  // A King first in the waste is taken at once too: it pairs with nothing.
  if (!space.winnable(start, 0)) {
    if (space.overflow) return UNKNOWN([`difficulty: more than ${stateLimit} positions`]);
    throw new Error('difficulty asked of a deal that cannot be won');
  }
  const memo = new LineMemo();
  const line = bestLine(space, start, 0, memo);
  if (space.overflow) return UNKNOWN([`difficulty: more than ${stateLimit} positions`]);
  const forgiveness = line.moves === 0 ? 1 : line.good / line.moves;
  const notes: string[] = [];
  const exact =
    exactLimit > 0 && !exactWouldOverflow(space, memo.keys(space), exactLimit)
      ? exactStartRate(space, exactLimit, rules.wasteStartsEmpty, context.randomPlay)
      : null;
  if (space.overflow) return UNKNOWN([`difficulty: more than ${stateLimit} positions`]);
  let rate: { p: number; error: number; playouts: number | null; score: number };
  if (exact !== null) {
    rate = { p: exact, error: 0, playouts: null, score: pyramideScoreOf(line.crossroads, forgiveness, exact) };
  } else {
    const { wins, capped } = randomPlayouts(space, rules, deal, playouts);
    if (space.overflow) return UNKNOWN([`difficulty: more than ${stateLimit} positions`]);
    if (capped > 0) notes.push(`${capped} random playouts stopped after ${PLAYOUT_MOVE_CAP} moves, counted lost`);
    const { low, high } = wilson95(wins, playouts);
    rate = { p: wins / playouts, error: (high - low) / 2, playouts, score: pyramideScore(line.crossroads, forgiveness, wins, playouts) };
  }
  const score = rate.score;
  return {
    crossroads: line.crossroads,
    forgiveness: round(forgiveness, 4),
    // An exact rate to 4 significant digits (the score uses it in full).
    randomWinRate: Number(rate.p.toPrecision(4)),
    randomWinError: round(rate.error, 4),
    randomPlayouts: rate.playouts,
    randomExact: exact !== null,
    difficulty: score,
    tier: tierOf(thresholdsFor(PYRAMIDE_SCALE, rulesName(rules)), score),
    notes,
  };
}
