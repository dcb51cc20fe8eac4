/**
 * Sending a batch's chunks through the queue: chunks go on the queue while a window of them
 * is out, and whatever came back is stored whenever the window is full, and at the end.
 */
import type { Queue } from 'bullmq';
import { ChunkPace } from '../chunkSize.js';
import type { PlannedDeal } from '../inputs.js';
import type { BatchProgress } from '../report.js';
import type { BatchTally } from '../tally.js';
import type { CoordinatorClaim } from './claim.js';
import { readFailed, readFinished } from './finished.js';
import { type ChunkJob, PENDING_STATES } from './jobs.js';
import type { Recovery } from './recovery.js';
import type { QueueWakeups } from './wakeups.js';

/** Aim for chunks of about this much solver time: each costs a few Redis round trips. */
const CHUNK_TARGET_MS = 1000;
/** How long to wait for a completion event before looking anyway. */
const IDLE_POLL_MS = 1000;

interface DispatchSetup {
  queue: Queue;
  claim: CoordinatorClaim;
  wakeups: QueueWakeups;
  tally: BatchTally;
  signature: string;
  /** The job of a chunk of deals. */
  jobOf: (chunk: readonly PlannedDeal[]) => ChunkJob;
  /** Deals per chunk, else adapted to the deals' speed. */
  chunkSize?: number;
  onProgress?: (progress: BatchProgress) => void;
}

export class ChunkDispatch {
  /** Chunks on the queue that have not come back. */
  private outstanding: number;
  /** Deals sent by this run. */
  private sent = 0;
  /** Chunks sent by this run. */
  private chunks = 0;
  private readonly pace = new ChunkPace(CHUNK_TARGET_MS, 4);
  private idleRounds = 0;
  /** The worker processes that answered (host and pid) with their threads. */
  private readonly workers: Map<string, number>;
  private readonly awaited: ReadonlySet<string>;

  constructor(
    private readonly setup: DispatchSetup,
    recovery: Recovery,
  ) {
    this.outstanding = recovery.outstanding;
    this.awaited = recovery.awaited;
    this.pace.timed(recovery.dealsTimed, recovery.msTimed);
    this.workers = new Map(recovery.workers);
  }

  /**
   * Sends the deals the tally admits, skipping those awaited from an earlier run, and stores
   * what comes back until every chunk is back.
   */
  async run(deals: Iterable<PlannedDeal>): Promise<void> {
    const { tally } = this.setup;
    let chunk: PlannedDeal[] = [];
    let size = this.chunkSize();
    for (const deal of deals) {
      // An awaited deal first: its chunk may come back (and be stored and counted) before
      // the walk gets to it, and must not be counted again as found stored.
      if (this.awaited.has(deal.dealKey)) continue;
      if (!tally.admit(deal)) continue;
      chunk.push(deal);
      if (chunk.length >= size) {
        await this.send(chunk);
        chunk = [];
        size = this.chunkSize();
      }
    }
    if (chunk.length > 0) await this.send(chunk);
    tally.allSent(this.sent + this.awaited.size);
    while (this.outstanding > 0) await this.collect();
  }

  /** Chunks sent, worker processes and their threads that answered, for the report. */
  counts(): { chunks: number; workerProcesses: number; threads: number } {
    return { chunks: this.chunks, workerProcesses: this.workers.size, threads: this.threads() };
  }

  private threads(): number {
    let n = 0;
    for (const t of this.workers.values()) n += t;
    return n;
  }

  private chunkSize(): number {
    if (this.setup.chunkSize !== undefined) return this.setup.chunkSize;
    const left = this.setup.tally.pending - this.sent - this.awaited.size;
    return this.pace.size(Math.max(1, Math.ceil(left / Math.max(2, this.threads()))));
  }

  /** Chunks on the queue at once: enough that no worker waits for the coordinator. */
  private window(): number {
    return Math.max(8, 4 * this.threads());
  }

  private async send(chunk: readonly PlannedDeal[]): Promise<void> {
    while (this.outstanding >= this.window()) await this.collect();
    await this.setup.queue.add('chunk', this.setup.jobOf(chunk), { removeOnComplete: false, removeOnFail: false });
    this.outstanding++;
    this.sent += chunk.length;
    this.chunks++;
  }

  /** Waits for finished chunks (an event, or IDLE_POLL_MS) and stores them. */
  private async collect(): Promise<void> {
    const { queue, claim, wakeups } = this.setup;
    await wakeups.next(IDLE_POLL_MS);
    if (claim.lost) throw new Error(`the batch stopped: ${claim.lost}`);
    let back = await this.storeFinished();
    // A chunk failed since the last look, or nothing finished: the failed chunks too.
    if (wakeups.takeFailure() || back === 0) back += await this.recordFailed();
    this.outstanding -= back;
    if (back > 0) {
      this.idleRounds = 0;
      this.setup.onProgress?.(this.setup.tally.progress());
      return;
    }
    // Nothing came back for a while: make sure the chunks still exist (a Redis restarted without its data loses them).
    if (++this.idleRounds % 10 === 0 && this.outstanding > 0) {
      const counts = await queue.getJobCounts(...PENDING_STATES, 'completed', 'failed');
      if (Object.values(counts).reduce((a, b) => a + b, 0) === 0) {
        const n = this.outstanding;
        throw new Error(
          `${n} chunk${n === 1 ? '' : 's'} vanished from the queue (was Redis restarted without its data?): run the batch again to analyse them`,
        );
      }
    }
  }

  /** Stores finished chunks in one transaction, then removes their jobs from Redis; returns how many. */
  private async storeFinished(): Promise<number> {
    const { queue, tally, signature } = this.setup;
    const read = readFinished(await queue.getJobs(['completed'], 0, 999, true), signature, tally);
    for (const { message, deals } of read.failures) tally.fail(message, deals);
    tally.save(read.rows);
    for (const [worker, threads] of read.workers) this.workers.set(worker, threads);
    this.pace.timed(read.dealsTimed, read.msTimed);
    // Only now that the rows are committed may the results leave Redis.
    await Promise.all(read.jobs.map((job) => queue.remove(job.id!)));
    return read.jobs.length;
  }

  /** Records failed chunks and removes them; returns how many. */
  private async recordFailed(): Promise<number> {
    const { queue, tally, signature } = this.setup;
    const read = readFailed(await queue.getJobs(['failed'], 0, 999, true), signature);
    for (const { message, deals } of read.failures) tally.fail(message, deals);
    await Promise.all(read.jobs.map((job) => queue.remove(job.id!)));
    return read.jobs.length;
  }
}
