/** The games this build has, as the page builds its menus: rule sets (those with results stored first), first codes, tiers, stuck figure. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Games } from '../../contract/index.js';
import { gameSummaries } from '../../games/gameSummary.js';
import { documented } from '../openapi.js';
import { responses } from '../responses.js';
import type { ResultsSource } from '../resultsSource.js';

export const gameRoutes: FastifyPluginAsyncTypebox<{ source: ResultsSource | null }> = async (app, { source }) => {
  app.get(
    '/games',
    {
      schema: documented({
        summary: 'the games, their rule sets (those with results stored first), tiers and stuck figure',
        response: responses(Games),
      }),
    },
    async () => ({ games: gameSummaries(source === null ? [] : (await source.table()).ruleSets()) }),
  );
};
