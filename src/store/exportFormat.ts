/** Stored results as CSV, JSON or JSON lines, for other tools. */
import { type CardStyle, jsonInStyle } from '../cards/notation.js';
import type { StoredResult } from './results.js';

export type ExportFormat = 'csv' | 'json' | 'jsonl';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'json', 'jsonl'];

/** A result as exported: every stored field but the row id; limits with `null` for none. */
export function exportRecord(r: StoredResult): Record<string, unknown> {
  const { id: _id, limits, dealer, ...rest } = r;
  const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);
  // The dealer only where there is one: a record of a built-in code reads as it always has.
  return {
    ...rest,
    ...(dealer !== null ? { dealer } : {}),
    limits:
      limits === null ? null : { timeMs: finite(limits.timeMs), nodes: finite(limits.nodes), memoryBytes: finite(limits.memoryBytes) },
  };
}

const CSV_COLUMNS = [
  'game',
  'dealKey',
  'code',
  'dealer',
  'fingerprint',
  'rules',
  'mode',
  'solverVersion',
  'verdict',
  'winnable',
  'minMoves',
  'minMovesProved',
  'moves',
  'stuckFigure',
  'stuck',
  'stuckExact',
  'nodes',
  'ms',
  'limit',
  'analysedAt',
  'limits',
  'notes',
  'extra',
  'solution',
] as const;

function csvField(value: unknown, style: CardStyle): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? jsonInStyle(value, style) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The export as chunks of text, one per record (plus a header / brackets); cards in `style`. */
export function* exportChunks(rows: Iterable<StoredResult>, format: ExportFormat, style: CardStyle = 'symbols'): Generator<string> {
  if (format === 'csv') {
    yield CSV_COLUMNS.join(',') + '\n';
    for (const r of rows) {
      const rec = exportRecord(r);
      yield CSV_COLUMNS.map((c) => csvField(rec[c], style)).join(',') + '\n';
    }
    return;
  }
  if (format === 'jsonl') {
    for (const r of rows) yield jsonInStyle(exportRecord(r), style) + '\n';
    return;
  }
  let first = true;
  yield '[';
  for (const r of rows) {
    yield (first ? '\n' : ',\n') + jsonInStyle(exportRecord(r), style);
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}
