/**
 * The layout of a cardsolve results database and its history.
 *
 * A database is recognised by two marks, both written when it is created:
 * `PRAGMA application_id` (a number in the SQLite file header) and a `meta` table whose
 * `application` row says what the file is. `PRAGMA user_version` is the schema version;
 * an older file is brought up to date by running the migrations in order, each in the
 * same transaction as the version bump, so a file is always at exactly one version.
 */
import type Database from 'better-sqlite3';

/** "CSOL" as a big-endian 32-bit number, the value of `PRAGMA application_id`. */
export const APPLICATION_ID = 0x43534f4c;
export const APPLICATION_NAME = 'cardsolve deal results';
export const SCHEMA_VERSION = 5;

/**
 * Version 1, the first layout. New databases are still created from it and then migrated,
 * so every migration runs on every new file too.
 */
const SCHEMA_V1 = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE results (
  id               INTEGER PRIMARY KEY,
  game             TEXT    NOT NULL,
  -- the code for a deal given by code, the fingerprint for a deal given as a file
  deal_key         TEXT    NOT NULL,
  code             TEXT,
  fingerprint      TEXT    NOT NULL,
  rules            TEXT    NOT NULL,
  -- full, winnability (winnability only) or optimize
  mode             TEXT    NOT NULL,
  solver_version   TEXT    NOT NULL,
  verdict          TEXT    NOT NULL CHECK (verdict IN ('winnable', 'unwinnable', 'unknown')),
  winnable         INTEGER,
  min_moves        INTEGER,
  min_moves_proved INTEGER NOT NULL,
  moves            INTEGER,
  max_removed      INTEGER,
  max_foundation   INTEGER,
  max_exact        INTEGER,
  solution         TEXT,
  nodes            INTEGER NOT NULL,
  ms               REAL    NOT NULL,
  limit_hit        TEXT,
  notes            TEXT    NOT NULL DEFAULT '[]',
  analysed_at      TEXT    NOT NULL,
  UNIQUE (game, deal_key, rules, mode, solver_version)
);
CREATE INDEX results_by_code ON results (code);
`;

interface Migration {
  from: number;
  to: number;
  what: string;
  sql: string;
}

const MIGRATIONS: readonly Migration[] = [
  {
    from: 1,
    to: 2,
    what: 'record the limits each deal was analysed under and the fields a game adds; index by verdict',
    sql: `
ALTER TABLE results ADD COLUMN limits TEXT;
ALTER TABLE results ADD COLUMN extra TEXT;
CREATE INDEX results_by_verdict ON results (game, rules, verdict);
`,
  },
  {
    from: 2,
    to: 3,
    what: "one column for every game's stuck figure, named by the row, instead of a column per game",
    // Versions 1 and 2 knew two games: their stuck figures move into the generic columns.
    sql: `
ALTER TABLE results ADD COLUMN stuck INTEGER;
ALTER TABLE results ADD COLUMN stuck_figure TEXT;
UPDATE results SET
  stuck = coalesce(max_removed, max_foundation),
  stuck_figure = CASE game WHEN 'pyramide' THEN 'maxRemoved' WHEN 'double' THEN 'maxFoundation' END;
ALTER TABLE results RENAME COLUMN max_exact TO stuck_exact;
ALTER TABLE results DROP COLUMN max_removed;
ALTER TABLE results DROP COLUMN max_foundation;
`,
  },
  {
    from: 3,
    to: 4,
    what: 'the difficulty score as a column of its own; an index that holds what the results table filters and sorts on',
    // Both games keep their difficulty score in extra under `difficulty` (DifficultyScale.field).
    // A virtual column costs no space in the table; the index holds its values, so the results
    // table of `serve` reads every deal's figures from the index alone.
    sql: `
ALTER TABLE results ADD COLUMN difficulty REAL GENERATED ALWAYS AS (json_extract(extra, '$.difficulty')) VIRTUAL;
CREATE INDEX results_by_deal ON results (game, rules, deal_key, verdict, min_moves, stuck, difficulty);
`,
  },
  {
    from: 4,
    to: 5,
    what: "the name of the app's dealer beside a code it dealt (null for built-in codes and deal files)",
    sql: `
ALTER TABLE results ADD COLUMN dealer TEXT;
`,
  },
];

/** Creates the version 1 layout and its marks; the caller migrates and commits. */
export function createV1(db: Database.Database, createdBy: string): void {
  db.exec(SCHEMA_V1);
  db.pragma(`application_id = ${APPLICATION_ID}`);
  const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  put.run('application', APPLICATION_NAME);
  put.run('created_by', createdBy);
  put.run('created_at', new Date().toISOString());
  db.pragma('user_version = 1');
}

/** Runs the migrations from the file's version up to `SCHEMA_VERSION`, one transaction each. */
export function migrate(db: Database.Database): number[] {
  const ran: number[] = [];
  for (;;) {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version >= SCHEMA_VERSION) return ran;
    const step = MIGRATIONS.find((m) => m.from === version);
    if (!step) throw new Error(`no migration from schema version ${version}`);
    db.transaction(() => {
      db.exec(step.sql);
      db.pragma(`user_version = ${step.to}`);
      db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(`migrated_to_v${step.to}_at`, new Date().toISOString());
    }).immediate();
    ran.push(step.to);
  }
}
