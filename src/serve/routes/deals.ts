/**
 * The deal routes: an analysis (`solve --json`), a hint (`hint --json`) and moves played
 * (`play --json`, with the board). The rules engine checks the deal and the moves on the
 * event loop (fast); the solving runs on the solver threads, and complete answers are kept.
 */
import type { FastifyInstance } from 'fastify';
import { jsonInStyle } from '../../cards/notation.js';
import type { HintResult } from '../../games/hint.js';
import { type Position, RefusedMoveError } from '../../games/position.js';
import { openDeal } from '../../index.js';
import type { Limits } from '../../search/limits.js';
import { type AnswerCache, isComplete } from '../answerCache.js';
import { type DealQuery, dealQuerySchema, type ReadDealQuery, readDealQuery, refuseForeign } from '../dealQuery.js';
import { documented } from '../openapi.js';
import { playResponseJson } from '../playResponse.js';
import type { Prefetcher } from '../prefetch.js';
import type { SolverPool } from '../solverPool.js';
import type { SolveTask } from '../solveTask.js';

export interface DealRoutesContext {
  pool: SolverPool;
  cache: AnswerCache<Record<string, unknown>>;
  prefetch: Prefetcher;
  /** The node and memory limits of every solve; the time limit is the request's. */
  limits: Limits;
  maxTimeMs: number;
  /** Keeps an analysis in the database (`serve --store`), or null. */
  store: ((analysis: Record<string, unknown>, limits: Limits) => void) | null;
}

/** A position opened from the query: the rules engine has checked the deal and every move. */
interface Opened {
  query: ReadDealQuery;
  position: Position<HintResult>;
}

/** A move the rules refuse, with the position before it: the error handler answers 400 with both. */
export class Refused extends Error {
  constructor(
    readonly error: RefusedMoveError,
    readonly before: Opened,
  ) {
    super(error.message);
  }

  /** The 400 body: the message, the move's number, the app's reason and the position before it. */
  body(): string {
    const { position, query } = this.before;
    const before = playResponseJson(position, query.style, query.reveal);
    const { message, moveNumber, reason } = this.error;
    return `{"statusCode":400,"error":${JSON.stringify(message)},"refused":{"moveNumber":${moveNumber},"reason":${JSON.stringify(reason)},"position":${before}}}`;
  }
}

export function dealRoutes(app: FastifyInstance, ctx: DealRoutesContext): void {
  /** The position after the query's moves; a move the rules refuse throws `Refused`. */
  const open = (raw: DealQuery): Opened => {
    const query = readDealQuery(raw, ctx.maxTimeMs);
    const deal = openDeal(query.deal, query.flags);
    refuseForeign(deal.game, query.options);
    const position = deal.position();
    try {
      position.playLine(query.moves, 'symbols');
    } catch (error) {
      // The moves before the refused one stay played: the position the player refused from.
      if (error instanceof RefusedMoveError) throw new Refused(error, { query, position });
      throw error;
    }
    return { query, position };
  };

  /** The cache's key of a position: the game, rule set, deal and moves, and the switches asked. */
  const keyOf = (kind: SolveTask['kind'], position: Position, q: ReadDealQuery, moves: string): string =>
    `${kind}\u0000${position.game}\u0000${position.rules}\u0000${position.fingerprint}\u0000${moves}\u0000${JSON.stringify(q.options)}`;

  const solve = async (kind: SolveTask['kind'], opened: Opened): Promise<Record<string, unknown>> => {
    const { query, position } = opened;
    const moves = kind === 'hint' ? position.historyText('symbols') : '';
    const key = keyOf(kind, position, query, moves);
    const cached = ctx.cache.get(key);
    if (cached !== undefined) return cached;
    const deadline = Date.now() + query.timeMs;
    const answer = await ctx.pool.run({
      kind,
      deal: query.deal,
      flags: query.flags,
      moves,
      limits: ctx.limits,
      deadline,
      options: query.options,
    });
    const result = answer.result;
    if (isComplete(result)) {
      ctx.cache.set(key, result);
      // The positions along the line found are the ones a player steps to next.
      const line = (kind === 'hint' ? result.line : result.solution) as unknown;
      if (Array.isArray(line)) ctx.prefetch.along(query, position, line, (m) => keyOf('hint', position, query, m));
    }
    if (kind === 'analysis' && ctx.store !== null) ctx.store(result, { ...ctx.limits, timeMs: query.timeMs });
    return result;
  };

  for (const method of ['GET', 'POST'] as const) {
    const where = method === 'GET' ? 'querystring' : 'body';
    app.route({
      method,
      url: '/api/v1/analysis',
      schema: documented({ summary: 'analyse a deal: what solve --json prints', [where]: dealQuerySchema({ moves: false }) }),
      handler: async (request, reply) => {
        const raw = (method === 'GET' ? request.query : request.body) as DealQuery;
        const opened = open(raw);
        const result = await solve('analysis', opened);
        return reply.type('application/json; charset=utf-8').send(jsonInStyle(result, opened.query.style));
      },
    });
    app.route({
      method,
      url: '/api/v1/hint',
      schema: documented({
        summary: 'judge every legal move after the moves played: what hint --json prints',
        [where]: dealQuerySchema({ moves: true }),
      }),
      handler: async (request, reply) => {
        const raw = (method === 'GET' ? request.query : request.body) as DealQuery;
        const opened = open(raw);
        const result = await solve('hint', opened);
        return reply.type('application/json; charset=utf-8').send(jsonInStyle(result, opened.query.style));
      },
    });
    app.route({
      method,
      url: '/api/v1/play',
      schema: documented({
        summary: 'play moves through the rules engine: the board, score, move counter and legal moves, or the refusal',
        [where]: dealQuerySchema({ moves: true, reveal: true }),
      }),
      handler: async (request, reply) => {
        const raw = (method === 'GET' ? request.query : request.body) as DealQuery;
        const opened = open(raw);
        return reply
          .type('application/json; charset=utf-8')
          .send(playResponseJson(opened.position, opened.query.style, opened.query.reveal));
      },
    });
  }
}
