/** What a batch left in a database, read by a connection of its own. */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

/** Rows per verdict and the checks a database must pass after any run. */
export function inspect(path: string): { rows: number; distinct: number; integrity: string; verdicts: Record<string, number> } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = (db.prepare('SELECT count(*) AS n FROM results').get() as { n: number }).n;
    const distinct = (db.prepare('SELECT count(DISTINCT deal_key) AS n FROM results').get() as { n: number }).n;
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const verdicts: Record<string, number> = {};
    for (const r of db.prepare('SELECT verdict, count(*) AS n FROM results GROUP BY verdict').all() as Array<{
      verdict: string;
      n: number;
    }>) {
      verdicts[r.verdict] = r.n;
    }
    return { rows, distinct, integrity, verdicts };
  } finally {
    db.close();
  }
}

/** Rows stored so far, read by a separate connection while the batch writes (0 before the table exists). */
export function storedRows(path: string): number {
  if (!existsSync(path)) return 0;
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    return (db.prepare('SELECT count(*) AS n FROM results').get() as { n: number }).n;
  } catch {
    return 0; // being created
  } finally {
    db?.close();
  }
}
