/**
 * The seam between the games and everything above them (CLI, batch, store).
 * Nothing above `games/` knows which game it is handling: it opens a deal through the
 * registry and calls the methods of the `OpenedDeal` it gets back.
 */
import type { CardStyle } from '../cards/notation.js';
import type { CodeFamily } from '../codes/dealCode.js';
import type { Limits } from '../search/limits.js';
import type { HintOptions, HintResult } from './hint.js';

export type GameId = 'pyramide' | 'double';

/** Where a deal comes from: a code, or a deal written out (a file or standard input). */
export type DealInput =
  | { kind: 'code'; code: string }
  | { kind: 'text'; text: string; source: string };

/**
 * Rule choices from the command line. Each game reads the ones it knows and refuses
 * values it cannot honour; `rules` is the preset name (`app`, `msc`, `D3V`, ...).
 */
export interface RuleFlags {
  rules?: string;
  passes?: number;
  strictWin?: boolean;
  pairBeneath?: boolean;
  pairCovering?: boolean;
}

export interface AnalyseOptions {
  /** Double Solitaire: after a win is found, search for shorter lines (`minMoves`). */
  optimize?: boolean;
  /** Answer `winnable` only (fastest): no minimum move count, no solution; the stuck figure only when the search gives it anyway. */
  winnabilityOnly?: boolean;
}

export type Verdict = 'winnable' | 'unwinnable' | 'unknown';

/** One move of a solution, as JSON any program can replay: `{"move":"draw"}`, ... */
export interface MoveJson {
  move: string;
  [field: string]: string | number | string[] | undefined;
}

/** The answer for one deal under one rule set. Games add their own fields. */
export interface Analysis {
  code: string | null;
  fingerprint: string;
  game: GameId;
  rules: string;
  verdict: Verdict;
  winnable: boolean | null;
  /** Fewest moves that win, when proven (or the best found, with `minMovesProved` false). */
  minMoves: number | null;
  minMovesProved: boolean;
  /** Length of the solution printed, counted as the app counts. */
  moves: number | null;
  /** Pyramide: the most pyramid cards any line removes. */
  maxRemoved?: number | null;
  /** Double Solitaire: the most foundation cards any line reaches. */
  maxFoundation?: number | null;
  /** Whether the stuck figure is exact (false: a lower bound from an unfinished search). */
  maxExact?: boolean;
  solution: MoveJson[] | null;
  nodes: number;
  ms: number;
  /** The limit that stopped the search (`--time-limit 10000ms`), when something is unknown. */
  limit: string | null;
  /** Why a figure is missing, in words (a deal without its stock has no `minMoves`). */
  notes: string[];
}

/** The outcome of `play`: the position after the moves, or the first illegal move. */
export interface PlayOutcome {
  ok: boolean;
  /** The position, score and move counter, drawn for people. */
  text: string;
  json: Record<string, unknown>;
  /** The app's reason for refusing a move, when `ok` is false. */
  error?: string;
}

/** A deal loaded and bound to its rules, ready to be analysed, shown or played. */
export interface OpenedDeal {
  game: GameId;
  code: string | null;
  fingerprint: string;
  rules: string;
  analyse(limits: Limits, options?: AnalyseOptions): Analysis;
  show(style: CardStyle, layout: boolean): string;
  play(moves: string, style: CardStyle): PlayOutcome;
  /** The position after `moves` (the `play` notation) and every legal move judged; an illegal move throws `InputError`. */
  hint(moves: string, limits: Limits, options?: HintOptions): HintResult;
}

export interface GameModule {
  id: GameId;
  name: string;
  family: CodeFamily;
  /** Stored with every result; bump it whenever the solver's answers can change. */
  solverVersion: string;
  /** Reads a code of this game or a deal file of it; throws `InputError` with the reason. */
  open(input: DealInput, flags: RuleFlags): OpenedDeal;
  /** Whether a deal text is of this game (its `game:` line, or its shape). */
  recognises(text: string): boolean;
  /** One line for people summing up an analysis. */
  describe(analysis: Analysis, style: CardStyle): string;
}
