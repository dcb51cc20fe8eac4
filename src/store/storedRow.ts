/** Reading results: a stored row as a `StoredResult`, and that as the game's `Analysis`. */
import type { Analysis, GameId, GameModule, MoveJson, Verdict } from '../games/types.js';
import type { Limits } from '../search/limits.js';
import type { AnalysisMode, StoredResult } from './resultTypes.js';

/** A row of the results table as SQLite gives it. */
export interface ResultRow {
  id: number;
  game: string;
  deal_key: string;
  code: string | null;
  fingerprint: string;
  rules: string;
  mode: string;
  solver_version: string;
  verdict: string;
  winnable: number | null;
  min_moves: number | null;
  min_moves_proved: number;
  moves: number | null;
  stuck: number | null;
  stuck_figure: string | null;
  stuck_exact: number | null;
  solution: string | null;
  nodes: number;
  ms: number;
  limit_hit: string | null;
  notes: string;
  analysed_at: string;
  limits: string | null;
  extra: string | null;
  /** From schema version 5. */
  dealer?: string | null;
}

function limitsFromJson(text: string | null): Limits | null {
  if (text === null) return null;
  const raw = JSON.parse(text) as Record<string, number | null>;
  const value = (n: number | null | undefined): number => (typeof n === 'number' ? n : Infinity);
  return { timeMs: value(raw.timeMs), nodes: value(raw.nodes), memoryBytes: value(raw.memoryBytes) };
}

export function fromRow(row: ResultRow): StoredResult {
  return {
    id: row.id,
    game: row.game as GameId,
    dealKey: row.deal_key,
    code: row.code,
    dealer: row.dealer ?? null,
    fingerprint: row.fingerprint,
    rules: row.rules,
    mode: row.mode as AnalysisMode,
    solverVersion: row.solver_version,
    verdict: row.verdict as Verdict,
    winnable: row.winnable === null ? null : row.winnable === 1,
    minMoves: row.min_moves,
    minMovesProved: row.min_moves_proved === 1,
    moves: row.moves,
    stuckFigure: row.stuck_figure,
    stuck: row.stuck,
    stuckExact: row.stuck_exact === null ? null : row.stuck_exact === 1,
    solution: row.solution === null ? null : (JSON.parse(row.solution) as MoveJson[]),
    nodes: row.nodes,
    ms: row.ms,
    limit: row.limit_hit,
    notes: JSON.parse(row.notes) as string[],
    analysedAt: row.analysed_at,
    limits: limitsFromJson(row.limits ?? null),
    extra: row.extra ? (JSON.parse(row.extra) as Record<string, unknown>) : null,
  };
}

/**
 * A stored result as its game's `Analysis`, for the game's own one-line description: the
 * common fields and the game's own (`extra`), and the stuck figure put back by the game.
 */
export function toAnalysis(stored: StoredResult, game: GameModule): Analysis {
  const extra = stored.extra ?? {};
  const analysis: Analysis = {
    ...extra,
    // The game's own fields, the tier and the difficulty score among them, live in `extra`.
    tier: (extra.tier as Analysis['tier'] | undefined) ?? null,
    difficulty: (extra.difficulty as Analysis['difficulty'] | undefined) ?? null,
    code: stored.code,
    fingerprint: stored.fingerprint,
    game: stored.game,
    rules: stored.rules,
    verdict: stored.verdict,
    winnable: stored.winnable,
    minMoves: stored.minMoves,
    minMovesProved: stored.minMovesProved,
    moves: stored.moves,
    solution: stored.solution,
    nodes: stored.nodes,
    ms: stored.ms,
    limit: stored.limit,
    notes: stored.notes,
  };
  if (stored.stuckExact !== null) analysis.stuckExact = stored.stuckExact;
  return game.stuck.restore(analysis, stored.stuck);
}
