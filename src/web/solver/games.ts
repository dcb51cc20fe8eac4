/** `GET /api/v1/games` as a server without stored results answers it: the page's menus of games, rule sets and tiers. */
import { gameSummaries } from '../../core';

export function gamesJson(): string {
  return JSON.stringify({ games: gameSummaries() });
}
