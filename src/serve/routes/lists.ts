/**
 * What the stored results add up to (stats), the lists made from them (curate) and the deal
 * of the day (daily, and a month of them for the calendar). The database reads run on the
 * solver threads, under the same cap as the solves.
 */
import type { FastifyInstance } from 'fastify';
import { InputError } from '../../errors/inputError.js';
import { dailyMonthFrom, type ListEntry, today } from '../../games/daily.js';
import { allDealers, missingNumbering } from '../../games/dealers.js';
import { TIERS, type Tier } from '../../games/difficulty.js';
import { allGames, gameById } from '../../games/registry.js';
import type { GameId } from '../../games/types.js';
import {
  type CurateOrder,
  type CurateResult,
  curatedCsv,
  dollarRuleSets,
  dollarsRange,
  refuseTierWithoutCuts,
} from '../../lists/curate.js';
import { dailyDeal, dailyPool } from '../../lists/daily.js';
import { parseRange } from '../../store/numberRange.js';
import type { GroupStats } from '../../store/stats.js';
import { documented } from '../openapi.js';
import type { CurateTask, StatsTask } from '../readTasks.js';
import type { ResultsSource } from '../resultsSource.js';
import type { SolverPool } from '../solverPool.js';
import { filterProperties, gameAndRules, noDatabase, type ResultsQuery } from './results.js';

export interface ListRoutesContext {
  pool: SolverPool;
  source: ResultsSource | null;
  dbPath: string;
  /** The time limit of a read on a solver thread. */
  readTimeMs: number;
}

const GAME = { type: 'string', enum: allGames().map((g) => g.id), default: 'pyramide' };
const RULES = { type: 'string', maxLength: 64, description: "the rule set (default: the game's first: app, D1N)" };
const TIER = { type: 'string', enum: [...TIERS], default: 'medium' };
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (default: today, UTC)' };

/** Refuses a dealer the server was not given, or one whose codes have no order (no `number(code)`). */
function servedDealer(name: string): void {
  const dealer = allDealers().find((d) => d.name === name);
  if (dealer === undefined) {
    const names = allDealers().map((d) => d.name);
    throw new InputError(
      `dealer "${name}": this server has no such dealer (${names.length ? `its dealers: ${names.join(', ')}` : 'serve was given none: --dealer FILE'})`,
    );
  }
  const missing = missingNumbering(dealer);
  if (missing !== null) throw new InputError(missing);
}

export function listRoutes(app: FastifyInstance, ctx: ListRoutesContext): void {
  const source = (): ResultsSource => {
    if (ctx.source === null) throw noDatabase(ctx.dbPath);
    return ctx.source;
  };

  app.get(
    '/api/v1/stats',
    {
      schema: documented({
        summary: 'figures over the stored results, per rule set: what stats --json prints',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            game: { type: 'string', enum: allGames().map((g) => g.id) },
            rules: RULES,
            slowest: { type: 'integer', minimum: 0, maximum: 100, default: 10 },
          },
        },
      }),
    },
    async (request) => {
      const q = request.query as { game?: GameId; rules?: string; slowest: number };
      const task: StatsTask = {
        db: source().path,
        filter: { ...(q.game !== undefined ? { game: q.game } : {}), ...(q.rules !== undefined ? { rules: [q.rules] } : {}) },
        slowest: q.slowest,
      };
      const groups = await ctx.pool.read<GroupStats[]>('stats', task, Date.now() + ctx.readTimeMs);
      return { groups };
    },
  );

  app.get(
    '/api/v1/curate',
    {
      schema: documented({
        summary: 'a list of stored deals that pass the filters: what curate prints, from the database only',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...filterProperties,
            crossroads: filterProperties.minMoves,
            dollars: {
              type: 'string',
              maxLength: 32,
              pattern: '^\\s*(-?\\d+)?\\s*(\\.\\.)?\\s*(-?\\d+)?\\s*$',
              description: `what the best line found pays, in dollars: MIN..MAX (negative ends allowed); rule sets played for dollars only (${dollarRuleSets()})`,
            },
            count: { type: 'integer', minimum: 1, maximum: 10_000, default: 10 },
            order: { type: 'string', enum: ['difficulty', 'code', 'random'], default: 'code' },
            seed: { type: 'integer', minimum: 0, default: 1 },
            format: { type: 'string', enum: ['json', 'csv', 'codes'], default: 'json' },
            dealer: {
              type: 'string',
              maxLength: 64,
              description: "an app's codes instead of the built-in ones: the name of one of the dealers serve was given (--dealer)",
            },
          },
        },
      }),
    },
    async (request, reply) => {
      const q = request.query as ResultsQuery & {
        crossroads?: string;
        dollars?: string;
        count: number;
        order: CurateOrder;
        seed: number;
        format: string;
        dealer?: string;
      };
      const { game, rules } = gameAndRules(q);
      refuseTierWithoutCuts(gameById(game), rules, q.tier, 'tier');
      const dollars =
        q.dollars === undefined ? undefined : dollarsRange(gameById(game), rules, q.dollars, 'dollars', 'stuck', q.stuck !== undefined);
      const filter: CurateTask['filter'] = {
        rules,
        ...(q.verdict !== undefined ? { verdict: q.verdict } : {}),
        ...(q.tier !== undefined ? { tier: q.tier } : {}),
        ...(q.minMoves !== undefined ? { minMoves: parseRange(q.minMoves, 'minMoves') } : {}),
        ...(q.stuck !== undefined ? { stuck: parseRange(q.stuck, 'stuck') } : {}),
        ...(dollars !== undefined ? { stuck: dollars.stuck } : {}),
        ...(q.crossroads !== undefined ? { crossroads: parseRange(q.crossroads, 'crossroads') } : {}),
      };
      if (q.dealer !== undefined) servedDealer(q.dealer);
      const task: CurateTask = {
        db: source().path,
        game,
        flags: { rules },
        filter,
        count: q.count,
        order: q.order,
        seed: q.seed,
        ...(q.dealer !== undefined ? { dealer: q.dealer } : {}),
      };
      const result = await ctx.pool.read<CurateResult>('curateList', task, Date.now() + ctx.readTimeMs);
      if (q.format === 'csv') return reply.type('text/csv; charset=utf-8').send(curatedCsv(result.deals));
      if (q.format === 'codes') return reply.type('text/plain; charset=utf-8').send(result.deals.map((d) => `${d.code}\n`).join(''));
      return {
        game,
        rules,
        filters: { game, ...filter, ...(dollars !== undefined ? { dollars: dollars.dollars } : {}) },
        order: q.order,
        seed: q.seed,
        asked: q.count,
        found: result.deals.length,
        matching: result.matching,
        deals: result.deals,
      };
    },
  );

  app.get(
    '/api/v1/daily',
    {
      schema: documented({
        summary: 'the deal of the day for a tier: what daily --json prints',
        querystring: { type: 'object', additionalProperties: false, properties: { game: GAME, rules: RULES, tier: TIER, date: DATE } },
      }),
    },
    async (request) => {
      const q = request.query as { game: GameId; rules?: string; tier: Tier; date?: string };
      const { game, rules } = gameAndRules(q);
      return dailyDeal(game, rules, q.tier, q.date ?? today());
    },
  );

  app.get(
    '/api/v1/daily/month',
    {
      schema: documented({
        summary:
          'the deal of every day of a month, per tier, for a calendar (a tier without a list is left out; `notes` says which pools repeat within a year)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            game: GAME,
            rules: RULES,
            month: { type: 'string', pattern: '^\\d{4}-\\d{2}$', description: 'YYYY-MM (default: this month)' },
          },
        },
      }),
    },
    async (request) => {
      const q = request.query as { game: GameId; rules?: string; month?: string };
      const { game, rules } = gameAndRules(q);
      const month = q.month ?? today().slice(0, 7);
      // Each tier's pool read once for the month.
      const pools = new Map<Tier, ListEntry[]>();
      const missing: Record<string, string> = {};
      for (const tier of TIERS) {
        try {
          pools.set(tier, dailyPool(game, rules, tier));
        } catch (error) {
          if (!(error instanceof InputError)) throw error;
          missing[tier] = error.message;
        }
      }
      return dailyMonthFrom(game, rules, month, pools, missing);
    },
  );
}
