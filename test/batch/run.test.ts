import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planBatch } from '../../src/batch/inputs.js';
import { workerUrl } from '../../src/batch/pool.js';
import { runBatch } from '../../src/batch/run.js';
import { InputError } from '../../src/errors/inputError.js';
import { openDatabase } from '../../src/store/database.js';
import { ResultStore } from '../../src/store/results.js';
import { createV1, migrate } from '../../src/store/schema.js';
import { tempDir } from '../support/tempDir.js';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => cleanup());

describe('batch inputs', () => {
  it('counts ranges with both ends, --count from a start code, and normalises codes', () => {
    expect(planBatch({ args: ['PY1-N-AAAAAAA..PY1-N-AAAAABA'] }, {}).total).toBe(27);
    expect(planBatch({ args: ['PY1-N-AAAAAAA .. PY1-N-AAAAAAA'] }, {}).total).toBe(1);
    const plan = planBatch({ args: ['py1-n-aaaaaaz'], count: 3 }, {});
    expect([...plan.deals()].map((d) => d.dealKey)).toEqual(['PY1-N-AAAAAAZ', 'PY1-N-AAAAABA', 'PY1-N-AAAAABB']);
    expect(plan.describe()).toBe('PY1-N-AAAAAAZ..PY1-N-AAAAABB');
    expect(plan.ruleSets()).toEqual(['pyramide rules app']);
  });

  it('refuses what it cannot read with an InputError', () => {
    expect(() => planBatch({ args: [] }, {})).toThrow(InputError);
    expect(() => planBatch({ args: ['PY1-N-AAAAAAA', 'PY1-N-AAAAAAB'], count: 2 }, {})).toThrow(/--count/);
    expect(() => planBatch({ args: ['PY1-N-ZZZZZZZ'], count: 2 }, {})).toThrow(/past the last deal/);
    expect(() => planBatch({ args: ['PY1-N-AAAAAAA..DS1-D1N-AAAAAAB'] }, {})).toThrow(/same game/);
  });
});

describe('runBatch', () => {
  it('runs worker threads from the TypeScript sources (the built worker) and stores each deal once', async () => {
    expect(workerUrl()).toMatch(/dist\/src\/batch\/workerEntry\.cjs$/);
    const db = openDatabase(join(dir, 'deals.sqlite'));
    try {
      const limits = { timeMs: 10_000, nodes: 2000, memoryBytes: 256 * 1024 ** 2 };
      const plan = planBatch({ args: ['PY1-N-AAAAAAA'], count: 12 }, {});
      const seen: number[] = [];
      const first = await runBatch({ plan, db, workers: 2, limits, analyse: {}, onProgress: (p) => seen.push(p.done) });
      expect(first).toMatchObject({ deals: 12, analysed: 12, skipped: 0, failed: 0 });
      expect(seen.at(-1)).toBe(12);
      const again = await runBatch({ plan, db, workers: 2, limits, analyse: {} });
      expect(again).toMatchObject({ analysed: 0, skipped: 12 });
      expect(again.stored).toEqual(first.stored);
      // Winnability only is another analysis, stored beside the full one.
      const quick = await runBatch({ plan, db, workers: 1, limits, analyse: { winnabilityOnly: true } });
      expect(quick.analysed).toBe(12);
      expect(new ResultStore(db).count()).toBe(24);
    } finally {
      db.close();
    }
  });

  it('stores the same rows whether its threads write them or the main thread does (when asked, or in memory)', async () => {
    const limits = { timeMs: 10_000, nodes: 3000, memoryBytes: 256 * 1024 ** 2 };
    const plan = planBatch({ args: ['PY1-N-AAAAAAA'], count: 40 }, {});
    const threads = openDatabase(join(dir, 'threads.sqlite'));
    const main = openDatabase(join(dir, 'main.sqlite'));
    const memory = new Database(':memory:');
    memory.transaction(() => createV1(memory, 'test')).immediate();
    migrate(memory);
    try {
      const common = { plan, workers: 2, limits, analyse: {}, chunkSize: 7 };
      const viaThreads = await runBatch({ ...common, db: threads, storeOnThreads: true });
      const viaMain = await runBatch({ ...common, db: main, storeOnThreads: false });
      const inMemory = await runBatch({ ...common, db: memory, storeOnThreads: true });
      expect(viaThreads).toMatchObject({ analysed: 40, failed: 0 });
      expect(viaMain.thisRun).toEqual(viaThreads.thisRun);
      expect(inMemory.thisRun).toEqual(viaThreads.thisRun);
      // Every column but the row id and the times.
      const rows = (db: Database.Database) =>
        new ResultStore(db)
          .find({})
          .map(({ id: _id, analysedAt: _at, ms: _ms, ...row }) => row)
          .sort((a, b) => a.dealKey.localeCompare(b.dealKey));
      expect(rows(threads)).toHaveLength(40);
      expect(rows(main)).toEqual(rows(threads));
      expect(rows(memory)).toEqual(rows(threads));
      // The counts sent back by the threads are those of the rows they stored.
      const stored = rows(threads);
      expect(viaThreads.thisRun.winnable).toBe(stored.filter((r) => r.verdict === 'winnable').length);
      expect(viaThreads.thisRun.cut).toBe(stored.filter((r) => r.verdict !== 'unknown' && r.limit !== null).length);
    } finally {
      threads.close();
      main.close();
      memory.close();
    }
  });

  it('stops with the reason when its threads cannot store, and counts nothing as stored', { timeout: 60_000 }, async () => {
    const path = join(dir, 'locked.sqlite');
    const db = openDatabase(path);
    // Another program holds the write lock longer than a thread waits for it (half a second here).
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    try {
      const plan = planBatch({ args: ['PY1-N-AAAAAAA'], count: 2 }, {});
      const limits = { timeMs: 10_000, nodes: 2000, memoryBytes: 256 * 1024 ** 2 };
      await expect(
        runBatch({ plan, db, workers: 1, limits, analyse: { winnabilityOnly: true }, chunkSize: 2, storeOnThreads: true, lockWaitMs: 500 }),
      ).rejects.toThrow(/cannot store results in the database: database is locked/);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(new ResultStore(db).count()).toBe(0);
    db.close();
  });
});
