/**
 * The results database as the server reads it: one read-only connection for the rows of a
 * page, and the results table (`ResultsTable`) loaded beside it and reloaded when the file
 * changes (a batch storing into it while the server runs), the old table serving meanwhile.
 */
import type Database from 'better-sqlite3';
import { InputError } from '../errors/inputError.js';
import { openDatabase } from '../store/database.js';
import { ResultsTable } from '../store/resultsTable.js';

/** How often the file is asked whether another connection changed it. */
const CHECK_EVERY_MS = 1000;

export class ResultsSource {
  private current: Promise<ResultsTable> | null = null;
  private loading: Promise<ResultsTable> | null = null;
  private seenVersion = -1;
  private checkedAt = 0;
  private stale = false;
  /** Whether a table has been read (the health route says so). */
  loaded = false;

  private constructor(
    readonly path: string,
    readonly db: Database.Database,
  ) {}

  /** The database at `path`, or null when there is none yet (the page says how to make one). */
  static open(path: string): ResultsSource | null {
    try {
      return new ResultsSource(path, openDatabase(path, { readonly: true }));
    } catch (error) {
      if (error instanceof InputError && /no cardsolve database there yet|the database is empty/.test(error.message)) return null;
      throw error;
    }
  }

  /** Starts loading the table now, so the first page does not wait for it. */
  warm(): void {
    void this.table().catch(() => {
      // The first request reports it.
    });
  }

  /** Rows this server stored itself: the table is out of date (its own writes do not change data_version). */
  invalidate(): void {
    this.stale = true;
  }

  /** The results table, reloaded when the file changed since it was read. */
  table(): Promise<ResultsTable> {
    const now = Date.now();
    if (this.current === null || this.stale || now - this.checkedAt >= CHECK_EVERY_MS) {
      this.checkedAt = now;
      const version = this.db.pragma('data_version', { simple: true }) as number;
      if (this.current === null || this.stale || version !== this.seenVersion) {
        this.seenVersion = version;
        this.stale = false;
        this.reload();
      }
    }
    return this.current!;
  }

  private reload(): void {
    if (this.loading !== null) return;
    // A connection of its own: the load's read transaction stays open across turns of the event loop.
    const reader = openDatabase(this.path, { readonly: true });
    const loading = ResultsTable.load(reader).finally(() => reader.close());
    this.loading = loading;
    const settle = (): void => {
      this.loading = null;
    };
    loading.then(() => {
      // Until the new table is ready the old one answers.
      this.current = loading;
      this.loaded = true;
      settle();
    }, settle);
    if (this.current === null) this.current = loading;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
