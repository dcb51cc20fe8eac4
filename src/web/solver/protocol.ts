/**
 * The messages between the page and its solver workers. A request names what the API route of
 * the same name computes; the reply carries the answer as the API's JSON text (cards in
 * symbols), or the API's error body with its status, so the page reads both alike.
 */
import type { Dealt as ApiDealt } from '../../contract';
import type { MoveJson } from '../../core';

/**
 * An app's code (`ACME-17`) the server's dealer dealt (`GET /api/v1/dealt`): the page has no
 * dealer, so its workers open the text and answer under the app's code.
 */
export type Dealt = Pick<ApiDealt, 'code' | 'dealer' | 'text'>;

/** A position: the deal, the moves played (`;`-separated, as `play --moves`) and the rule set. */
export interface DealAt {
  deal: string;
  moves: string;
  rules?: string;
  dealt?: Dealt;
}

export type SolverRequest =
  /** `GET /api/v1/play`: the position after the moves, or the refusal. */
  | ({ kind: 'play' } & DealAt)
  /** `POST /api/v1/line`: a line of JSON moves played from the position, every position along it. */
  | ({ kind: 'line'; line: MoveJson[] } & DealAt)
  /** `GET /api/v1/hint`, with `line` (moves known to win from the position) when given. */
  | ({ kind: 'hint'; line?: string } & DealAt)
  /** `GET /api/v1/hint?fair=true`, with the API's samples and seed. */
  | ({ kind: 'fair' } & DealAt)
  /** `GET /api/v1/analysis`. */
  | { kind: 'analysis'; deal: string; rules?: string; dealt?: Dealt }
  /** `GET /api/v1/games`, as a server without stored results answers it. */
  | { kind: 'games' }
  /** `GET /api/v1/daily/month`, from the shipped lists bundled into the static site. */
  | { kind: 'month'; game?: string; rules?: string; month?: string };

export interface SolverMessage {
  id: number;
  request: SolverRequest;
}

export interface SolverReply {
  id: number;
  ok: boolean;
  status: number;
  /** The answer's JSON text when `ok`, else the API's error body (`ApiError`) as JSON text. */
  json: string;
  /**
   * A line's positions for the answer's `positions` (then `json` has only `texts`): their JSON
   * texts as UTF-8 one after another, position `i` ending at `ends[i]`. A Double Solitaire
   * line's run to 2.5 MB: too much to receive or parse at once without holding the page, so
   * the bytes are handed over (not copied) and read a few positions at a time.
   */
  positions?: LinePositions;
}

export interface LinePositions {
  bytes: Uint8Array;
  ends: number[];
}
