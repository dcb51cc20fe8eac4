/**
 * `serve --store`: the analyses solved while serving are kept in the database as batch keeps
 * them; without it the database is only read, the file left as it was.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultsPage } from '../../src/contract/index.js';
import type { Server } from '../../src/serve/app.js';
import { storedRows } from '../support/database.js';
import { tempDir } from '../support/tempDir.js';
import { ask, batchDatabase, cliJson, startServer, stopServer } from './helpers.js';

interface Lookup {
  deal: string;
  stored: boolean;
  results: { code: string; verdict: string; solverVersion: string; minMoves: number | null }[];
}

const digest = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('cardsolve serve and the database file', () => {
  let folder: { dir: string; cleanup: () => void };
  let db: string;
  let server: Server | undefined;

  beforeAll(() => {
    folder = tempDir();
    db = batchDatabase(folder.dir, 'PY1-N-AAAAAAS', 'results.sqlite');
  });

  afterAll(async () => {
    await stopServer(server);
    folder?.cleanup();
  });

  it('without store: an analysis writes nothing, the file is unchanged', async () => {
    const before = digest(db);
    expect(storedRows(db)).toBe(1);
    server = await startServer(db, { store: false });
    const r = await ask<{ verdict: string }>(server, '/api/v1/analysis?deal=PY1-N-AAAAAAW');
    expect(r.status, r.text).toBe(200);
    expect(r.body.verdict).toBe('winnable');
    expect((await ask<{ store: boolean }>(server, '/api/v1/health')).body.store).toBe(false);
    await stopServer(server);
    server = undefined;
    expect(digest(db)).toBe(before);
    expect(storedRows(db)).toBe(1);
    expect(cliJson<Lookup>(['lookup', 'PY1-N-AAAAAAW', '--db', db])).toMatchObject({ stored: false, results: [] });
  });

  it('with store: the analysis is kept as batch keeps it, and the results table shows it', async () => {
    server = await startServer(db, { store: true });
    const r = await ask<{ verdict: string; minMoves: number }>(server, '/api/v1/analysis?deal=PY1-N-AAAAAAV');
    expect(r.status, r.text).toBe(200);
    expect(storedRows(db)).toBe(2);
    // The table reloads in the background after a store: it shows the row soon after.
    let page: ResultsPage | undefined;
    for (let tries = 0; tries < 40; tries++) {
      page = (await ask<ResultsPage>(server, '/api/v1/results')).body;
      if (page.total === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(page!.rows.map((row) => row.code)).toEqual(['PY1-N-AAAAAAS', 'PY1-N-AAAAAAV']);
    // Stored under the current solver version, as batch stores: curate (database only) lists it.
    const curated = await ask(server, '/api/v1/curate?format=codes&count=10');
    expect.soft(curated.text).toBe('PY1-N-AAAAAAS\nPY1-N-AAAAAAV\n');
    await stopServer(server);
    server = undefined;
    const stored = cliJson<Lookup>(['lookup', 'PY1-N-AAAAAAV', '--db', db]);
    const batched = cliJson<Lookup>(['lookup', 'PY1-N-AAAAAAS', '--db', db]);
    expect(stored.stored).toBe(true);
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0]).toMatchObject({ code: 'PY1-N-AAAAAAV', verdict: r.body.verdict, minMoves: r.body.minMoves });
    expect(stored.results[0]!.solverVersion).toBe(batched.results[0]!.solverVersion);
    expect(batched.results[0]!.solverVersion).toMatch(/^pyramide \d+$/);
  });
});
