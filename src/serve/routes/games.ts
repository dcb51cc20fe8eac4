/** The games this build has, as the page builds its menus: rule sets (those with results stored first), first codes, tiers, stuck figure. */
import type { FastifyInstance } from 'fastify';
import { gameSummaries } from '../../games/gameSummary.js';
import { documented } from '../openapi.js';
import type { ResultsSource } from '../resultsSource.js';

export function gameRoutes(app: FastifyInstance, source: ResultsSource | null): void {
  app.get(
    '/api/v1/games',
    { schema: documented({ summary: 'the games, their rule sets (those with results stored first), tiers and stuck figure' }) },
    async () => ({ games: gameSummaries(source === null ? [] : (await source.table()).ruleSets()) }),
  );
}
