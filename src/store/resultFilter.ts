/** Which result rows a reader wants, as a filter and as the WHERE clause that picks them. */
import type { GameId, Verdict } from '../games/types.js';

/** Which rows a reader wants. Empty fields match everything. */
export interface ResultFilter {
  game?: GameId;
  /** Any of these rule sets. */
  rules?: readonly string[];
  dealKey?: string;
  /** Results of deals given by this code. */
  code?: string;
  verdict?: Verdict;
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
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}
