/**
 * A batch through a queue: the coordinator plans as a local batch does, puts chunks of deals
 * on a BullMQ queue for `cardsolve worker` processes anywhere, and stores the analyses in its
 * SQLite file as they come back. A chunk's job leaves Redis only after its rows are committed,
 * so a killed coordinator loses nothing: the rerun stores what finished meanwhile and waits
 * for what is still queued instead of sending it again.
 */
import type Database from 'better-sqlite3';
import { type Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { InputError } from '../../errors/inputError.js';
import { gameById } from '../../games/registry.js';
import type { AnalyseOptions } from '../../games/types.js';
import type { Limits } from '../../search/limits.js';
import type { NewResult } from '../../store/results.js';
import type { BatchPlan, PlannedDeal } from '../inputs.js';
import type { BatchProgress, BatchSummary } from '../report.js';
import { MAX_CHUNK, modeOf } from '../run.js';
import { BatchTally, relaxCheckpoints } from '../tally.js';
import { CoordinatorClaim } from './claim.js';
import { connect, type QueueTarget } from './connection.js';
import { batchSignature, type ChunkJob, checkReply, chunkJob, isChunkJob } from './jobs.js';

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

/** Aim for chunks of about this much solver time: each costs a few Redis round trips. */
const CHUNK_TARGET_MS = 1000;
/** States of a job still to come back. */
const PENDING_STATES = ['wait', 'active', 'delayed', 'prioritized', 'paused', 'waiting-children'] as const;
/** How long to wait for a completion event before looking anyway. */
const IDLE_POLL_MS = 1000;

/** The Redis key of the coordinator's claim on a queue (outside BullMQ's keys, which obliterate clears). */
export function claimKey(name: string): string {
  return `cardsolve:coordinator:${name}`;
}

function plannedOf(job: ChunkJob): PlannedDeal[] {
  return job.deals.map((d) => ({ input: d.input, game: gameById(d.game), dealKey: d.key, rules: d.rules, solverVersion: d.solver }));
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

export async function runQueuedBatch(options: QueueBatchOptions): Promise<QueueBatchSummary> {
  const { plan, limits, analyse, queue: target } = options;
  const mode = modeOf(analyse);
  const signature = batchSignature(mode, plan.flags, limits, analyse);
  const tally = new BatchTally(options.db, {
    mode,
    limits,
    ...(options.retryUnknown !== undefined ? { retryUnknown: options.retryUnknown } : {}),
    ...(options.force !== undefined ? { force: options.force } : {}),
  });
  const report: QueueReport = {
    url: target.shown,
    name: target.name,
    workerProcesses: 0,
    threads: 0,
    chunks: 0,
    recovered: 0,
    adopted: 0,
    stalled: 0,
  };
  const workersSeen = new Map<string, number>();

  const redis: Redis = await connect(target);
  const restoreCheckpoints = relaxCheckpoints(options.db);
  let claim: CoordinatorClaim | null = null;
  let queue: Queue | null = null;
  let events: QueueEvents | null = null;
  try {
    claim = await CoordinatorClaim.take(redis, claimKey(target.name), `${target.shown} (queue ${target.name})`);
    queue = new Queue(target.name, { connection: target.redis });
    events = new QueueEvents(target.name, { connection: target.redis });
    // Connection trouble is retried by ioredis; the awaited calls report what does not recover.
    queue.on('error', () => {});
    events.on('error', () => {});
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const q = queue;

    // Wake-ups: a chunk finished or failed somewhere; stalled chunks are counted for the report.
    let wake: (() => void) | null = null;
    let signalled = false;
    let sawFailure = false;
    const poke = (): void => {
      signalled = true;
      const w = wake;
      wake = null;
      w?.();
    };
    events.on('completed', poke);
    events.on('failed', () => {
      sawFailure = true;
      poke();
    });
    events.on('stalled', () => {
      report.stalled++;
    });
    /** Resolves at the next completion event (at once if one came since the last look), or after `ms`. */
    const nextEvent = (ms: number): Promise<void> => {
      if (signalled) {
        signalled = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wake = null;
          resolve();
        }, ms);
        wake = () => {
          clearTimeout(timer);
          signalled = false;
          resolve();
        };
      });
    };

    let dealsTimed = 0;
    let msTimed = 0;

    /** Stores finished chunks in one transaction, then removes their jobs from Redis. */
    const storeFinished = async (jobs: readonly Job[]): Promise<number> => {
      const rows: NewResult[] = [];
      const done: Job[] = [];
      for (const job of jobs) {
        if (!isChunkJob(job.data) || job.data.batch !== signature) continue;
        const deals = plannedOf(job.data);
        const reply = checkReply(job.data, job.returnvalue);
        if (!reply.ok) {
          tally.fail(
            `${deals[0]?.dealKey ?? 'a chunk'} and ${deals.length - 1} more: a worker's result was refused (${reply.reason})`,
            deals.length,
          );
        } else {
          rows.push(...tally.rowsOf(deals, reply.outcomes, new Date(job.finishedOn ?? Date.now()).toISOString()));
          workersSeen.set(`${reply.worker.host}\u0000${reply.worker.pid}`, reply.worker.threads);
          dealsTimed += deals.length;
          msTimed += reply.ms;
        }
        done.push(job);
      }
      tally.store.saveMany(rows);
      tally.counted(rows);
      // Only now that the rows are committed may the results leave Redis.
      await Promise.all(done.map((job) => q.remove(job.id!)));
      return done.length;
    };

    /** Records failed chunks (a worker refused a malformed chunk, or a chunk stalled too often) and removes them. */
    const recordFailed = async (jobs: readonly Job[]): Promise<number> => {
      const mine = jobs.filter((job) => isChunkJob(job.data) && job.data.batch === signature);
      for (const job of mine) {
        const deals = (job.data as ChunkJob).deals;
        tally.fail(`${deals[0]?.key ?? 'a chunk'} and ${deals.length - 1} more: ${job.failedReason}`, deals.length);
      }
      await Promise.all(mine.map((job) => q.remove(job.id!)));
      return mine.length;
    };

    // What an earlier run left in the queue. Pending chunks are listed first: one that
    // finishes meanwhile shows up again among the finished ones, which take precedence.
    const pendingBefore = await jobsIn(q, PENDING_STATES);
    const finishedBefore = await jobsIn(q, ['completed']);
    const failedBefore = await jobsIn(q, ['failed']);
    const foreign = [...pendingBefore, ...finishedBefore, ...failedBefore].filter(
      (job) => !isChunkJob(job.data) || job.data.batch !== signature,
    );
    if (foreign.length > 0) {
      if (!options.discardQueued) {
        throw new InputError(
          `the queue ${target.name} at ${target.shown} holds ${foreign.length} chunk${foreign.length === 1 ? '' : 's'} of another batch ` +
            `(other settings, limits or cardsolve version): finish that batch by running it again, give this one its own --queue-name, ` +
            `or add --discard-queued to drop them`,
        );
      }
      await q.obliterate({ force: true });
      pendingBefore.length = finishedBefore.length = failedBefore.length = 0;
    }
    // A run killed between committing a chunk's rows and removing its job leaves both: those
    // deals were stored by that run, not recovered by this one.
    let storedBefore = 0;
    for (const job of finishedBefore) {
      if (!isChunkJob(job.data) || job.data.batch !== signature) continue;
      for (const deal of plannedOf(job.data)) if (tally.store.stored(tally.keyOf(deal)) !== null) storedBefore++;
    }
    await storeFinished(finishedBefore);
    report.recovered = tally.analysed - storedBefore;
    // Failed chunks of the earlier run are sent again below (their deals are not stored).
    await Promise.all(failedBefore.map((job) => q.remove(job.id!)));
    // Chunks still queued or in a worker's hands: their deals are awaited, not sent again.
    const gone = new Set([...finishedBefore, ...failedBefore].map((job) => job.id));
    const awaited = new Set<string>();
    let outstanding = 0;
    for (const job of pendingBefore) {
      if (gone.has(job.id)) continue;
      outstanding++;
      for (const d of (job.data as ChunkJob).deals) awaited.add(d.key);
    }
    report.adopted = awaited.size;
    // Recovered rows count as stored (skipped by the plan below), not as analysed by this run;
    // deals of refused replies are sent again.
    const recoveredCounts = { ...tally.thisRun };
    tally.analysed = 0;
    tally.failed = 0;
    for (const verdict of ['winnable', 'unwinnable', 'unknown', 'cut'] as const) {
      tally.thisRun[verdict] = 0;
      tally.stored[verdict] -= recoveredCounts[verdict];
    }

    tally.pending += tally.countWanted(plan);
    options.onStart?.(tally.progress());

    let sent = 0;
    const threads = (): number => {
      let n = 0;
      for (const t of workersSeen.values()) n += t;
      return n;
    };
    const chunkSize = (): number => {
      if (options.chunkSize !== undefined) return options.chunkSize;
      const share = Math.max(1, Math.ceil((tally.pending - sent - awaited.size) / Math.max(2, threads())));
      if (dealsTimed === 0) return Math.min(4, share);
      const perDeal = msTimed / dealsTimed;
      return Math.max(1, Math.min(MAX_CHUNK, share, Math.floor(CHUNK_TARGET_MS / Math.max(perDeal, 0.01))));
    };
    /** Chunks on the queue at once: enough that no worker waits for the coordinator. */
    const window = (): number => Math.max(8, 4 * threads());

    let idleRounds = 0;
    /** Waits for finished chunks (an event, or IDLE_POLL_MS) and stores them. */
    const collect = async (): Promise<void> => {
      await nextEvent(IDLE_POLL_MS);
      if (claim!.lost) throw new Error(`the batch stopped: ${claim!.lost}`);
      let back = await storeFinished(await q.getJobs(['completed'], 0, 999, true));
      if (sawFailure || back === 0) {
        sawFailure = false;
        back += await recordFailed(await q.getJobs(['failed'], 0, 999, true));
      }
      outstanding -= back;
      report.workerProcesses = workersSeen.size;
      report.threads = threads();
      if (back > 0) {
        idleRounds = 0;
        options.onProgress?.(tally.progress());
        return;
      }
      // Nothing came back for a while: make sure the chunks still exist (a Redis restarted without its data loses them).
      if (++idleRounds % 10 === 0 && outstanding > 0) {
        const counts = await q.getJobCounts(...PENDING_STATES, 'completed', 'failed');
        if (Object.values(counts).reduce((a, b) => a + b, 0) === 0) {
          throw new Error(
            `${outstanding} chunk${outstanding === 1 ? '' : 's'} vanished from the queue (was Redis restarted without its data?): run the batch again to analyse them`,
          );
        }
      }
    };

    const send = async (chunk: PlannedDeal[]): Promise<void> => {
      while (outstanding >= window()) await collect();
      await q.add('chunk', chunkJob(signature, mode, plan.flags, limits, analyse, chunk), { removeOnComplete: false, removeOnFail: false });
      outstanding++;
      sent += chunk.length;
      report.chunks++;
    };

    // Chunks go on the queue while the window has room; collect() stores what came back
    // whenever it is full, and at the end.
    let chunk: PlannedDeal[] = [];
    let size = chunkSize();
    for (const deal of plan.deals()) {
      // An awaited deal first: its chunk may come back (and be stored and counted) before
      // the walk gets to it, and must not be counted again as found stored.
      if (awaited.has(deal.dealKey)) continue;
      if (!tally.admit(deal)) continue;
      chunk.push(deal);
      if (chunk.length >= size) {
        await send(chunk);
        chunk = [];
        size = chunkSize();
      }
    }
    if (chunk.length > 0) await send(chunk);
    // A deal named twice was found stored the second time, so the total is what was sent and awaited.
    tally.pending = sent + awaited.size;
    while (outstanding > 0) await collect();
  } finally {
    await Promise.allSettled([events?.close(), queue?.close()]);
    await claim?.release().catch(() => {});
    redis.disconnect();
    restoreCheckpoints();
  }
  report.workerProcesses = workersSeen.size;
  let threads = 0;
  for (const t of workersSeen.values()) threads += t;
  report.threads = threads;
  return { ...tally.summary(plan.total, threads), queue: report };
}
