/** The games this build has, as the page builds its menus: rule sets, first codes, tiers, stuck figure. */
import type { FastifyInstance } from 'fastify';
import { TIERS, thresholdsFor } from '../../games/difficulty.js';
import { allGames, openDeal } from '../../games/registry.js';
import { documented } from '../openapi.js';
import type { ResultsSource } from '../resultsSource.js';

export function gameRoutes(app: FastifyInstance, source: ResultsSource | null): void {
  app.get(
    '/api/v1/games',
    { schema: documented({ summary: 'the games, their rule sets (those with results stored first), tiers and stuck figure' }) },
    async () => {
      const stored = source === null ? [] : (await source.table()).ruleSets();
      return {
        games: allGames().map((game) => {
          const firstCodes: Record<string, string> = {};
          for (const letters of game.codes.options) {
            const code = `${game.codes.family}-${letters}-AAAAAAA`;
            firstCodes[openDeal({ kind: 'code', code }, {}).rules] = code;
          }
          const rules = [...new Set([...stored.filter((s) => s.game === game.id).map((s) => s.rules), ...Object.keys(firstCodes)])];
          const tiers: Record<string, string[]> = {};
          for (const r of rules) tiers[r] = thresholdsFor(game.difficulty, r) === null ? [] : [...TIERS];
          return { id: game.id, name: game.name, rules, firstCodes, tiers, stuck: { field: game.stuck.field, title: game.stuck.title } };
        }),
      };
    },
  );
}
