/**
 * The stored rows a curated list may draw from: one game, one rule set, full analyses of
 * the current solver version (older rows are recomputed when asked), deals given by code,
 * filtered by verdict, tier, ranges of minMoves, of the stuck figure and of crossroads, and
 * a range of codes. Tiers are on the score of winnable deals, or on every deal's stuck figure
 * where the rule set's cuts are by reach (Vegas). Game figures live in the `extra` JSON
 * column and are read with SQLite's json_extract: the score of the game's difficulty scale,
 * and the figures the games declare `listed`.
 */
import type Database from 'better-sqlite3';
import { type TierOrUnknown, thresholdsFor } from '../games/difficulty.js';
import { listedFigures } from '../games/figures.js';
import { allGames, gameById } from '../games/registry.js';
import type { GameId, GameModule, Verdict } from '../games/types.js';
import { type NumberRange, rangeConditions } from './numberRange.js';
import { storedTier, tierSql } from './resultFilter.js';

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
  /** Only codes this app's dealer dealt (their range is the caller's to check: their text order is not their number order). */
  dealer?: string;
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
  /** What the best line found pays, where the rule set is played for dollars (Vegas); else null. */
  dollars: number | null;
  [figure: string]: ListedValue;
}

/** How a game's rule set pays in dollars (`GameModule.dollars`), or null when it is not played for dollars. */
export function dollarsOf(game: GameModule, rules: string): { perCard: number; start: number } | null {
  const d = game.dollars;
  return d?.rules.includes(rules) ? { perCard: d.perCard, start: d.start } : null;
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

function dealerCondition(f: Pick<CurateFilter, 'dealer'>, parts: string[], params: unknown[]): void {
  if (f.dealer === undefined) return;
  parts.push('dealer = ?');
  params.push(f.dealer);
}

/** Every stored deal matching the filter, in code order (the same database gives the same rows). */
export function findCurated(db: Database.Database, f: CurateFilter): CuratedDeal[] {
  const parts = ['game = ?', 'rules = ?', "mode = 'full'", 'solver_version = ?', 'code IS NOT NULL'];
  const params: unknown[] = [f.game, f.rules, f.solverVersion];
  const game = gameById(f.game);
  const scale = game.difficulty;
  const cuts = thresholdsFor(scale, f.rules);
  const pay = dollarsOf(game, f.rules);
  // Without a scale no deal has a score: every winnable deal is of tier `unknown`.
  const score = scale === undefined ? 'NULL' : extraPath(scale.field);
  if (f.verdict !== undefined) {
    parts.push('verdict = ?');
    params.push(f.verdict);
  }
  // A tier is a range of the stored score of winnable deals, or of every deal's stuck figure
  // where the cuts are by reach.
  if (f.tier !== undefined) tierSql(cuts, f.tier, score, parts, params);
  rangeConditions('min_moves', f.minMoves, parts, params);
  rangeConditions('stuck', f.stuck, parts, params);
  rangeConditions(extraPath('crossroads'), f.crossroads, parts, params);
  if (f.codes) {
    // Codes of one family and rule letters have fixed width, so text order is number order.
    parts.push('code >= ? AND code <= ?');
    params.push(f.codes.first, f.codes.last);
  }
  dealerCondition(f, parts, params);
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
      tier: storedTier(cuts, { verdict: r.verdict, score: r.difficulty, stuck: r.stuck }),
      difficulty: r.difficulty,
      minMoves: r.min_moves,
      stuck: r.stuck,
      stuckExact: r.stuck_exact === null ? null : r.stuck_exact === 1,
      dollars: pay === null || r.stuck === null ? null : pay.start + pay.perCard * r.stuck,
    };
    columns.forEach((field, i) => {
      deal[field] = r[`f${i}`] ?? null;
    });
    return deal;
  });
}

/** The codes of a range already stored for the filter's game, rules and version (any verdict). */
export function storedCodes(
  db: Database.Database,
  f: Pick<CurateFilter, 'game' | 'rules' | 'solverVersion' | 'codes' | 'dealer'>,
): Set<string> {
  const parts = ['game = ?', 'rules = ?', "mode = 'full'", 'solver_version = ?', 'code IS NOT NULL'];
  const params: unknown[] = [f.game, f.rules, f.solverVersion];
  if (f.codes) {
    parts.push('code >= ? AND code <= ?');
    params.push(f.codes.first, f.codes.last);
  }
  dealerCondition(f, parts, params);
  const rows = db.prepare(`SELECT code FROM results WHERE ${parts.join(' AND ')}`).all(...params) as Array<{ code: string }>;
  return new Set(rows.map((r) => r.code));
}
