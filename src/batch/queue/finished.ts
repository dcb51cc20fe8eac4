/**
 * What comes back through the queue: finished chunks read into rows to store, failed chunks
 * into failures. Reading removes nothing: a job leaves Redis only once its rows are committed.
 */
import type { Job } from 'bullmq';
import type { NewResult } from '../../store/results.js';
import type { BatchTally } from '../tally.js';
import { type ChunkJob, checkReply, isChunkJob, plannedOf } from './jobs.js';

/** Deals that failed, with the message to report. */
interface ChunkFailure {
  message: string;
  deals: number;
}

interface FinishedChunks {
  /** The rows of the analyses that came back, to store in one transaction. */
  rows: NewResult[];
  /** Deals whose analysis threw, and chunks whose reply was refused. */
  failures: ChunkFailure[];
  /** The batch's jobs read, to remove once their rows are committed. */
  jobs: Job[];
  /** Deals analysed and the solver time they took, for the chunk size. */
  dealsTimed: number;
  msTimed: number;
  /** The worker processes that answered (host and pid) with their threads. */
  workers: Map<string, number>;
}

/** The batch's chunks among jobs; another batch's are left alone. */
function ofBatch(jobs: readonly Job[], signature: string): Job<ChunkJob>[] {
  return jobs.filter((job): job is Job<ChunkJob> => isChunkJob(job.data) && job.data.batch === signature);
}

/** Reads the batch's finished chunks: the rows of their analyses, checked against the chunks asked for. */
export function readFinished(jobs: readonly Job[], signature: string, tally: BatchTally): FinishedChunks {
  const read: FinishedChunks = { rows: [], failures: [], jobs: [], dealsTimed: 0, msTimed: 0, workers: new Map() };
  for (const job of ofBatch(jobs, signature)) {
    const deals = plannedOf(job.data);
    const reply = checkReply(job.data, job.returnvalue);
    if (!reply.ok) {
      read.failures.push({
        message: `${deals[0]?.dealKey ?? 'a chunk'} and ${deals.length - 1} more: a worker's result was refused (${reply.reason})`,
        deals: deals.length,
      });
    } else {
      const { rows, failures } = tally.rowsOf(deals, reply.outcomes, new Date(job.finishedOn ?? Date.now()).toISOString());
      read.rows.push(...rows);
      for (const message of failures) read.failures.push({ message, deals: 1 });
      read.workers.set(`${reply.worker.host}\u0000${reply.worker.pid}`, reply.worker.threads);
      read.dealsTimed += deals.length;
      read.msTimed += reply.ms;
    }
    read.jobs.push(job);
  }
  return read;
}

/** Reads the batch's failed chunks (a worker refused a malformed chunk, or a chunk stalled too often). */
export function readFailed(jobs: readonly Job[], signature: string): { failures: ChunkFailure[]; jobs: Job[] } {
  const mine = ofBatch(jobs, signature);
  const failures = mine.map((job) => {
    const deals = job.data.deals;
    return { message: `${deals[0]?.key ?? 'a chunk'} and ${deals.length - 1} more: ${job.failedReason}`, deals: deals.length };
  });
  return { failures, jobs: mine };
}
