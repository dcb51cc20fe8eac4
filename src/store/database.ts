/**
 * Opening a results database: created on first use, refused when the path holds something
 * else. A path is checked before anything is written to it, so a refused file keeps every
 * byte it had.
 */

import { closeSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { InputError } from '../errors/inputError.js';
import { APPLICATION_ID, APPLICATION_NAME, createV1, migrate, SCHEMA_VERSION } from './schema.js';

export const DEFAULT_DB_PATH = 'data/deals.sqlite';

/** The SQLite binding, loaded when a database is first opened: the commands that open none start sooner. */
const sqlite = (): typeof Database => createRequire(import.meta.url)('better-sqlite3') as typeof Database;

const SQLITE_MAGIC = 'SQLite format 3\u0000';
const EXPECTED = 'expected a database written by cardsolve batch, or a path where none exists yet';

export interface OpenOptions {
  /** Readers open the file read-only and never create it. */
  readonly?: boolean;
  /** Written into the meta table of a new database. */
  createdBy?: string;
}

/** What a path holds before it is opened. */
type PathState = 'missing' | 'empty' | 'sqlite';

function inspectPath(path: string): PathState {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile())
      throw new InputError(`--db ${path} is not a file (${st.isDirectory() ? 'a folder' : 'not a regular file'}): ${EXPECTED}`);
    size = st.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new InputError(`--db ${path} cannot be read (${(error as Error).message}): ${EXPECTED}`);
  }
  if (size === 0) return 'empty';
  const header = Buffer.alloc(16);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new InputError(`--db ${path} cannot be read (${(error as Error).message}): ${EXPECTED}`);
  }
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1') !== SQLITE_MAGIC) {
    throw new InputError(`--db ${path} is not a cardsolve database (it is not an SQLite file at all): ${EXPECTED}`);
  }
  return 'sqlite';
}

/** Whether an SQLite file has no tables or marks at all (a new file, safe to set up). */
function isBlank(db: Database.Database): boolean {
  const objects = db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number };
  return objects.n === 0 && db.pragma('user_version', { simple: true }) === 0 && db.pragma('application_id', { simple: true }) === 0;
}

/** Throws unless the file carries both cardsolve marks and a schema version this program reads. */
function checkMarks(db: Database.Database, path: string): number {
  const appId = db.pragma('application_id', { simple: true }) as number;
  const hasMeta = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").get() !== undefined;
  const name = hasMeta
    ? (db.prepare("SELECT value FROM meta WHERE key = 'application'").get() as { value: string } | undefined)?.value
    : undefined;
  if (appId !== APPLICATION_ID || name !== APPLICATION_NAME) {
    throw new InputError(`--db ${path} is an SQLite database of some other program, not a cardsolve database: ${EXPECTED}`);
  }
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new InputError(
      `--db ${path} was written by a newer cardsolve (schema version ${version}; this one reads up to ${SCHEMA_VERSION}): upgrade cardsolve`,
    );
  }
  if (version < 1) throw new InputError(`--db ${path} is a damaged cardsolve database (no schema version): ${EXPECTED}`);
  return version;
}

/** A connection to the file at `file`; what SQLite refuses is bad input, named by the path as given (`shown`). */
function connect(file: string, options: Database.Options, shown: string): Database.Database {
  const Sqlite = sqlite(); // (outside the try: a binding that fails to load is no fault of the path)
  try {
    return new Sqlite(file, options);
  } catch (error) {
    throw new InputError(`--db ${shown} cannot be opened (${(error as Error).message}): ${EXPECTED}`);
  }
}

function openFile(path: string, readonly: boolean): Database.Database {
  return connect(path, { readonly, fileMustExist: true }, path);
}

/** How long a connection waits for another connection's write lock before it gives up: 10 s. */
export const LOCK_WAIT_MS = 10_000;

function tune(db: Database.Database, writer: boolean, lockWaitMs = LOCK_WAIT_MS): void {
  db.pragma(`busy_timeout = ${lockWaitMs}`);
  if (writer) {
    // WAL: readers never block the writer, and a killed writer leaves the file consistent.
    db.pragma('journal_mode = WAL');
    // In WAL mode NORMAL only risks the last transactions on power loss, never corruption.
    db.pragma('synchronous = NORMAL');
  }
}

/**
 * Opens (and for a writer, creates or migrates) the results database at `path`.
 * Throws `InputError` when the path is not a cardsolve database, before writing anything.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Database.Database {
  const full = resolve(path);
  const state = inspectPath(full);
  if (options.readonly) {
    if (state !== 'sqlite') {
      throw new InputError(`--db ${path}: no cardsolve database there yet (run cardsolve batch first, or give --db PATH)`);
    }
    let db = openFile(full, true);
    try {
      if (isBlank(db)) throw new InputError(`--db ${path}: the database is empty (run cardsolve batch first)`);
      const version = checkMarks(db, path);
      if (version < SCHEMA_VERSION) {
        // An older cardsolve file: bring it up to date once, then read as usual.
        db.close();
        migrateFile(full, path);
        db = openFile(full, true);
      }
      tune(db, false);
      return db;
    } catch (error) {
      if (db.open) db.close();
      throw error;
    }
  }

  if (state === 'missing') {
    try {
      mkdirSync(dirname(full), { recursive: true });
    } catch (error) {
      throw new InputError(`--db ${path}: cannot create its folder (${(error as Error).message})`);
    }
  }
  const db = connect(full, { fileMustExist: state !== 'missing' }, path);
  try {
    db.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
    if (state === 'sqlite' && !isBlank(db)) checkMarks(db, path);
    tune(db, true);
    db.transaction(() => {
      // Re-checked inside the write lock: another process may have set it up meanwhile.
      if (isBlank(db)) createV1(db, options.createdBy ?? 'cardsolve');
    }).immediate();
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrateFile(full: string, shown: string): void {
  const db = openFile(full, false);
  try {
    tune(db, true);
    checkMarks(db, shown);
    migrate(db);
  } finally {
    db.close();
  }
}

/**
 * Another connection to a results database a batch has opened (created, checked and migrated)
 * already: for the batch's threads that store their own rows. `walPages` is the automatic
 * checkpoint interval, relaxed while a batch writes; `lockWaitMs`, how long a chunk waits for
 * another writer's lock.
 */
export function openBatchWriter(path: string, walPages: number, lockWaitMs = LOCK_WAIT_MS): Database.Database {
  const Sqlite = sqlite();
  const db = new Sqlite(path, { fileMustExist: true });
  tune(db, true, Math.round(lockWaitMs));
  db.pragma(`wal_autocheckpoint = ${walPages}`);
  return db;
}

/** The schema version and marks of an open database, for `stats --json` and tests. */
export function describeDatabase(db: Database.Database): { schemaVersion: number; applicationId: number; createdBy: string | null } {
  const createdBy = db.prepare("SELECT value FROM meta WHERE key = 'created_by'").get() as { value: string } | undefined;
  return {
    schemaVersion: db.pragma('user_version', { simple: true }) as number,
    applicationId: db.pragma('application_id', { simple: true }) as number,
    createdBy: createdBy?.value ?? null,
  };
}
