/**
 * The deal routes: an analysis (`solve --json`), a hint (`hint --json`, or `hint --fair
 * --json` with `fair=true`) and moves played (`play --json`, with the board). The rules engine
 * checks the deal and the moves on the event loop (fast); the solving runs on the solver
 * threads, and complete answers are kept.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { jsonInStyle } from '../../cards/notation.js';
import { openDeal } from '../../core.js';
import { InputError } from '../../errors/inputError.js';
import { dealerFor, dealtInput } from '../../games/dealers.js';
import { refuseWithoutFairHint } from '../../games/fairHint.js';
import type { HintResult } from '../../games/hint.js';
import type { MoveJson } from '../../games/moveJson.js';
import { playResponseJson, refusedJson } from '../../games/playResponse.js';
import { type Position, RefusedMoveError } from '../../games/position.js';
import type { Limits } from '../../search/limits.js';
import { type AnswerCache, isComplete } from '../answerCache.js';
import type { ApiDealt } from '../apiTypes.js';
import { type DealQuery, dealQuerySchema, type ReadDealQuery, readDealQuery, refuseForeign } from '../dealQuery.js';
import { type LineAnswer, type LineTask, MAX_LINE_BYTES, MAX_LINE_MOVES } from '../lineTask.js';
import { documented } from '../openapi.js';
import type { Prefetcher } from '../prefetch.js';
import type { SharedCache } from '../sharedCache.js';
import type { SolverPool } from '../solverPool.js';
import type { SolveTask } from '../solveTask.js';

export interface DealRoutesContext {
  pool: SolverPool;
  /** Complete answers as JSON text (cards in symbols), by position: in memory, and in Redis when shared. */
  cache: SharedCache;
  /** A request's own words to its answer's key in `cache`. */
  aliases: AnswerCache<string>;
  prefetch: Prefetcher;
  /** Counts each lookup as a hit or a miss (the metrics). */
  counted?: (hit: boolean) => void;
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
    return refusedJson(this.error, position, query.style, query.reveal);
  }
}

export function dealRoutes(app: FastifyInstance, ctx: DealRoutesContext): void {
  /** The position after the query's moves; a move the rules refuse throws `Refused`. */
  const open = (raw: DealQuery): Opened => {
    const query = readDealQuery(raw, ctx.maxTimeMs);
    const deal = openDeal(query.deal, query.flags);
    refuseForeign(deal.game, query.options);
    if (query.fair !== null) refuseWithoutFairHint(deal);
    if (query.fair !== null && query.line !== null) {
      throw new InputError(
        'line is for the hint that sees the whole deal: the fair hint (fair=true) judges moves by their chances, not by lines',
      );
    }
    const position = deal.position();
    try {
      position.playLine(query.moves, 'symbols');
    } catch (error) {
      // The moves before the refused one stay played: the position the player refused from.
      if (error instanceof RefusedMoveError) throw new Refused(error, { query, position });
      throw error;
    }
    // A hint's known line is checked on its solver thread (it replays the line): a line that
    // does not win comes back from there as an InputError, a 400.
    return { query, position };
  };

  /** The cache's key of a position: the game, rule set, deal and moves, the switches asked, a fair hint's sampling, a hint's known line. */
  const keyOf = (kind: SolveTask['kind'], position: Position, q: ReadDealQuery, moves: string): string =>
    `${kind}\u0000${position.game}\u0000${position.rules}\u0000${position.fingerprint}\u0000${moves}\u0000${JSON.stringify(q.options)}` +
    (kind === 'fair' ? `\u0000${JSON.stringify(q.fair)}` : '') +
    (kind === 'hint' && q.line !== null ? `\u0000${q.line}` : '');

  /**
   * The answer as JSON text, cards in symbols: from the cache, or solved on a thread. A
   * complete answer is kept under the position's key, and under the request's own words
   * (`raw`) so that the same request asked again skips the rules engine too.
   */
  const solve = async (kind: SolveTask['kind'], opened: Opened, raw: string): Promise<{ text: string; hit: boolean }> => {
    const { query, position } = opened;
    const moves = kind === 'analysis' ? '' : position.historyText('symbols');
    const key = keyOf(kind, position, query, moves);
    const cached = await ctx.cache.get(key);
    ctx.counted?.(cached !== undefined);
    if (cached !== undefined) {
      ctx.aliases.set(raw, key);
      return { text: cached, hit: true };
    }
    const deadline = Date.now() + query.timeMs;
    const options = kind === 'hint' && query.line !== null ? { ...query.options, line: query.line } : query.options;
    const task: SolveTask = { kind, deal: query.deal, flags: query.flags, moves, limits: ctx.limits, deadline, options };
    if (kind === 'fair' && query.fair !== null) task.fair = query.fair;
    const result = (await ctx.pool.run(task)).result;
    const text = JSON.stringify(result);
    if (isComplete(result)) {
      ctx.cache.set(key, text);
      ctx.aliases.set(raw, key);
      // The positions along the line found are the ones a player steps to next. A fair hint has
      // no line, and is never worked out ahead: its samples cost many solves.
      const line = (kind === 'hint' ? result.line : kind === 'analysis' ? result.solution : null) as unknown;
      const wins = kind === 'analysis' || result.status === 'winnable';
      if (Array.isArray(line)) ctx.prefetch.along(query, position, line, wins, (q, m) => keyOf('hint', position, q, m));
    } else if (kind === 'hint') {
      // Stopped by the request's time limit (a busy server): finished later, while a thread is free.
      ctx.prefetch.complete(query, moves, key);
    }
    if (kind === 'analysis' && ctx.store !== null) ctx.store(result, { ...ctx.limits, timeMs: query.timeMs });
    return { text, hit: false };
  };

  /** The request in its own words, as the alias of the answer's key. */
  const rawKey = (kind: SolveTask['kind'], raw: DealQuery): string =>
    `${kind}\u0000${JSON.stringify(Object.entries(raw).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;

  /** Answers a solving route: from the request's alias when asked before, else through the rules engine. */
  const answer = async (kind: SolveTask['kind'], raw: DealQuery, reply: FastifyReply): Promise<FastifyReply> => {
    const words = rawKey(kind, raw);
    const style = raw.cards === 'fr' || raw.cards === 'en' ? raw.cards : 'symbols';
    const alias = ctx.aliases.get(words);
    const known = alias === undefined ? undefined : await ctx.cache.get(alias);
    if (known !== undefined) ctx.counted?.(true);
    // Past the cap, a request is turned away before the rules engine opens its deal: a burst
    // costs the event loop little for the requests it cannot take.
    if (known === undefined) ctx.pool.refuseWhenFull();
    const { text, hit } = known !== undefined ? { text: known, hit: true } : await solve(kind, open(raw), words);
    const body = style === 'symbols' ? text : jsonInStyle(JSON.parse(text) as unknown, style);
    // Whether the answer was kept (here or by another replica) or solved for this request.
    return reply
      .type('application/json; charset=utf-8')
      .header('X-Cache', hit ? 'hit' : 'miss')
      .send(body);
  };

  for (const method of ['GET', 'POST'] as const) {
    const where = method === 'GET' ? 'querystring' : 'body';
    app.route({
      method,
      url: '/api/v1/analysis',
      schema: documented({ summary: 'analyse a deal: what solve --json prints', [where]: dealQuerySchema({ moves: false }) }),
      handler: async (request, reply) => {
        return answer('analysis', (method === 'GET' ? request.query : request.body) as DealQuery, reply);
      },
    });
    app.route({
      method,
      url: '/api/v1/hint',
      schema: documented({
        summary: 'judge every legal move after the moves played: what hint --json prints (with fair=true, what hint --fair --json prints)',
        [where]: dealQuerySchema({ moves: true, fair: true, line: true }),
      }),
      handler: async (request, reply) => {
        const raw = (method === 'GET' ? request.query : request.body) as DealQuery;
        return answer(raw.fair === true ? 'fair' : 'hint', raw, reply);
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

  // The deal text of a code one of this server's dealers deals (serve --dealer): the page has
  // no dealer, so it opens such a deal as this text in its own solver workers.
  app.get(
    '/api/v1/dealt',
    {
      schema: documented({
        summary: "the deal-file text of a code this server's dealers deal (serve --dealer), checked; 404 for a code no dealer deals",
        querystring: {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: { code: { type: 'string', minLength: 1, maxLength: 64, description: "an app's code (ACME-17)" } },
        },
      }),
    },
    async (request, reply) => {
      const { code } = request.query as { code: string };
      const dealer = dealerFor(code);
      if (dealer === undefined) {
        return reply.code(404).send({
          statusCode: 404,
          error: `no dealer of this server deals ${code.trim()} (dealers are given to serve with --dealer FILE)`,
        });
      }
      const input = dealtInput(dealer, code);
      // Opened to check it: a malformed deal is the 400 with the game's message, naming the code.
      const deal = openDeal(input);
      const answer: ApiDealt = { code: input.code!, dealer: dealer.name, game: deal.game, text: input.text };
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
    },
  );

  // A line of moves as JSON (an analysis's solution, a hint's line) played from a position:
  // every position along it and each move's text, in one answer, for stepping through it.
  // Played on a solver thread (the answer grows with the line): it waits for one as a solve
  // does, under the request's time limit, and stops at MAX_LINE_BYTES.
  const lineSchema = dealQuerySchema({ moves: true, reveal: true }) as { properties: Record<string, unknown>; required: string[] };
  app.post(
    '/api/v1/line',
    {
      schema: documented({
        summary: `play a line of JSON moves (a solution, a hint line) after the moves given: each move as text and every position along it; at most ${MAX_LINE_MOVES} moves and ${MAX_LINE_BYTES / (1024 * 1024)} MB of answer (past it, 413)`,
        body: {
          ...lineSchema,
          required: ['deal', 'line'],
          properties: {
            ...lineSchema.properties,
            line: {
              type: 'array',
              maxItems: MAX_LINE_MOVES,
              items: { type: 'object', required: ['move'], properties: { move: { type: 'string' } } },
            },
          },
        },
      }),
    },
    async (request, reply) => {
      const { line, ...raw } = request.body as DealQuery & { line: MoveJson[] };
      ctx.pool.refuseWhenFull();
      // Only what is bounded here (the query's values, the deal); the moves are played on the thread.
      const query = readDealQuery(raw, ctx.maxTimeMs);
      refuseForeign(openDeal(query.deal, query.flags).game, query.options);
      const task: LineTask = {
        deal: query.deal,
        flags: query.flags,
        moves: query.moves,
        line,
        style: query.style,
        reveal: query.reveal,
        maxBytes: MAX_LINE_BYTES,
      };
      const answer = await ctx.pool.read<LineAnswer>('playLine', task, Date.now() + query.timeMs);
      return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.json);
    },
  );
}
