/**
 * Writing results: a result as the values of its row, and the statement that stores them.
 * Batch threads build the values beside the solver; the thread that stores only binds them.
 */
import { dealerFor } from '../games/dealers.js';
import type { Analysis } from '../games/types.js';
import type { Limits } from '../search/limits.js';
import type { NewResult } from './resultTypes.js';

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
  'stuckExact',
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
  'dealer',
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
export const UPSERT_SQL = `INSERT INTO results (${COLUMNS.join(', ')}) VALUES ${ROW_PLACEHOLDERS}${CONFLICT}`;

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
  for (const field in analysis) {
    const value: unknown = Reflect.get(analysis, field);
    if (value === undefined || COMMON_FIELDS.has(field) || field === stuckFigure || !Object.hasOwn(analysis, field)) continue;
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
  const { key, analysis: a } = result;
  const stuckFigure = result.stuck.field;
  const stuck = result.stuck.of(a);
  return [
    key.game,
    key.dealKey,
    a.code,
    // A code an app's dealer dealt is stored with the dealer's name.
    a.code === null ? null : (dealerFor(a.code)?.name ?? null),
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
    bool(a.stuckExact),
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
