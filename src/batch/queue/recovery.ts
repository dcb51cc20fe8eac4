/**
 * What a killed coordinator left in the queue, taken over by the rerun: finished chunks are
 * stored, failed ones dropped (their deals are sent again), chunks still queued or in a
 * worker's hands awaited rather than sent again. Chunks of another batch stop the run unless
 * it may discard them.
 */
import type { Job, Queue } from 'bullmq';
import { InputError } from '../../errors/inputError.js';
import type { BatchTally } from '../tally.js';
import type { QueueTarget } from './connection.js';
import { readFinished } from './finished.js';
import { type ChunkJob, isChunkJob, PENDING_STATES, plannedOf } from './jobs.js';

export interface Recovery {
  /** Deals found finished and stored now, those the earlier run had not stored itself. */
  recovered: number;
  /** Deals of the chunks still queued or in a worker's hands: awaited, not sent again. */
  awaited: Set<string>;
  /** How many chunks hold them. */
  outstanding: number;
  /** Deals of the finished chunks and their solver time, for the chunk size. */
  dealsTimed: number;
  msTimed: number;
  /** The worker processes that answered (host and pid) with their threads. */
  workers: Map<string, number>;
}

/** Pages through the jobs in some states, oldest first. */
async function jobsIn(queue: Queue, states: readonly string[], page = 1000): Promise<Job[]> {
  const all: Job[] = [];
  for (let start = 0; ; start += page) {
    const jobs = (await queue.getJobs([...states] as Parameters<Queue['getJobs']>[0], start, start + page - 1, true)).filter(
      (j): j is Job => Boolean(j),
    );
    all.push(...jobs);
    if (jobs.length < page) return all;
  }
}

/** Takes over what an earlier run of the batch left in the queue, and returns what it found. */
export async function recoverQueue(
  queue: Queue,
  target: QueueTarget,
  signature: string,
  tally: BatchTally,
  discardQueued: boolean,
): Promise<Recovery> {
  // Pending chunks are listed first: one that finishes meanwhile shows up again among the
  // finished ones, which take precedence.
  let pending = await jobsIn(queue, PENDING_STATES);
  let finished = await jobsIn(queue, ['completed']);
  let failed = await jobsIn(queue, ['failed']);
  const foreign = [...pending, ...finished, ...failed].filter((job) => !isChunkJob(job.data) || job.data.batch !== signature);
  if (foreign.length > 0) {
    if (!discardQueued) {
      throw new InputError(
        `the queue ${target.name} at ${target.shown} holds ${foreign.length} chunk${foreign.length === 1 ? '' : 's'} of another batch ` +
          `(other settings, limits or cardsolve version): finish that batch by running it again, give this one its own --queue-name, ` +
          `or add --discard-queued to drop them`,
      );
    }
    await queue.obliterate({ force: true });
    pending = finished = failed = [];
  }

  // A run killed between committing a chunk's rows and removing its job leaves both: those
  // deals were stored by that run, not recovered by this one.
  let storedBefore = 0;
  for (const job of finished) {
    if (!isChunkJob(job.data) || job.data.batch !== signature) continue;
    for (const deal of plannedOf(job.data)) if (tally.isStored(deal)) storedBefore++;
  }
  // Failures among them are not counted: those deals are not stored, and are sent again.
  const read = readFinished(finished, signature, tally);
  tally.saveRecovered(read.rows);
  // Only now that the rows are committed may the results leave Redis.
  await Promise.all(read.jobs.map((job) => queue.remove(job.id!)));
  // Failed chunks of the earlier run are sent again (their deals are not stored).
  await Promise.all(failed.map((job) => queue.remove(job.id!)));

  const gone = new Set([...finished, ...failed].map((job) => job.id));
  const awaited = new Set<string>();
  let outstanding = 0;
  for (const job of pending) {
    if (gone.has(job.id)) continue;
    outstanding++;
    for (const d of (job.data as ChunkJob).deals) awaited.add(d.key);
  }
  return {
    recovered: read.rows.length - storedBefore,
    awaited,
    outstanding,
    dealsTimed: read.dealsTimed,
    msTimed: read.msTimed,
    workers: read.workers,
  };
}
