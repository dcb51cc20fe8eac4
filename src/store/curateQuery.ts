/**
 * The stored rows a curated list may draw from: one game, one rule set, full analyses of
 * the current solver version (older rows are recomputed when asked), deals given by code,
 * filtered by verdict, tier, ranges of minMoves, of the stuck figure and of crossroads, and
 * a range of codes. Game figures live in the `extra` JSON column and are read with
 * SQLite's json_extract: the score of the game's difficulty scale, and the figures the
 * games declare `listed`.
 */
import type Database from 'better-sqlite3';
import { type Tier, type TierOrUnknown, thresholdsFor, tierOf, tierRange } from '../games/difficulty.js';
import { listedFigures } from '../games/figures.js';
import { allGames, gameById } from '../games/registry.js';
import type { GameId, Verdict } from '../games/types.js';
import { type NumberRange, rangeConditions } from './numberRange.js';

export type { NumberRange } from './numberRange.js';

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

/** A figure's value as a list shows it. */
export type ListedValue = number | string | boolean | null;

/**
 * A stored deal with the figures behind its choice: the common ones, then every figure the
 * games list (null when this deal's game has no such figure), in `listColumns()` order.
 */
export interface CuratedDeal {
  code: string;
  verdict: Verdict;
  tier: TierOrUnknown | null;
  /** The score of the game's difficulty scale. */
  difficulty: number | null;
  minMoves: number | null;
  /** The game's stuck figure (unwinnable deals), and its exactness. */
  stuck: number | null;
  stuckExact: boolean | null;
  [figure: string]: ListedValue;
}

/** The figures every curated deal carries after the common ones: those the registered games list. */
export function listColumns(): string[] {
  return listedFigures(allGames());
}

interface Row {
  code: string;
  verdict: string;
  min_moves: number | null;
  stuck: number | null;
  stuck_exact: number | null;
  difficulty: number | null;
  [figure: string]: ListedValue;
}

/** A JSON path into `extra`, from a declared field name (letters and digits only, so safe in SQL). */
function extraPath(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`figure "${field}" is not a plain name`);
  return `json_extract(extra, '$.${field}')`;
}

/** Every stored deal matching the filter, in code order (the same database gives the same rows). */
export function findCurated(db: Database.Database, f: CurateFilter): CuratedDeal[] {
  const parts = ['game = ?', 'rules = ?', "mode = 'full'", 'solver_version = ?', 'code IS NOT NULL'];
  const params: unknown[] = [f.game, f.rules, f.solverVersion];
  const scale = gameById(f.game).difficulty;
  const cuts = thresholdsFor(scale, f.rules);
  // Without a scale no deal has a score: every winnable deal is of tier `unknown`.
  const score = scale === undefined ? 'NULL' : extraPath(scale.field);
  if (f.verdict !== undefined) {
    parts.push('verdict = ?');
    params.push(f.verdict);
  }
  if (f.tier !== undefined) {
    // A tier is a range of the stored score; `unknown` is a winnable deal without one.
    parts.push("verdict = 'winnable'");
    if (f.tier === 'unknown') parts.push(`${score} IS NULL`);
    else {
      const r = tierRange(cuts, f.tier as Tier);
      if (r === null) parts.push('0');
      else {
        parts.push(`${score} IS NOT NULL`);
        if (Number.isFinite(r.min)) {
          parts.push(`${score} >= ?`);
          params.push(r.min);
        }
        if (Number.isFinite(r.max)) {
          parts.push(`${score} < ?`);
          params.push(r.max);
        }
      }
    }
  }
  rangeConditions('min_moves', f.minMoves, parts, params);
  rangeConditions('stuck', f.stuck, parts, params);
  rangeConditions(extraPath('crossroads'), f.crossroads, parts, params);
  if (f.codes) {
    // Codes of one family and rule letters have fixed width, so text order is number order.
    parts.push('code >= ? AND code <= ?');
    params.push(f.codes.first, f.codes.last);
  }
  const columns = listColumns();
  // Columns by position (`f0`, `f1`, ...): figure names need no quoting.
  const figures = columns.map((field, i) => `, ${extraPath(field)} AS f${i}`).join('');
  const rows = db
    .prepare(
      `SELECT code, verdict, min_moves, stuck, stuck_exact, ${score} AS difficulty${figures}
       FROM results WHERE ${parts.join(' AND ')} ORDER BY code`,
    )
    .all(...params) as Row[];
  return rows.map((r) => {
    const deal: CuratedDeal = {
      code: r.code,
      verdict: r.verdict as Verdict,
      tier: r.verdict === 'winnable' ? tierOf(cuts, r.difficulty) : null,
      difficulty: r.difficulty,
      minMoves: r.min_moves,
      stuck: r.stuck,
      stuckExact: r.stuck_exact === null ? null : r.stuck_exact === 1,
    };
    columns.forEach((field, i) => {
      deal[field] = r[`f${i}`] ?? null;
    });
    return deal;
  });
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
