/**
 * A page of the stored results for the results table of `serve`: the light columns (no
 * solution, no extra) of the rows `ResultsTable` picked, read by id, as the contract's `ResultRow`.
 */
import type Database from 'better-sqlite3';
import type { ResultRow } from '../contract/index.js';
import { type TierOrUnknown, thresholdsFor } from '../games/difficulty.js';
import { allGames } from '../games/registry.js';
import type { GameId, Verdict } from '../games/types.js';
import { storedTier } from './resultFilter.js';

interface Row {
  game: string;
  code: string | null;
  deal_key: string;
  rules: string;
  mode: string;
  solver_version: string;
  verdict: string;
  difficulty: number | null;
  min_moves: number | null;
  min_moves_proved: number;
  stuck: number | null;
  stuck_exact: number | null;
  ms: number;
  analysed_at: string;
}

/** A row's tier under its game's cuts for its rule set (see `storedTier`). */
function tierOfRow(r: Row): TierOrUnknown | null {
  const game = allGames().find((g) => g.id === r.game);
  return storedTier(game === undefined ? null : thresholdsFor(game.difficulty, r.rules), {
    verdict: r.verdict,
    score: r.difficulty,
    stuck: r.stuck,
  });
}

/** The rows of `ids`, in that order: the page the results table picked. */
export function rowsByIds(db: Database.Database, ids: readonly number[]): ResultRow[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(
      `SELECT id, game, code, deal_key, rules, mode, solver_version, verdict, difficulty, min_moves, min_moves_proved,
              stuck, stuck_exact, ms, analysed_at
       FROM results WHERE id IN (${ids.map(() => '?').join(', ')})`,
    )
    .all(...ids) as Array<Row & { id: number }>;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r === undefined ? [] : [pageRow(r)];
  });
}

function pageRow(r: Row): ResultRow {
  return {
    game: r.game as GameId,
    code: r.code,
    dealKey: r.deal_key,
    rules: r.rules,
    mode: r.mode,
    solverVersion: r.solver_version,
    verdict: r.verdict as Verdict,
    tier: tierOfRow(r),
    difficulty: r.difficulty,
    minMoves: r.min_moves,
    minMovesProved: r.min_moves_proved === 1,
    stuck: r.stuck,
    stuckExact: r.stuck_exact === null ? null : r.stuck_exact === 1,
    ms: r.ms,
    analysedAt: r.analysed_at,
  };
}
