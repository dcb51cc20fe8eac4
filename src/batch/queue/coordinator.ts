/**
 * A batch through a queue: the coordinator plans as a local batch does, puts chunks of deals
 * on a BullMQ queue for `cardsolve worker` processes anywhere, and stores the analyses in its
 * SQLite file as they come back. A chunk's job leaves Redis only after its rows are committed,
 * so a killed coordinator loses nothing: the rerun stores what finished meanwhile and waits
 * for what is still queued instead of sending it again.
 */
import type Database from 'better-sqlite3';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AnalyseOptions } from '../../games/types.js';
import type { Limits } from '../../search/limits.js';
import type { BatchPlan } from '../inputs.js';
import type { BatchProgress, BatchSummary } from '../report.js';
import { modeOf } from '../run.js';
import { BatchTally, relaxCheckpoints } from '../tally.js';
import { CoordinatorClaim } from './claim.js';
import { connect, type QueueTarget } from './connection.js';
import { ChunkDispatch } from './dispatch.js';
import { batchSignature, chunkJob } from './jobs.js';
import { recoverQueue } from './recovery.js';
import { QueueWakeups } from './wakeups.js';

export interface QueueBatchOptions {
  plan: BatchPlan;
  db: Database.Database;
  queue: QueueTarget;
  limits: Limits;
  analyse: AnalyseOptions;
  /** Deals per chunk; by default it adapts to the deals' speed, from 1 up to MAX_CHUNK. */
  chunkSize?: number;
  retryUnknown?: boolean;
  force?: boolean;
  /** Drop whatever the queue holds from another batch instead of refusing to start. */
  discardQueued?: boolean;
  onStart?: (progress: BatchProgress) => void;
  onProgress?: (progress: BatchProgress) => void;
}

export interface QueueReport {
  url: string;
  name: string;
  /** Worker processes and their solver threads that sent results. */
  workerProcesses: number;
  threads: number;
  /** Chunks put on the queue by this run. */
  chunks: number;
  /** Deals found finished in Redis at the start (a killed coordinator's) and stored (those it had not stored yet). */
  recovered: number;
  /** Deals found still queued at the start and awaited rather than sent again. */
  adopted: number;
  /** Chunks a worker lost (killed, disconnected) that the queue handed to another. */
  stalled: number;
}

export interface QueueBatchSummary extends BatchSummary {
  queue: QueueReport;
}

/** The Redis key of the coordinator's claim on a queue (outside BullMQ's keys, which obliterate clears). */
export function claimKey(name: string): string {
  return `cardsolve:coordinator:${name}`;
}

export async function runQueuedBatch(options: QueueBatchOptions): Promise<QueueBatchSummary> {
  const { plan, queue: target } = options;
  const tally = new BatchTally(options.db, {
    mode: modeOf(options.analyse),
    limits: options.limits,
    ...(options.retryUnknown !== undefined ? { retryUnknown: options.retryUnknown } : {}),
    ...(options.force !== undefined ? { force: options.force } : {}),
  });
  const redis: Redis = await connect(target);
  const restoreCheckpoints = relaxCheckpoints(options.db);
  let claim: CoordinatorClaim | null = null;
  let queue: Queue | null = null;
  let events: QueueEvents | null = null;
  let report: QueueReport;
  try {
    claim = await CoordinatorClaim.take(redis, claimKey(target.name), `${target.shown} (queue ${target.name})`);
    queue = new Queue(target.name, { connection: target.redis });
    events = new QueueEvents(target.name, { connection: target.redis });
    // Connection trouble is retried by ioredis; the awaited calls report what does not recover.
    queue.on('error', () => {});
    events.on('error', () => {});
    const wakeups = new QueueWakeups(events);
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    report = await coordinate(options, { queue, claim, wakeups, tally });
  } finally {
    await Promise.allSettled([events?.close(), queue?.close()]);
    await claim?.release().catch(() => {});
    redis.disconnect();
    restoreCheckpoints();
  }
  return { ...tally.summary(plan.total, report.threads), queue: report };
}

/** Takes over what an earlier run left in the queue, sends the rest of the plan and stores what comes back. */
async function coordinate(
  options: QueueBatchOptions,
  { queue, claim, wakeups, tally }: { queue: Queue; claim: CoordinatorClaim; wakeups: QueueWakeups; tally: BatchTally },
): Promise<QueueReport> {
  const { plan, limits, analyse, queue: target } = options;
  const mode = modeOf(analyse);
  const signature = batchSignature(mode, plan.flags, limits, analyse);
  const recovery = await recoverQueue(queue, target, signature, tally, options.discardQueued === true);
  tally.countPlanned(plan);
  options.onStart?.(tally.progress());
  const dispatch = new ChunkDispatch(
    {
      queue,
      claim,
      wakeups,
      tally,
      signature,
      jobOf: (chunk) => chunkJob(signature, mode, plan.flags, limits, analyse, chunk),
      ...(options.chunkSize !== undefined ? { chunkSize: options.chunkSize } : {}),
      ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
    },
    recovery,
  );
  await dispatch.run(plan.deals());
  const sent = dispatch.counts();
  return {
    url: target.shown,
    name: target.name,
    workerProcesses: sent.workerProcesses,
    threads: sent.threads,
    chunks: sent.chunks,
    recovered: recovery.recovered,
    adopted: recovery.awaited.size,
    stalled: wakeups.stalled,
  };
}
