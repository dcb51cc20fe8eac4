/**
 * What a hint is, whatever the game: the position's status and every legal move judged. The
 * games build these (each adding its own figures, see `pyramide/hintResult.ts` and
 * `double/hint.ts`); `hint.ts`, above the games, writes them for people.
 */
import type { AnalyseOptions } from './analyseOptions.js';
import type { GameId, MoveJson } from './moveJson.js';

/** The position: won already, still winnable, lost (no line wins), no legal move at all, or not decided. */
export type PositionStatus = 'won' | 'winnable' | 'lost' | 'dead end' | 'unknown';

/**
 * A move's label. Pyramide: `optimal` (on a shortest win), `winnable` (wins, but longer),
 * `losing`. Double Solitaire: `winning` (a win is known after it), `losing` (proven),
 * `unknown` (a limit stopped the search).
 */
export type MoveLabel = 'optimal' | 'winnable' | 'winning' | 'losing' | 'unknown';

export interface HintOptions extends AnalyseOptions {
  /**
   * The position's status (and a best line when the solver gives one) without judging each
   * move: what the interactive game asks after every move. Cheaper for Double Solitaire.
   */
  statusOnly?: boolean;
  /**
   * Moves known to win from the position (the `play` notation), such as the rest of the
   * solution a page shows beside the hint: a hint never tells of a longer line than this one
   * (Double Solitaire judges its first move by it where that move's own search found a longer
   * line or none; Pyramide's hints count the fewest moves, which no line beats). A line that
   * does not win from the position is refused (`InputError`).
   */
  line?: string;
}

/**
 * One legal move and what the solver says about the position after it: the fields every
 * game gives. Each game adds its stuck figure under its own name (`StuckFigure.field`).
 */
export interface JudgedMoveBase {
  /** The move in the JSON form of `solution`. */
  move: MoveJson;
  label: MoveLabel;
  /** Whether a line wins after this move: true, false, or null when not known (a move can be known to win while its label stays `unknown`, its count of moves stopped by a limit). */
  wins: boolean | null;
  /** Moves still needed to win after this one (the fewest for Pyramide; the shortest line found for Double Solitaire). */
  movesLeft: number | null;
  /** Whether `movesLeft` is proven to be the fewest. */
  movesLeftProved: boolean;
  /** How many moves longer than the best move's win (Pyramide `winnable`). */
  extraMoves: number | null;
  /** Whether the game's stuck figure after this move is exact (false: a lower bound). */
  stuckExact: boolean;
  /** The limit that stopped this move's search, or null. */
  limit: string | null;
}

/** A position as JSON: the head of every hint (same keys, same order). */
export interface PositionJson {
  code: string | null;
  fingerprint: string;
  game: GameId;
  rules: string;
  /** The moves played from the deal to reach the position. */
  played: MoveJson[];
  /** The position, as `play --json` gives it. */
  position: Record<string, unknown>;
  /** Its score and move counter as the app counts them (`1220` or `$416` for Double Solitaire Vegas). */
  score: string;
  counter: number;
}

/**
 * The answer to `hint`, the `hint --json` object: the position, its status and every legal
 * move, best first; the fields every game gives. Each game adds its stuck figure from the
 * position under its own name, and its own judged moves.
 */
export interface HintResultBase extends PositionJson {
  status: PositionStatus;
  /** Moves still needed to win from the position, when a win is known. */
  movesLeft: number | null;
  movesLeftProved: boolean;
  /** Whether the game's stuck figure from here is exact (false: a lower bound). */
  stuckExact: boolean;
  /** The best move (the first of `moves`), or null when there is no legal move. */
  best: MoveJson | null;
  /** In a winnable position, the moves after which it can no longer be won (empty otherwise). */
  crossroads: MoveJson[];
  /** Every legal move, best first (empty with `statusOnly`). */
  moves: JudgedMoveBase[];
  /**
   * The rest of a best line from the position, the best move first, when the solver gives
   * one: a win (Pyramide: an optimal one), or where none is known, the furthest line found
   * (to the stuck figure; to its exact value when `stuckExact` says so).
   */
  line: MoveJson[] | null;
  nodes: number;
  ms: number;
  /** The limit that stopped a search, when a figure is unknown. */
  limit: string | null;
  notes: string[];
}

/** Why a known line (`HintOptions.line`) is refused when it does not win: `where` is how the game stands after it. */
export function notWinning(where: string): string {
  return `its moves do not win from this position (${where} after them): expected a line that wins from the position, as solve or hint print it, moves separated by ";"`;
}
