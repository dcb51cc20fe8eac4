/** What a stored result is: its key, a result to store, a result read back. */
import type { Analysis, GameId, MoveJson, StuckFigure, Verdict } from '../games/types.js';
import type { Limits } from '../search/limits.js';

/** How much was asked of the solver; part of a row's key. */
export type AnalysisMode = 'full' | 'winnability' | 'optimize';

/** What identifies a stored result. */
export interface ResultKey {
  game: GameId;
  /** The deal code, or the fingerprint of a deal given as a file. */
  dealKey: string;
  rules: string;
  mode: AnalysisMode;
  solverVersion: string;
}

/** A result to store: the analysis plus how it was obtained. */
export interface NewResult {
  key: ResultKey;
  analysis: Analysis;
  /** The game's stuck figure: how the row reads it from the analysis, and under which name. */
  stuck: Pick<StuckFigure, 'field' | 'of'>;
  limits: Limits;
  analysedAt: string;
}

export interface StoredResult {
  id: number;
  game: GameId;
  dealKey: string;
  code: string | null;
  /** The app's dealer that dealt the code (docs/dealers.md); null for a built-in code or a deal file. */
  dealer: string | null;
  fingerprint: string;
  rules: string;
  mode: AnalysisMode;
  solverVersion: string;
  verdict: Verdict;
  winnable: boolean | null;
  minMoves: number | null;
  minMovesProved: boolean;
  moves: number | null;
  /** Which figure `stuck` is (the game's field name, `maxRemoved`). */
  stuckFigure: string | null;
  /** How far the deal goes when it cannot be won: the game's stuck figure. */
  stuck: number | null;
  /** Whether `stuck` is exact (false: a lower bound from an unfinished search). */
  stuckExact: boolean | null;
  solution: MoveJson[] | null;
  nodes: number;
  ms: number;
  limit: string | null;
  notes: string[];
  analysedAt: string;
  /** The limits the deal was analysed under (null for rows from schema version 1). */
  limits: Limits | null;
  /** Fields a game adds to its analysis beyond the common ones. */
  extra: Record<string, unknown> | null;
}
