/** The piscina pool of solver threads. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
import type { ChunkResult, ChunkTask, RowChunkResult, RowChunkTask } from './messages.js';

/**
 * The URL of what the threads load (`workerEntry.cts`, built to workerEntry.cjs beside this
 * file). When this module is loaded from its TypeScript source (the test runner imports
 * src/batch/pool.ts), there is no built file beside it and a worker thread cannot load .ts
 * files, so fall back to the built file under the project root (the build runs on install).
 */
export function workerUrl(): string {
  const beside = new URL('./workerEntry.cjs', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside.href;
  const built = new URL('../../dist/src/batch/workerEntry.cjs', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built.href;
  throw new Error(`the batch worker is not built: run npm run build (looked for ${fileURLToPath(built)})`);
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

export type SolverPool = Piscina<ChunkTask, ChunkResult>;

export function createPool(workers: number): SolverPool {
  // Loaded here, not with the module: the commands that start no pool start sooner.
  const { Piscina: Pool } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
  return new Pool<ChunkTask, ChunkResult>({
    filename: workerUrl(),
    minThreads: workers,
    maxThreads: workers,
    // Threads stay for the whole batch; nothing to gain from shutting idle ones down.
    idleTimeout: 60_000,
  });
}

/** Runs `analyseRows` (the worker module's other export) on a pool thread. */
export function runRows(pool: SolverPool, task: RowChunkTask): Promise<RowChunkResult> {
  // The pool's types name the module's default function; this one answers with rows.
  return pool.run(task, { name: 'analyseRows' }) as Promise<unknown> as Promise<RowChunkResult>;
}
