/**
 * What `cardsolve serve` answers under `/api/v1`, as the page and other clients read it. The
 * route schemas (`schemas.ts`) check these shapes; this file has no imports so that the
 * page's own build can read it.
 *
 * Cards are written as text in the style asked (`cards=symbols`, the default: `10♣`, `Q♦`;
 * `cards=fr`: `10T`, `DK`...). Moves are the JSON moves of `solve --json` and `hint --json`.
 */

/** A move as the solver writes it: `{ move: 'pair', cards: ['J♦', '2♦'] }`, `{ move: 'draw' }`, ... */
export interface ApiMove {
  move: string;
  card?: string;
  cards?: string[];
  count?: number;
  from?: string;
  to?: string;
  [key: string]: unknown;
}

/** A legal move with its text in the notation `moves=` takes (`J♦ + 2♦`, `9♦ c3-c2`, `draw`). */
export interface ApiLegalMove {
  move: ApiMove;
  text: string;
}

/** The Pyramide board as the app lays it out. */
export interface PyramideBoard {
  game: 'pyramide';
  /** The 28 pyramid places, row by row from the top (1, 2, ... 7 cards); null: removed. */
  pyramid: (string | null)[];
  /** The waste, bottom first (its top is the last card). */
  waste: string[];
  stockCount: number;
  /** The stock's top card when the rules show it face up, else null. */
  stockTop: string | null;
  /** How many more times the waste may be turned over; null: unlimited. */
  turnsLeft: number | null;
}

/** The Double Solitaire board: nine columns, eight foundations, stock and waste. */
export interface DoubleBoard {
  game: 'double';
  /** Each column's face-down cards (null: not shown to the player) then its face-up cards, bottom first. */
  columns: { faceDown: (string | null)[]; faceUp: string[] }[];
  /** The waste, bottom first. */
  waste: string[];
  stockCount: number;
  /** Each foundation's top card, null when empty (two per suit: ♠ ♠ ♥ ♥ ♦ ♦ ♣ ♣ order as the app shows). */
  foundations: (string | null)[];
  onFoundations: number;
}

export type Board = PyramideBoard | DoubleBoard;

/** `GET /api/v1/play`: the position after `moves`. */
export interface PlayResponse {
  code: string | null;
  fingerprint: string;
  game: 'pyramide' | 'double';
  rules: string;
  played: ApiMove[];
  /** The moves played, in the notation `moves=` reads back. */
  playedText: string;
  /** Score as the app counts it (`1220`; `$-52` under Vegas). */
  score: string;
  /** The app's move counter. */
  counter: number;
  /** `in play`, `won` or `no more moves`. */
  status: string;
  board: Board;
  legalMoves: ApiLegalMove[];
}

/** An error: `400` bad input (the CLI's own message), `404`, `413`, `503` (busy; see Retry-After). */
export interface ApiError {
  statusCode: number;
  error: string;
  /** For a move the rules refuse: its number in `moves` (from 1), the app's reason, and the position before it. */
  refused?: { moveNumber: number; reason: string; position: PlayResponse };
}

/** One game of `GET /api/v1/games`. */
export interface ApiGame {
  id: 'pyramide' | 'double';
  name: string;
  /** The rule sets the results may hold and the page offers (`app`, `msc`; `D1N`, `D3N`, `D1V`, `D3V`). */
  rules: string[];
  /** The first code of each rule set, e.g. `PY1-N-AAAAAAA`. */
  firstCodes: Record<string, string>;
  /** The tiers of the difficulty scale (`easy` ... `expert`), per rule set; empty when it has none. */
  tiers: Record<string, string[]>;
  /** The stuck figure: its JSON field (`maxRemoved`) and title. */
  stuck: { field: string; title: string };
}

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

/** A day of `GET /api/v1/daily/month`: the deal of each tier. */
export interface DailyDay {
  date: string;
  deals: Record<string, string>;
}
