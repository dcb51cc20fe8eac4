/**
 * What the stored results add up to (stats), the lists made from them (curate) and the deal
 * of the day (daily, and a month of them for the calendar). The database reads run on the
 * solver threads, under the same cap as the solves.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import { Curate, type CurateAnswer, Daily, DailyMonth, Stats, type StatsAnswer } from '../../contract/index.js';
import { InputError } from '../../errors/inputError.js';
import { dailyMonthFrom, type ListEntry, today } from '../../games/daily.js';
import { allDealers, missingNumbering } from '../../games/dealers.js';
import { TIERS, type Tier } from '../../games/difficulty.js';
import { gameById } from '../../games/registry.js';
import type { GameId } from '../../games/types.js';
import { curatedCsv, dollarRuleSets, dollarsRange, refuseTierWithoutCuts } from '../../lists/curate.js';
import { dailyDeal, dailyPool } from '../../lists/daily.js';
import { type NumberRange, parseRange } from '../../store/numberRange.js';
import { documented } from '../openapi.js';
import type { CurateTask, StatsTask } from '../readTasks.js';
import { Choice, Params } from '../requestSchema.js';
import { responses, Text } from '../responses.js';
import type { ResultsSource } from '../resultsSource.js';
import { filterProperties, gameAndRules, gameIds, noDatabase } from './results.js';

export interface ListRoutesOptions {
  source: ResultsSource | null;
  dbPath: string;
  /** The time limit of a read on a solver thread. */
  readTimeMs: number;
}

const GAME = () => Choice(gameIds(), { default: 'pyramide' });
const RULES = Type.Optional(Type.String({ maxLength: 64, description: "the rule set (default: the game's first: app, D1N)" }));
const TIER = Choice(TIERS, { default: 'medium' });
const DATE = Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (default: today, UTC)' }));

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

const statsQuery = () =>
  Params({
    game: Type.Optional(Choice(gameIds())),
    rules: RULES,
    slowest: Type.Integer({ minimum: 0, maximum: 100, default: 10 }),
  });

const curateQuery = () =>
  Params({
    ...filterProperties,
    crossroads: filterProperties.minMoves,
    dollars: Type.Optional(
      Type.String({
        maxLength: 32,
        pattern: '^\\s*(-?\\d+)?\\s*(\\.\\.)?\\s*(-?\\d+)?\\s*$',
        description: `what the best line found pays, in dollars: MIN..MAX (negative ends allowed); rule sets played for dollars only (${dollarRuleSets()})`,
      }),
    ),
    count: Type.Integer({ minimum: 1, maximum: 10_000, default: 10 }),
    order: Choice(['difficulty', 'code', 'random'] as const, { default: 'code' }),
    seed: Type.Integer({ minimum: 0, default: 1 }),
    format: Choice(['json', 'csv', 'codes'] as const, { default: 'json' }),
    dealer: Type.Optional(
      Type.String({
        maxLength: 64,
        description: "an app's codes instead of the built-in ones: the name of one of the dealers serve was given (--dealer)",
      }),
    ),
  });
type CurateQuery = Static<ReturnType<typeof curateQuery>>;

const dailyQuery = () => Params({ game: GAME(), rules: RULES, tier: TIER, date: DATE });
const monthQuery = () =>
  Params({
    game: GAME(),
    rules: RULES,
    month: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'YYYY-MM (default: this month)' })),
  });

/** What a curate query asks the database for: its filters read, the dollars turned into the stuck figure they pay. */
function curatePlan(q: CurateQuery): { game: GameId; rules: string; filter: CurateTask['filter']; dollars: NumberRange | undefined } {
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
  return { game, rules, filter, dollars: dollars?.dollars };
}

/** Each tier's pool read once for a month; a tier without a list is left out, with the reason. */
function monthPools(game: GameId, rules: string): { pools: Map<Tier, ListEntry[]>; missing: Record<string, string> } {
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
  return { pools, missing };
}

export const listRoutes: FastifyPluginAsyncTypebox<ListRoutesOptions> = async (app, options) => {
  const source = (): ResultsSource => {
    if (options.source === null) throw noDatabase(options.dbPath);
    return options.source;
  };
  const deadline = (): number => Date.now() + options.readTimeMs;

  app.get(
    '/stats',
    {
      schema: documented({
        summary: 'figures over the stored results, per rule set: what stats --json prints',
        querystring: statsQuery(),
        response: responses(Stats),
      }),
    },
    async (request) => {
      const q = request.query;
      const task: StatsTask = {
        db: source().path,
        filter: { ...(q.game !== undefined ? { game: q.game } : {}), ...(q.rules !== undefined ? { rules: [q.rules] } : {}) },
        slowest: q.slowest,
      };
      return { groups: await app.pool.read<StatsAnswer>('stats', task, deadline()) };
    },
  );

  app.get(
    '/curate',
    {
      schema: documented({
        summary: 'a list of stored deals that pass the filters: what curate prints, from the database only',
        querystring: curateQuery(),
        response: responses(Curate),
        produces: { 'application/json': Curate, 'text/csv': Text('format=csv'), 'text/plain': Text('format=codes: one code a line') },
      }),
    },
    async (request, reply) => {
      const q = request.query;
      const { game, rules, filter, dollars } = curatePlan(q);
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
      const result = await app.pool.read<CurateAnswer>('curateList', task, deadline());
      if (q.format === 'csv') return reply.type('text/csv; charset=utf-8').send(curatedCsv(result.deals));
      if (q.format === 'codes') return reply.type('text/plain; charset=utf-8').send(result.deals.map((d) => `${d.code}\n`).join(''));
      return {
        game,
        rules,
        filters: { game, ...filter, ...(dollars !== undefined ? { dollars } : {}) },
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
    '/daily',
    {
      schema: documented({
        summary: 'the deal of the day for a tier: what daily --json prints',
        querystring: dailyQuery(),
        response: responses(Daily),
      }),
    },
    async (request) => {
      const q = request.query;
      const { game, rules } = gameAndRules(q);
      return dailyDeal(game, rules, q.tier, q.date ?? today());
    },
  );

  app.get(
    '/daily/month',
    {
      schema: documented({
        summary:
          'the deal of every day of a month, per tier, for a calendar (a tier without a list is left out; `notes` says which pools repeat within a year)',
        querystring: monthQuery(),
        response: responses(DailyMonth),
      }),
    },
    async (request) => {
      const q = request.query;
      const { game, rules } = gameAndRules(q);
      const { pools, missing } = monthPools(game, rules);
      return dailyMonthFrom(game, rules, q.month ?? today().slice(0, 7), pools, missing);
    },
  );
};
