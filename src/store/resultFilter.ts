/** Which result rows a reader wants, as a filter and as the WHERE clause that picks them. */
import { InputError } from '../errors/inputError.js';
import { type Tier, type TierOrUnknown, thresholdsFor, tierRange } from '../games/difficulty.js';
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
  /** Winnable deals of this difficulty tier (one game and one rule set only: tiers are theirs). */
  tier?: TierOrUnknown;
  minMoves?: NumberRange;
  /** The game's stuck figure. */
  stuck?: NumberRange;
}

/** The tier's condition on the stored difficulty score (the `difficulty` column). */
function tierConditions(filter: ResultFilter, tier: TierOrUnknown, parts: string[], params: unknown[]): void {
  if (filter.game === undefined || filter.rules?.length !== 1) {
    throw new InputError(`tier ${tier}: give one game and one rule set too (tiers are a game's and a rule set's own)`);
  }
  parts.push("verdict = 'winnable'");
  if (tier === 'unknown') {
    parts.push('difficulty IS NULL');
    return;
  }
  const range = tierRange(thresholdsFor(gameById(filter.game).difficulty, filter.rules[0]!), tier as Tier);
  if (range === null) {
    parts.push('0');
    return;
  }
  parts.push('difficulty IS NOT NULL');
  if (Number.isFinite(range.min)) {
    parts.push('difficulty >= ?');
    params.push(range.min);
  }
  if (Number.isFinite(range.max)) {
    parts.push('difficulty < ?');
    params.push(range.max);
  }
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
