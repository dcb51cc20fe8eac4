/**
 * What `cardsolve serve` answers under `/api/v1`, as the page and other clients read it: the
 * shapes that only the API has (results rows, errors, the games list, daily months). A
 * position and its board are the core's own types (`games/playResponse.ts`).
 *
 * Cards are written as text in the style asked (`cards=symbols`, the default: `10♣`, `Q♦`;
 * `cards=fr`: `10T`, `DK`...). Moves are the JSON moves of `solve --json` and `hint --json`.
 */

import type { GameSummary } from '../games/gameSummary.js';
import type { PlayResponse } from '../games/playResponse.js';

/** The board, the play route's answer and the moves: the core's own types, which the page reads too. */
export type { MoveJson } from '../games/moveJson.js';
export type { Board, DoubleBoard, LegalMove, PlayResponse, PyramideBoard } from '../games/playResponse.js';

/** An error: `400` bad input (the CLI's own message), `404`, `413`, `503` (busy; see Retry-After). */
export interface ApiError {
  statusCode: number;
  error: string;
  /** For a move the rules refuse: its number in `moves` (from 1), the app's reason, and the position before it. */
  refused?: { moveNumber: number; reason: string; position: PlayResponse };
}

/** `GET /api/v1/dealt?code=ACME-17`: the deal text of a code one of the server's dealers deals (docs/dealers.md). */
export interface ApiDealt {
  code: string;
  /** The dealer's name. */
  dealer: string;
  game: string;
  /** The deal-file text, as the dealer dealt it. */
  text: string;
}

/** One game of `GET /api/v1/games`. */
export type ApiGame = GameSummary;

/** A row of the results table (`GET /api/v1/results`). */
export interface ResultRow {
  game: string;
  code: string | null;
  dealKey: string;
  rules: string;
  mode: string;
  solverVersion: string;
  verdict: 'winnable' | 'unwinnable' | 'unknown';
  tier: string | null;
  difficulty: number | null;
  minMoves: number | null;
  minMovesProved: boolean;
  stuck: number | null;
  stuckExact: boolean | null;
  ms: number;
  analysedAt: string;
}

export interface ResultsPage {
  total: number;
  page: number;
  pageSize: number;
  rows: ResultRow[];
}
