/**
 * The stored results: a page of the table (filters, sorting, paging) and a download of the
 * rows the filters select, as `cardsolve export` writes them with the same filters.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseCardStyle } from '../../cards/notation.js';
import { InputError } from '../../errors/inputError.js';
import { TIERS, type TierOrUnknown } from '../../games/difficulty.js';
import { allGames, gameById } from '../../games/registry.js';
import { defaultRules } from '../../games/ruleSets.js';
import type { GameId, Verdict } from '../../games/types.js';
import { openDatabase } from '../../store/database.js';
import { EXPORT_FORMATS, type ExportFormat, exportChunks } from '../../store/exportFormat.js';
import { parseRange } from '../../store/numberRange.js';
import type { ResultFilter } from '../../store/resultFilter.js';
import { ResultStore } from '../../store/results.js';
import { rowsByIds } from '../../store/resultsPage.js';
import { TABLE_SORTS, type TableFilter, type TableSort } from '../../store/resultsTable.js';
import { documented } from '../openapi.js';
import type { ResultsSource } from '../resultsSource.js';

export const MAX_PAGE_SIZE = 500;

/** The filters of the results table and of its download. */
export interface ResultsQuery {
  game?: GameId;
  rules?: string;
  verdict?: Verdict;
  tier?: TierOrUnknown;
  minMoves?: string;
  stuck?: string;
}

const RANGE = { type: 'string', maxLength: 32, pattern: '^\\s*\\d*\\s*(\\.\\.)?\\s*\\d*\\s*$' };

export const filterProperties = {
  game: { type: 'string', enum: allGames().map((g) => g.id), description: 'the game (default pyramide)' },
  rules: { type: 'string', maxLength: 64, description: "a stored rule set (default: the game's first: app, D1N)" },
  verdict: { type: 'string', enum: ['winnable', 'unwinnable', 'unknown'] },
  tier: { type: 'string', enum: [...TIERS, 'unknown'], description: 'winnable deals of this difficulty tier' },
  minMoves: { ...RANGE, description: 'fewest moves to win: MIN..MAX, MIN.., ..MAX or N' },
  stuck: { ...RANGE, description: "the game's stuck figure: MIN..MAX" },
};

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

export function resultRoutes(app: FastifyInstance, source: ResultsSource | null, dbPath: string): void {
  app.get(
    '/api/v1/results',
    {
      schema: documented({
        summary: 'a page of the stored results: filters, sorting and paging',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...filterProperties,
            sort: { type: 'string', enum: [...TABLE_SORTS], default: 'code' },
            order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 },
          },
        },
      }),
    },
    async (request) => {
      if (source === null) throw noDatabase(dbPath);
      const q = request.query as ResultsQuery & { sort: TableSort; order: 'asc' | 'desc'; page: number; pageSize: number };
      const filter = tableFilter(q);
      const table = await source.table();
      const { total, ids } = table.query({ filter, sort: q.sort, descending: q.order === 'desc', page: q.page, pageSize: q.pageSize });
      return { total, page: q.page, pageSize: q.pageSize, game: filter.game, rules: filter.rules, rows: rowsByIds(source.db, ids) };
    },
  );

  app.get(
    '/api/v1/rule-sets',
    { schema: documented({ summary: 'the rule sets stored, per game, with their number of rows' }) },
    async () => {
      if (source === null) return { ruleSets: [] };
      return { ruleSets: (await source.table()).ruleSets() };
    },
  );

  app.get(
    '/api/v1/export',
    {
      schema: documented({
        summary: 'download the rows the filters select, as cardsolve export writes them with the same filters',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...filterProperties,
            format: { type: 'string', enum: [...EXPORT_FORMATS], default: 'csv' },
            cards: { type: 'string', enum: ['symbols', 'en', 'fr'], default: 'symbols' },
          },
        },
      }),
    },
    (request, reply: FastifyReply) => {
      if (source === null) throw noDatabase(dbPath);
      const q = request.query as ResultsQuery & { format: ExportFormat; cards: string };
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
      const type = { csv: 'text/csv', json: 'application/json', jsonl: 'application/x-ndjson' }[q.format];
      const name = `cardsolve-${filter.game}-${filter.rules![0]}${q.verdict ? `-${q.verdict}` : ''}${q.tier ? `-${q.tier}` : ''}.${q.format}`;
      return reply
        .type(`${type}; charset=utf-8`)
        .header('Content-Disposition', `attachment; filename="${name.replace(/[^\w.+-]/g, '_')}"`)
        .send(stream);
    },
  );
}
