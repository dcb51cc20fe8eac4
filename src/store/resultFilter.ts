/** Which result rows a reader wants, as a filter and as the WHERE clause that picks them. */
import { InputError } from '../errors/inputError.js';
import { byReach, type TierOrUnknown, type TierThresholds, thresholdsFor, tierOf, tierRange } from '../games/difficulty.js';
import { gameById } from '../games/registry.js';
import type { GameId, Verdict } from '../games/types.js';
import { type NumberRange, rangeConditions } from './numberRange.js';

/** Which rows a reader wants. Empty fields match everything. */
export interface ResultFilter {
  game?: GameId;
  /** Any of these rule sets. */
  rules?: readonly string[];
  dealKey?: string;
  /** Results of deals given by this code. */
  code?: string;
  verdict?: Verdict;
  /**
   * Deals of this difficulty tier (one game and one rule set only: tiers are theirs): winnable
   * deals by score, or deals of every verdict by the stuck figure where the cuts are by reach.
   */
  tier?: TierOrUnknown;
  minMoves?: NumberRange;
  /** The game's stuck figure. */
  stuck?: NumberRange;
}

/**
 * A tier's condition on a stored row, appended to `parts` and `params`. Under cuts `by:
 * 'reach'` it is a range of the `stuck` column for rows of every verdict (`unknown`: no stuck
 * figure); otherwise a range of the score (`score`, an SQL expression) of the winnable rows
 * (`unknown`: winnable without a score).
 */
export function tierSql(cuts: TierThresholds | null, tier: TierOrUnknown, score: string, parts: string[], params: unknown[]): void {
  const reach = byReach(cuts);
  const figure = reach ? 'stuck' : score;
  if (!reach) parts.push("verdict = 'winnable'");
  if (tier === 'unknown') {
    parts.push(`${figure} IS NULL`);
    return;
  }
  const range = tierRange(cuts, tier);
  if (range === null) {
    parts.push('0');
    return;
  }
  parts.push(`${figure} IS NOT NULL`);
  if (Number.isFinite(range.min)) {
    parts.push(`${figure} >= ?`);
    params.push(range.min);
  }
  if (Number.isFinite(range.max)) {
    parts.push(`${figure} < ?`);
    params.push(range.max);
  }
}

/**
 * A stored row's tier under its rule set's cuts: from the stuck figure for every verdict
 * under cuts `by: 'reach'`, else from a winnable row's score (null for the other verdicts).
 */
export function storedTier(
  cuts: TierThresholds | null,
  row: { verdict: string; score: number | null; stuck: number | null },
): TierOrUnknown | null {
  if (byReach(cuts)) return tierOf(cuts, row.stuck);
  return row.verdict === 'winnable' ? tierOf(cuts, row.score) : null;
}

/** The tier's condition on the stored figures (the `difficulty` column, or `stuck` under cuts by reach). */
function tierConditions(filter: ResultFilter, tier: TierOrUnknown, parts: string[], params: unknown[]): void {
  if (filter.game === undefined || filter.rules?.length !== 1) {
    throw new InputError(`tier ${tier}: give one game and one rule set too (tiers are a game's and a rule set's own)`);
  }
  tierSql(thresholdsFor(gameById(filter.game).difficulty, filter.rules[0]!), tier, 'difficulty', parts, params);
}

/** A WHERE clause and its parameters for a filter. */
export function whereOf(filter: ResultFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.game !== undefined) {
    parts.push('game = ?');
    params.push(filter.game);
  }
  if (filter.rules !== undefined) {
    if (filter.rules.length === 0) parts.push('0');
    else {
      parts.push(`rules IN (${filter.rules.map(() => '?').join(', ')})`);
      params.push(...filter.rules);
    }
  }
  if (filter.dealKey !== undefined) {
    parts.push('deal_key = ?');
    params.push(filter.dealKey);
  }
  if (filter.code !== undefined) {
    parts.push('code = ?');
    params.push(filter.code);
  }
  if (filter.verdict !== undefined) {
    parts.push('verdict = ?');
    params.push(filter.verdict);
  }
  if (filter.tier !== undefined) tierConditions(filter, filter.tier, parts, params);
  rangeConditions('min_moves', filter.minMoves, parts, params);
  rangeConditions('stuck', filter.stuck, parts, params);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}
