/**
 * The stored results: a page of the table (filters, sorting, paging) and a download of the
 * rows the filters select, as `cardsolve export` writes them with the same filters.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import { CARD_STYLES, parseCardStyle } from '../../cards/notation.js';
import { ResultsPage, RuleSets } from '../../contract/index.js';
import { InputError } from '../../errors/inputError.js';
import { TIERS } from '../../games/difficulty.js';
import { allGames, gameById } from '../../games/registry.js';
import { defaultRules } from '../../games/ruleSets.js';
import type { GameId } from '../../games/types.js';
import { openDatabase } from '../../store/database.js';
import { EXPORT_FORMATS, type ExportFormat, exportChunks } from '../../store/exportFormat.js';
import { parseRange } from '../../store/numberRange.js';
import type { ResultFilter } from '../../store/resultFilter.js';
import { ResultStore } from '../../store/results.js';
import { rowsByIds } from '../../store/resultsPage.js';
import { TABLE_SORTS, type TableFilter } from '../../store/resultsTable.js';
import { documented } from '../openapi.js';
import { Choice, Params } from '../requestSchema.js';
import { responses, Text } from '../responses.js';
import type { ResultsSource } from '../resultsSource.js';

export const MAX_PAGE_SIZE = 500;

const RANGE = { maxLength: 32, pattern: '^\\s*\\d*\\s*(\\.\\.)?\\s*\\d*\\s*$' };

/** The filters of the results table, of its download and of curate. */
export const filterProperties = {
  game: Type.Optional(Choice(gameIds(), { description: 'the game (default pyramide)' })),
  rules: Type.Optional(Type.String({ maxLength: 64, description: "a stored rule set (default: the game's first: app, D1N)" })),
  verdict: Type.Optional(Choice(['winnable', 'unwinnable', 'unknown'] as const)),
  tier: Type.Optional(Choice([...TIERS, 'unknown'] as const, { description: 'winnable deals of this difficulty tier' })),
  minMoves: Type.Optional(Type.String({ ...RANGE, description: 'fewest moves to win: MIN..MAX, MIN.., ..MAX or N' })),
  stuck: Type.Optional(Type.String({ ...RANGE, description: "the game's stuck figure: MIN..MAX" })),
};

/** The filters as a handler reads them. */
export type ResultsQuery = Static<ReturnType<typeof Params<typeof filterProperties>>>;

/** The games' names (a plug-in game's too, once loaded). */
export function gameIds(): GameId[] {
  return allGames().map((g) => g.id as GameId);
}

/** The game and rule set a query means: the game's first rule set when none is named. */
export function gameAndRules(q: { game?: GameId; rules?: string }): { game: GameId; rules: string } {
  const game = gameById(q.game ?? 'pyramide');
  const rules = q.rules ?? defaultRules(game);
  return { game: game.id as GameId, rules };
}

function tableFilter(q: ResultsQuery): TableFilter {
  const { game, rules } = gameAndRules(q);
  return {
    game,
    rules,
    ...(q.verdict !== undefined ? { verdict: q.verdict } : {}),
    ...(q.tier !== undefined ? { tier: q.tier } : {}),
    ...(q.minMoves !== undefined ? { minMoves: parseRange(q.minMoves, 'minMoves') } : {}),
    ...(q.stuck !== undefined ? { stuck: parseRange(q.stuck, 'stuck') } : {}),
  };
}

/** The same filter for the store's readers (export). */
export function storeFilter(q: ResultsQuery): ResultFilter {
  const t = tableFilter(q);
  const { rules, ...rest } = t;
  return { ...rest, game: t.game as GameId, rules: [rules] };
}

/** No database to read: a 404 (the resource is not there), with what makes one. */
export class NoDatabaseError extends InputError {}

export function noDatabase(path: string): NoDatabaseError {
  return new NoDatabaseError(`no cardsolve database at ${path} yet: run cardsolve batch to fill one, then restart serve`);
}

const resultsQuery = () =>
  Params({
    ...filterProperties,
    sort: Choice(TABLE_SORTS, { default: 'code' }),
    order: Choice(['asc', 'desc'] as const, { default: 'asc' }),
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 }),
  });

const exportQuery = () =>
  Params({
    ...filterProperties,
    format: Choice(EXPORT_FORMATS, { default: 'csv' }),
    cards: Choice(CARD_STYLES, { default: 'symbols' }),
  });

const EXPORT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv', json: 'application/json', jsonl: 'application/x-ndjson' };

export interface ResultRoutesOptions {
  source: ResultsSource | null;
  dbPath: string;
}

export const resultRoutes: FastifyPluginAsyncTypebox<ResultRoutesOptions> = async (app, { source, dbPath }) => {
  app.get(
    '/results',
    {
      schema: documented({
        summary: 'a page of the stored results: filters, sorting and paging',
        querystring: resultsQuery(),
        response: responses(ResultsPage),
      }),
    },
    async (request) => {
      if (source === null) throw noDatabase(dbPath);
      const q = request.query;
      const filter = tableFilter(q);
      const table = await source.table();
      const { total, ids } = table.query({ filter, sort: q.sort, descending: q.order === 'desc', page: q.page, pageSize: q.pageSize });
      return { total, page: q.page, pageSize: q.pageSize, game: filter.game, rules: filter.rules, rows: rowsByIds(source.db, ids) };
    },
  );

  app.get(
    '/rule-sets',
    { schema: documented({ summary: 'the rule sets stored, per game, with their number of rows', response: responses(RuleSets) }) },
    async () => {
      if (source === null) return { ruleSets: [] };
      return { ruleSets: (await source.table()).ruleSets() };
    },
  );

  app.get(
    '/export',
    {
      schema: documented({
        summary: 'download the rows the filters select, as cardsolve export writes them with the same filters',
        querystring: exportQuery(),
        response: responses(Text('the rows, in the format asked')),
        produces: Object.fromEntries(Object.values(EXPORT_TYPES).map((type) => [type, Text(`the rows as ${type}`)])),
      }),
    },
    (request, reply) => {
      if (source === null) throw noDatabase(dbPath);
      const q = request.query;
      const filter = storeFilter(q);
      const style = parseCardStyle(q.cards);
      // A connection of its own: the rows are read as the client takes them, over many turns.
      const db = openDatabase(source.path, { readonly: true });
      const chunks = exportChunks(new ResultStore(db).iterate(filter), q.format, style);
      const stream = Readable.from(chunks);
      const close = (): void => {
        if (db.open) db.close();
      };
      stream.on('close', close);
      stream.on('error', close);
      const name = `cardsolve-${filter.game}-${filter.rules![0]}${q.verdict ? `-${q.verdict}` : ''}${q.tier ? `-${q.tier}` : ''}.${q.format}`;
      return reply
        .type(`${EXPORT_TYPES[q.format]}; charset=utf-8`)
        .header('Content-Disposition', `attachment; filename="${name.replace(/[^\w.+-]/g, '_')}"`)
        .send(stream);
    },
  );
};
