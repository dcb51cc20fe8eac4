/**
 * The results table: one row per (game, deal, rules, mode, solver version), stored and read
 * back. Writing a row's values is in `rowValues.ts`, reading one back in `storedRow.ts`, the
 * readers' filter in `resultFilter.ts`; their names are exported from here too.
 */
import type Database from 'better-sqlite3';
import type { Verdict } from '../games/types.js';
import { type ResultFilter, whereOf } from './resultFilter.js';
import type { NewResult, ResultKey, StoredResult } from './resultTypes.js';
import { type RowValues, rowValues, UPSERT_SQL } from './rowValues.js';
import { fromRow, type ResultRow } from './storedRow.js';

export type { ResultFilter } from './resultFilter.js';
export type { AnalysisMode, NewResult, ResultKey, StoredResult } from './resultTypes.js';
export { LIMIT_AT, type RowValues, rowValues, VERDICT_AT } from './rowValues.js';
export { toAnalysis } from './storedRow.js';

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
