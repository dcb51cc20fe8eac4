/** `GET /api/v1/games` as a server without stored results answers it: the page's menus of games, rule sets and tiers. */

import { allGames, openDeal, TIERS } from '../../core';
import { thresholdsFor } from '../../games/difficulty';
import type { ApiGame } from '../../serve/apiTypes';

export function gamesJson(): string {
  const games: ApiGame[] = allGames().map((game) => {
    const firstCodes: Record<string, string> = {};
    for (const letters of game.codes.options) {
      const code = `${game.codes.family}-${letters}-AAAAAAA`;
      firstCodes[openDeal(code).rules] = code;
    }
    const rules = Object.keys(firstCodes);
    const tiers: Record<string, string[]> = {};
    for (const r of rules) tiers[r] = thresholdsFor(game.difficulty, r) === null ? [] : [...TIERS];
    return {
      id: game.id as ApiGame['id'],
      name: game.name,
      rules,
      firstCodes,
      tiers,
      stuck: { field: game.stuck.field, title: game.stuck.title },
    };
  });
  return JSON.stringify({ games });
}
