/**
 * The deal routes: an analysis (`solve --json`), a hint (`hint --json`, or `hint --fair
 * --json` with `fair=true`), moves played (`play --json`, with the board), a line played, and
 * the deal text of a dealer's code. Each deal route takes its query in the URL (GET) or as a
 * JSON body (POST).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { type CardStyle, jsonInStyle } from '../../cards/notation.js';
import { Analysis, Dealt, HintOrFair, LineAnswer, type PlayedLineAnswer, PlayResponse } from '../../contract/index.js';
import { openDeal } from '../../core.js';
import { dealerFor, dealtInput } from '../../games/dealers.js';
import { playResponse } from '../../games/playResponse.js';
import { answeredBy, arrivedAt, solveDeadline } from '../deadline.js';
import { DealAnswers, type DealRoutesOptions } from '../dealAnswers.js';
import { analysisQuery, hintQuery, lineBody, playQuery, readDealQuery, refuseForeign } from '../dealQuery.js';
import { type LineTask, MAX_LINE_BYTES, MAX_LINE_MOVES } from '../lineTask.js';
import { documented } from '../openapi.js';
import { Params } from '../requestSchema.js';
import { responses } from '../responses.js';

const SUMMARY = {
  analysis: 'analyse a deal: what solve --json prints',
  hint: 'judge every legal move after the moves played: what hint --json prints (with fair=true, what hint --fair --json prints)',
  play: 'play moves through the rules engine: the board, score, move counter and legal moves, or the refusal',
};

/** The play route's answer, cards in the style asked (the texts already are). */
function inStyle(answer: PlayResponse, style: CardStyle): PlayResponse {
  return style === 'symbols' ? answer : (JSON.parse(jsonInStyle(answer, style)) as PlayResponse);
}

/**
 * An answer already written as JSON text: a solve's, by the contract's schema when it was
 * kept; a line's, by its thread (its size grows with the line).
 */
function jsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** A solving route's answer, and whether it came from the cache. */
function sent(reply: FastifyReply, answer: { body: string; hit: boolean }): FastifyReply {
  return jsonText(reply.header('X-Cache', answer.hit ? 'hit' : 'miss'), answer.body);
}

export const dealRoutes: FastifyPluginAsyncTypebox<DealRoutesOptions> = async (app, options) => {
  const answers = new DealAnswers(app.pool, options);

  const analysis = { summary: SUMMARY.analysis, response: responses(Analysis) };
  app.get('/analysis', { schema: documented({ ...analysis, querystring: analysisQuery() }) }, async (request, reply) =>
    sent(reply, await answers.answer('analysis', request.query, arrivedAt(reply))),
  );
  app.post('/analysis', { schema: documented({ ...analysis, body: analysisQuery() }) }, async (request, reply) =>
    sent(reply, await answers.answer('analysis', request.body, arrivedAt(reply))),
  );

  const hint = { summary: SUMMARY.hint, response: responses(HintOrFair) };
  app.get('/hint', { schema: documented({ ...hint, querystring: hintQuery() }) }, async (request, reply) =>
    sent(reply, await answers.answer(request.query.fair ? 'fair' : 'hint', request.query, arrivedAt(reply))),
  );
  app.post('/hint', { schema: documented({ ...hint, body: hintQuery() }) }, async (request, reply) =>
    sent(reply, await answers.answer(request.body.fair ? 'fair' : 'hint', request.body, arrivedAt(reply))),
  );

  const play = { summary: SUMMARY.play, response: responses(PlayResponse) };
  const played = (raw: Parameters<DealAnswers['open']>[0]): PlayResponse => {
    const { position, query } = answers.open(raw);
    return inStyle(playResponse(position, query.reveal, query.style), query.style);
  };
  app.get('/play', { schema: documented({ ...play, querystring: playQuery() }) }, async (request) => played(request.query));
  app.post('/play', { schema: documented({ ...play, body: playQuery() }) }, async (request) => played(request.body));

  // The deal text of a code one of this server's dealers deals (serve --dealer): the page has
  // no dealer, so it opens such a deal as this text in its own solver workers.
  app.get(
    '/dealt',
    {
      schema: documented({
        summary: "the deal-file text of a code this server's dealers deal (serve --dealer), checked; 404 for a code no dealer deals",
        querystring: Params({ code: Type.String({ minLength: 1, maxLength: 64, description: "an app's code (ACME-17)" }) }),
        response: responses(Dealt),
      }),
    },
    async (request, reply) => {
      const { code } = request.query;
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
      return { code: input.code!, dealer: dealer.name, game: deal.game, text: input.text };
    },
  );

  // A line of moves as JSON (an analysis's solution, a hint's line) played from a position:
  // every position along it and each move's text, in one answer, for stepping through it.
  // Played on a solver thread (the answer grows with the line): it waits for one as a solve
  // does, under the request's time limit, and stops at MAX_LINE_BYTES.
  app.post(
    '/line',
    {
      schema: documented({
        summary: `play a line of JSON moves (a solution, a hint line) after the moves given: each move as text and every position along it; at most ${MAX_LINE_MOVES} moves and ${MAX_LINE_BYTES / (1024 * 1024)} MB of answer (past it, 413)`,
        body: lineBody(),
        response: responses(LineAnswer),
      }),
    },
    async (request, reply) => {
      const { line, ...raw } = request.body;
      app.pool.refuseWhenFull();
      // Only what is bounded here (the query's values, the deal); the moves are played on the thread.
      const query = readDealQuery(raw, options.maxTimeMs);
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
      const deadline = arrivedAt(reply) + query.timeMs;
      const played = app.pool.read<PlayedLineAnswer>('playLine', task, solveDeadline(deadline, query.timeMs));
      const answer = await answeredBy(played, deadline, query.timeMs);
      return jsonText(reply.code(answer.status), answer.json);
    },
  );
};
