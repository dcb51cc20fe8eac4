/**
 * What the API's deal routes compute, computed in the page: the same core calls with the
 * server's defaults, and the same JSON text, errors included (a refused move's 400 body with
 * the position before it, an `InputError`'s 400 with its message).
 */
import {
  DEFAULT_FAIR,
  DEFAULT_LIMITS,
  type DealInput,
  type HintedDeal,
  type HintResult,
  isInputError,
  type Limits,
  type MoveJson,
  openDeal,
  type Position,
  playLineJson,
  playResponseJson,
  RefusedMoveError,
  refusedJson,
  refuseWithoutFairHint,
} from '../../core';
import { monthJson } from './dailyMonth';
import { gamesJson } from './games';
import type { DealAt, LinePositions, SolverRequest } from './protocol';

/**
 * The server's defaults (`serve --max-time 2s`), with search tables fit for a phone: a search
 * past them stops with `unknown`, as a server's does at its own limit.
 */
const PAGE_LIMITS: Limits = { ...DEFAULT_LIMITS, timeMs: 2000, memoryBytes: 256 * 1024 ** 2 };

/** The answer: its HTTP status as the API would give it, its JSON text, and a line's positions apart (see `SolverReply`). */
export interface Answer {
  status: number;
  json: string;
  positions?: LinePositions;
}

/** JSON texts as one run of UTF-8 bytes, with where each ends. */
function packed(texts: readonly string[]): LinePositions {
  const encoder = new TextEncoder();
  const parts = texts.map((text) => encoder.encode(text));
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  const ends: number[] = [];
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
    ends.push(at);
  }
  return { bytes, ends };
}

/** An answer other than 200, thrown from where the route would throw it. */
class Failure extends Error {
  constructor(readonly answer: Answer) {
    super(answer.json);
  }
}

function errorBody(status: number, error: string): Answer {
  return { status, json: JSON.stringify({ statusCode: status, error }) };
}

interface Opened {
  deal: HintedDeal;
  position: Position<HintResult>;
}

/** The position after the moves; a move the rules refuse is the API's 400, with the position before it. */
/** The deal as the core opens it: a dealer's code as the text the server dealt, under the app's code. */
function dealOf(at: Pick<DealAt, 'deal' | 'dealt'>): string | DealInput {
  const d = at.dealt;
  return d === undefined ? at.deal : { kind: 'text', text: d.text, source: d.code, code: d.code, dealer: d.dealer };
}

function open(at: DealAt): Opened {
  const deal = openDeal(dealOf(at), at.rules ? { rules: at.rules } : {});
  const position = deal.position();
  try {
    position.playLine(at.moves, 'symbols');
  } catch (error) {
    if (error instanceof RefusedMoveError) throw new Failure({ status: 400, json: refusedJson(error, position, 'symbols', false) });
    throw error;
  }
  return { deal, position };
}

/** Every position along a line of JSON moves and each move's text, as `POST /api/v1/line` gives them (the positions apart). */
function lineAnswer(at: DealAt, line: readonly MoveJson[]): Answer {
  const { texts, positions } = playLineJson(open(at).position, line, 'symbols', false);
  return { status: 200, json: JSON.stringify({ texts }), positions: packed(positions) };
}

/** A fair hint, refused as the API refuses it for a game that has none. */
function fairJson(at: DealAt): string {
  const { deal, position } = open(at);
  refuseWithoutFairHint(deal);
  return JSON.stringify(deal.fairHint!(position.historyText('symbols'), { ...DEFAULT_FAIR, limits: PAGE_LIMITS }));
}

async function compute(request: SolverRequest): Promise<string | Answer> {
  switch (request.kind) {
    case 'play':
      return playResponseJson(open(request).position, 'symbols', false);
    case 'line':
      return lineAnswer(request, request.line);
    case 'hint': {
      const { deal, position } = open(request);
      return JSON.stringify(deal.hint(position.historyText('symbols'), PAGE_LIMITS, request.line ? { line: request.line } : {}));
    }
    case 'fair':
      return fairJson(request);
    case 'analysis': {
      const deal = openDeal(dealOf(request), request.rules ? { rules: request.rules } : {});
      return JSON.stringify(deal.analyse(PAGE_LIMITS, { shortestStuckLine: true }));
    }
    case 'games':
      return gamesJson();
    case 'month':
      return monthJson(request);
  }
}

/** The request's answer; never throws: a bug is a 500 with its message (the worker's console has the rest). */
export async function answer(request: SolverRequest): Promise<Answer> {
  try {
    const computed = await compute(request);
    return typeof computed === 'string' ? { status: 200, json: computed } : computed;
  } catch (error) {
    if (error instanceof Failure) return error.answer;
    if (isInputError(error)) return errorBody(400, (error as Error).message);
    console.error(error);
    return errorBody(500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
  }
}
