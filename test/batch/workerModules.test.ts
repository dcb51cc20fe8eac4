/**
 * The thread pool loads a worker file with require() first. A require() of an ES module in a
 * pool thread aborted whole test runs on Node 20 and 22 (a V8 fatal error, `IsGraphAsync`), so
 * the threads load small CommonJS entries that bring the solver in by import() instead.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const require = createRequire(import.meta.url);

describe('the solver threads’ entries', () => {
  it('load through require() as CommonJS, with every task function the pools run', () => {
    const batch = require(join(ROOT, 'dist/src/batch/workerEntry.cjs')) as Record<string, unknown>;
    expect([typeof batch, typeof batch.analyseRows]).toEqual(['function', 'function']);
    const serve = require(join(ROOT, 'dist/src/serve/solveWorkerEntry.cjs')) as Record<string, unknown>;
    expect([typeof serve, typeof serve.stats, typeof serve.curateList]).toEqual(['function', 'function', 'function']);
  });

  it('bring the solver in on the first task: an empty chunk comes back analysed', async () => {
    const batch = require(join(ROOT, 'dist/src/batch/workerEntry.cjs')) as (task: unknown) => Promise<{ outcomes: unknown[] }>;
    const answer = await batch({ deals: [], flags: {}, limits: {}, options: {} });
    expect(answer.outcomes).toEqual([]);
  });
});
