/**
 * The stored rows a curated list may draw from: one game, one rule set, full analyses of
 * the current solver version (older rows are recomputed when asked), deals given by code,
 * filtered by verdict, tier, ranges of minMoves, of the stuck figure and of crossroads, and
 * a range of codes. Game figures live in the `extra` JSON column and are read with
 * SQLite's json_extract.
 */
import type Database from 'better-sqlite3';
import { type Tier, type TierOrUnknown, tierOf, tierRange } from '../games/difficulty.js';
import type { GameId, Verdict } from '../games/types.js';

/** Both ends included; a missing end is open. */
export interface NumberRange {
  min?: number;
  max?: number;
}

export interface CurateFilter {
  game: GameId;
  rules: string;
  solverVersion: string;
  verdict?: Verdict;
  tier?: TierOrUnknown;
  minMoves?: NumberRange;
  stuck?: NumberRange;
  crossroads?: NumberRange;
  /** Codes from `first` to `last` (both included), written in full (`PY1-N-AAAAAAA`). */
  codes?: { first: string; last: string };
}

/** A stored deal with the figures behind its choice. */
export interface CuratedDeal {
  code: string;
  verdict: Verdict;
  tier: TierOrUnknown | null;
  difficulty: number | null;
  minMoves: number | null;
  /** The game's stuck figure (unwinnable deals), and its exactness. */
  stuck: number | null;
  stuckExact: boolean | null;
  crossroads: number | null;
  forgiveness: number | null;
  /** Double Solitaire: the share of legal moves along the line found that lose. */
  losingShare: number | null;
  randomWinRate: number | null;
  randomWinError: number | null;
}

interface Row {
  code: string;
  verdict: string;
  min_moves: number | null;
  stuck: number | null;
  stuck_exact: number | null;
  difficulty: number | null;
  crossroads: number | null;
  forgiveness: number | null;
  losing_share: number | null;
  random_win_rate: number | null;
  random_win_error: number | null;
}

function range(column: string, r: NumberRange | undefined, parts: string[], params: unknown[]): void {
  if (r === undefined) return;
  if (r.min !== undefined) {
    parts.push(`${column} >= ?`);
    params.push(r.min);
  }
  if (r.max !== undefined) {
    parts.push(`${column} <= ?`);
    params.push(r.max);
  }
}

/** Every stored deal matching the filter, in code order (the same database gives the same rows). */
export function findCurated(db: Database.Database, f: CurateFilter): CuratedDeal[] {
  const parts = ['game = ?', 'rules = ?', "mode = 'full'", 'solver_version = ?', 'code IS NOT NULL'];
  const params: unknown[] = [f.game, f.rules, f.solverVersion];
  if (f.verdict !== undefined) {
    parts.push('verdict = ?');
    params.push(f.verdict);
  }
  if (f.tier !== undefined) {
    // A tier is a range of the stored score; `unknown` is a winnable deal without one.
    parts.push("verdict = 'winnable'");
    if (f.tier === 'unknown') parts.push("json_extract(extra, '$.difficulty') IS NULL");
    else {
      const r = tierRange(f.game, f.rules, f.tier as Tier);
      if (r === null) parts.push('0');
      else {
        parts.push("json_extract(extra, '$.difficulty') IS NOT NULL");
        if (Number.isFinite(r.min)) {
          parts.push("json_extract(extra, '$.difficulty') >= ?");
          params.push(r.min);
        }
        if (Number.isFinite(r.max)) {
          parts.push("json_extract(extra, '$.difficulty') < ?");
          params.push(r.max);
        }
      }
    }
  }
  range('min_moves', f.minMoves, parts, params);
  range('stuck', f.stuck, parts, params);
  range("json_extract(extra, '$.crossroads')", f.crossroads, parts, params);
  if (f.codes) {
    // Codes of one family and rule letters have fixed width, so text order is number order.
    parts.push('code >= ? AND code <= ?');
    params.push(f.codes.first, f.codes.last);
  }
  const rows = db
    .prepare(
      `SELECT code, verdict, min_moves, stuck, stuck_exact,
         json_extract(extra, '$.difficulty') AS difficulty, json_extract(extra, '$.crossroads') AS crossroads,
         json_extract(extra, '$.forgiveness') AS forgiveness, json_extract(extra, '$.losingShare') AS losing_share,
         json_extract(extra, '$.randomWinRate') AS random_win_rate,
         json_extract(extra, '$.randomWinError') AS random_win_error
       FROM results WHERE ${parts.join(' AND ')} ORDER BY code`,
    )
    .all(...params) as Row[];
  return rows.map((r) => ({
    code: r.code,
    verdict: r.verdict as Verdict,
    tier: r.verdict === 'winnable' ? tierOf(f.game, f.rules, r.difficulty) : null,
    difficulty: r.difficulty,
    minMoves: r.min_moves,
    stuck: r.stuck,
    stuckExact: r.stuck_exact === null ? null : r.stuck_exact === 1,
    crossroads: r.crossroads,
    forgiveness: r.forgiveness,
    losingShare: r.losing_share,
    randomWinRate: r.random_win_rate,
    randomWinError: r.random_win_error,
  }));
}

/** The codes of a range already stored for the filter's game, rules and version (any verdict). */
export function storedCodes(db: Database.Database, f: Pick<CurateFilter, 'game' | 'rules' | 'solverVersion' | 'codes'>): Set<string> {
  const parts = ['game = ?', 'rules = ?', "mode = 'full'", 'solver_version = ?', 'code IS NOT NULL'];
  const params: unknown[] = [f.game, f.rules, f.solverVersion];
  if (f.codes) {
    parts.push('code >= ? AND code <= ?');
    params.push(f.codes.first, f.codes.last);
  }
  const rows = db.prepare(`SELECT code FROM results WHERE ${parts.join(' AND ')}`).all(...params) as Array<{ code: string }>;
  return new Set(rows.map((r) => r.code));
}
