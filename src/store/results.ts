/** Reading and writing result rows: one row per (game, deal, rules, mode, solver version). */
import type Database from 'better-sqlite3';
import type { Analysis, GameId, MoveJson, Verdict } from '../games/types.js';
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
  /** The field of the analysis that holds the game's stuck figure (`maxRemoved`). */
  stuckFigure: string;
  limits: Limits;
  analysedAt: string;
}

export interface StoredResult {
  id: number;
  game: GameId;
  dealKey: string;
  code: string | null;
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

interface ResultRow {
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
}

/** Which rows a reader wants. Empty fields match everything. */
export interface ResultFilter {
  game?: GameId;
  /** Any of these rule sets. */
  rules?: readonly string[];
  dealKey?: string;
  /** Results of deals given by this code. */
  code?: string;
  verdict?: Verdict;
}

const COMMON_FIELDS = new Set([
  'code',
  'fingerprint',
  'game',
  'rules',
  'verdict',
  'winnable',
  'minMoves',
  'minMovesProved',
  'moves',
  'maxExact',
  'solution',
  'nodes',
  'ms',
  'limit',
  'notes',
]);

const COLUMNS = [
  'game',
  'deal_key',
  'code',
  'fingerprint',
  'rules',
  'mode',
  'solver_version',
  'verdict',
  'winnable',
  'min_moves',
  'min_moves_proved',
  'moves',
  'stuck',
  'stuck_figure',
  'stuck_exact',
  'solution',
  'nodes',
  'ms',
  'limit_hit',
  'notes',
  'analysed_at',
  'limits',
  'extra',
] as const;

const KEY_COLUMNS = new Set(['game', 'deal_key', 'rules', 'mode', 'solver_version']);

/**
 * A row to store as its column values in `COLUMNS` order. Batch threads build them beside the
 * solver, so the thread that stores only binds them: positional values bind faster than named ones.
 */
export type RowValues = Array<string | number | null>;

/** Positions in `RowValues` the batch reads back to count verdicts. */
export const VERDICT_AT = COLUMNS.indexOf('verdict');
export const LIMIT_AT = COLUMNS.indexOf('limit_hit');

const CONFLICT = ` ON CONFLICT (game, deal_key, rules, mode, solver_version) DO UPDATE SET
  ${COLUMNS.filter((c) => !KEY_COLUMNS.has(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}`;

const ROW_PLACEHOLDERS = `(${COLUMNS.map(() => '?').join(', ')})`;

/**
 * One row per statement: measured against 32 rows per statement, it stores a row in 11 µs
 * instead of 13 (small winnability rows) and no slower for full rows with their lines
 * (building the long value arrays costs more than the statement steps it saves).
 */
const UPSERT_SQL = `INSERT INTO results (${COLUMNS.join(', ')}) VALUES ${ROW_PLACEHOLDERS}${CONFLICT}`;

function bool(value: boolean | null | undefined): number | null {
  return value === null || value === undefined ? null : value ? 1 : 0;
}

/** Limits as JSON: `Infinity` (no limit) is written as null. */
function limitsToJson(limits: Limits): string {
  return JSON.stringify({
    timeMs: Number.isFinite(limits.timeMs) ? limits.timeMs : null,
    nodes: Number.isFinite(limits.nodes) ? limits.nodes : null,
    memoryBytes: Number.isFinite(limits.memoryBytes) ? limits.memoryBytes : null,
  });
}

function limitsFromJson(text: string | null): Limits | null {
  if (text === null) return null;
  const raw = JSON.parse(text) as Record<string, number | null>;
  const value = (n: number | null | undefined): number => (typeof n === 'number' ? n : Infinity);
  return { timeMs: value(raw.timeMs), nodes: value(raw.nodes), memoryBytes: value(raw.memoryBytes) };
}

/** A batch stores every row with the same limits: written out once per limits object. */
const limitsJsonCache = new WeakMap<Limits, string>();

function cachedLimitsJson(limits: Limits): string {
  let text = limitsJsonCache.get(limits);
  if (text === undefined) {
    text = limitsToJson(limits);
    limitsJsonCache.set(limits, text);
  }
  return text;
}

/** Each field name as JSON writes it before its value (`"tier":`), built once per name. */
const JSON_KEYS = new Map<string, string>();

/**
 * The game's own fields (all but the common ones and the stuck figure), as JSON: the text
 * `JSON.stringify` gives for an object of them, written field by field (a batch stores a row
 * for every deal, and building that object and writing it cost twice as much).
 */
function extraOf(analysis: Analysis, stuckFigure: string): string | null {
  let text = '';
  // for...in rather than Object.entries: no pair arrays for every row a batch stores.
  const fields = analysis as unknown as Record<string, unknown>;
  for (const field in fields) {
    const value = fields[field];
    if (value === undefined || COMMON_FIELDS.has(field) || field === stuckFigure || !Object.hasOwn(fields, field)) continue;
    let key = JSON_KEYS.get(field);
    if (key === undefined) {
      key = `${JSON.stringify(field)}:`;
      JSON_KEYS.set(field, key);
    }
    const json: string | undefined = value === null ? 'null' : JSON.stringify(value);
    if (json === undefined) continue; // as JSON.stringify leaves out a function's field
    text += (text === '' ? '{' : ',') + key + json;
  }
  return text === '' ? null : `${text}}`;
}

/** A result as the values of its row, in `COLUMNS` order. */
export function rowValues(result: NewResult): RowValues {
  const { key, analysis: a, stuckFigure } = result;
  const stuck = (a as unknown as Record<string, unknown>)[stuckFigure];
  return [
    key.game,
    key.dealKey,
    a.code,
    a.fingerprint,
    key.rules,
    key.mode,
    key.solverVersion,
    a.verdict,
    bool(a.winnable),
    a.minMoves,
    a.minMovesProved ? 1 : 0,
    a.moves,
    typeof stuck === 'number' ? stuck : null,
    stuckFigure,
    bool(a.maxExact),
    a.solution === null ? null : JSON.stringify(a.solution),
    a.nodes,
    a.ms,
    a.limit,
    JSON.stringify(a.notes),
    result.analysedAt,
    cachedLimitsJson(result.limits),
    extraOf(a, stuckFigure),
  ];
}

function fromRow(row: ResultRow): StoredResult {
  return {
    id: row.id,
    game: row.game as GameId,
    dealKey: row.deal_key,
    code: row.code,
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

/** A stored result as the game's `Analysis`, for the game's own one-line description. */
export function toAnalysis(stored: StoredResult): Analysis {
  const analysis: Analysis = {
    ...(stored.extra ?? {}),
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
  if (stored.stuckFigure !== null) (analysis as unknown as Record<string, unknown>)[stored.stuckFigure] = stored.stuck;
  if (stored.stuckExact !== null) analysis.maxExact = stored.stuckExact;
  return analysis;
}

/** A WHERE clause and its parameters for a filter. */
export function whereOf(filter: ResultFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.game !== undefined) {
    parts.push('game = ?');
    params.push(filter.game);
  }
  if (filter.rules !== undefined) {
    if (filter.rules.length === 0) parts.push('0');
    else {
      parts.push(`rules IN (${filter.rules.map(() => '?').join(', ')})`);
      params.push(...filter.rules);
    }
  }
  if (filter.dealKey !== undefined) {
    parts.push('deal_key = ?');
    params.push(filter.dealKey);
  }
  if (filter.code !== undefined) {
    parts.push('code = ?');
    params.push(filter.code);
  }
  if (filter.verdict !== undefined) {
    parts.push('verdict = ?');
    params.push(filter.verdict);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export class ResultStore {
  private readonly upsert: Database.Statement;
  private readonly verdictOf: Database.Statement<[string, string, string, string, string], { verdict: string; cut: number }>;

  constructor(readonly db: Database.Database) {
    this.upsert = db.prepare(UPSERT_SQL);
    this.verdictOf = db.prepare(
      'SELECT verdict, limit_hit IS NOT NULL AS cut FROM results WHERE game = ? AND deal_key = ? AND rules = ? AND mode = ? AND solver_version = ?',
    );
  }

  /** Whether anything is stored for a game, rule set, analysis and solver version (a fresh batch skips its lookups). */
  anyStored(key: Omit<ResultKey, 'dealKey'>): boolean {
    return (
      this.db
        .prepare('SELECT 1 FROM results WHERE game = ? AND rules = ? AND mode = ? AND solver_version = ? LIMIT 1')
        .get(key.game, key.rules, key.mode, key.solverVersion) !== undefined
    );
  }

  /** The verdict stored under a key, or null when nothing is stored. */
  storedVerdict(key: ResultKey): Verdict | null {
    return this.stored(key)?.verdict ?? null;
  }

  /**
   * What is stored under a key: its verdict, and whether a limit cut the search short
   * (an unknown verdict, or a winnable deal whose minimum move count is not proven).
   */
  stored(key: ResultKey): { verdict: Verdict; cut: boolean } | null {
    const row = this.verdictOf.get(key.game, key.dealKey, key.rules, key.mode, key.solverVersion);
    return row ? { verdict: row.verdict as Verdict, cut: row.cut === 1 || row.verdict === 'unknown' } : null;
  }

  /** Stores results in one transaction: all of them are written, or none. */
  saveMany(results: readonly NewResult[]): void {
    this.saveRows(results.map(rowValues));
  }

  /** Stores rows (see `rowValues`) in one transaction: all of them are written, or none. */
  saveRows(rows: readonly RowValues[]): void {
    if (rows.length === 0) return;
    this.db
      .transaction((items: readonly RowValues[]) => {
        for (const row of items) this.upsert.run(row);
      })
      .immediate(rows);
  }

  save(result: NewResult): void {
    this.saveMany([result]);
  }

  /** Rows matching a filter, newest analysis first. */
  find(filter: ResultFilter): StoredResult[] {
    const { sql, params } = whereOf(filter);
    const rows = this.db.prepare(`SELECT * FROM results ${sql} ORDER BY analysed_at DESC, id DESC`).all(...params) as ResultRow[];
    return rows.map(fromRow);
  }

  /** Rows matching a filter one at a time (for exports of any size), in key order. */
  *iterate(filter: ResultFilter): Generator<StoredResult> {
    const { sql, params } = whereOf(filter);
    const stmt = this.db.prepare(`SELECT * FROM results ${sql} ORDER BY game, rules, mode, deal_key, solver_version`);
    for (const row of stmt.iterate(...params) as IterableIterator<ResultRow>) yield fromRow(row);
  }

  count(filter: ResultFilter = {}): number {
    const { sql, params } = whereOf(filter);
    return (this.db.prepare(`SELECT count(*) AS n FROM results ${sql}`).get(...params) as { n: number }).n;
  }
}
