/**
 * `cardsolve worker`: takes chunks of deals from the queue and analyses them on this machine's
 * piscina pool until stopped. Stopping lets the chunks in hand finish and be sent back. A
 * chunk this program must not analyse (other versions) goes back to the queue and the worker
 * stops, so that no result of another solver version is ever stored.
 */

import { hostname } from 'node:os';
import { type Job, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import { CARDSOLVE_VERSION } from '../../version.js';
import { createPool } from '../pool.js';
import { connect, type QueueTarget } from './connection.js';
import { type ChunkJob, type ChunkReply, isChunkJob, JOB_FORMAT, limitsFromJson, versionMismatch, type WorkerIdentity } from './jobs.js';

export interface QueueWorkerOptions {
  queue: QueueTarget;
  threads: number;
  /**
   * A chunk whose worker stops renewing its lock for this long (killed, cut off) is handed to
   * another worker; the lock is renewed every half of it.
   */
  stalledAfterMs: number;
  onChunk?: (stats: QueueWorkerStats) => void;
}

export interface QueueWorkerStats {
  worker: WorkerIdentity;
  chunks: number;
  deals: number;
  /** Solver time spent on them, summed over the threads. */
  solverMs: number;
  /** Why the worker stopped by itself (a chunk of other versions), or null. */
  refused: string | null;
}

export interface RunningWorker {
  /** Stops taking chunks, lets the ones in hand finish and be sent back, and closes everything. */
  stop(): Promise<QueueWorkerStats>;
  /** Resolves when the worker stopped by itself (it refused a chunk). */
  readonly stoppedByItself: Promise<QueueWorkerStats>;
  readonly stats: QueueWorkerStats;
}

/** A chunk stalled this many times (its worker killed each time) fails instead of killing more. */
const MAX_STALLS = 3;

export async function startQueueWorker(options: QueueWorkerOptions): Promise<RunningWorker> {
  const { queue: target, threads } = options;
  // Checks the server and the password now, with a clear message, rather than retrying for ever.
  (await connect(target)).disconnect();
  const identity: WorkerIdentity = { host: hostname(), pid: process.pid, threads };
  const stats: QueueWorkerStats = { worker: identity, chunks: 0, deals: 0, solverMs: 0, refused: null };
  const pool = createPool(threads);
  let refuse: (() => void) | null = null;
  const refused = new Promise<void>((resolve) => {
    refuse = resolve;
  });

  const analyseJob = async (job: Job, token?: string): Promise<ChunkReply> => {
    const data: unknown = job.data;
    if (!isChunkJob(data)) throw new UnrecoverableError('not a cardsolve chunk of deals');
    const mismatch = versionMismatch(data as ChunkJob);
    if (mismatch !== null) {
      // Back to the queue for a worker of the right versions; this one stops.
      await job.moveToWait(token);
      const fix = mismatch.includes('dealers')
        ? 'give this worker the dealer modules the coordinator has'
        : 'upgrade this worker or the coordinator so that both run the same versions';
      stats.refused ??= `refused a chunk: ${mismatch}; ${fix}`;
      refuse?.();
      throw new WaitingError();
    }
    const result = await pool.run({
      deals: data.deals.map((d) => d.input),
      flags: data.flags,
      limits: limitsFromJson(data.limits),
      options: data.options,
    });
    stats.chunks++;
    stats.deals += data.deals.length;
    stats.solverMs += result.ms;
    options.onChunk?.(stats);
    return { format: JOB_FORMAT, cardsolve: CARDSOLVE_VERSION, worker: identity, outcomes: result.outcomes, ms: result.ms };
  };

  const worker = new Worker(target.name, analyseJob, {
    connection: target.redis,
    // Two chunks per thread: the next one is at hand when a thread finishes.
    concurrency: threads * 2,
    lockDuration: options.stalledAfterMs,
    stalledInterval: options.stalledAfterMs,
    maxStalledCount: MAX_STALLS,
    name: `${identity.host}:${identity.pid}`,
  });
  // ioredis reconnects by itself; errors of a chunk go back to the queue as that chunk's failure.
  worker.on('error', () => {});
  await worker.waitUntilReady();

  let closing: Promise<QueueWorkerStats> | null = null;
  const stop = (): Promise<QueueWorkerStats> =>
    (closing ??= (async () => {
      await worker.close();
      await pool.destroy();
      return stats;
    })());
  return { stop, stoppedByItself: refused.then(stop), stats };
}
