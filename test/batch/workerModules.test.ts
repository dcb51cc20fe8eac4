/**
 * The thread pool loads a worker module with require() first; a module that awaits at its top
 * is refused, and asking again while the fallback import() runs aborts the process on Node 20
 * (seen once in a full test run). So the solver threads' modules must load synchronously.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const require = createRequire(import.meta.url);

describe('the solver threads’ modules', () => {
  it('load through require(), as the pool loads them first, with every task function', () => {
    const batch = require(join(ROOT, 'dist/src/batch/worker.js')) as Record<string, unknown>;
    expect([typeof batch.default, typeof batch.analyseRows]).toEqual(['function', 'function']);
    const serve = require(join(ROOT, 'dist/src/serve/solveWorker.js')) as Record<string, unknown>;
    expect([typeof serve.default, typeof serve.stats, typeof serve.curateList]).toEqual(['function', 'function', 'function']);
  });
});
