/**
 * The server's solver threads: a fixed number solve at once (the cap), a short queue waits
 * behind them, and a request past both is turned away at once (`BusyError`, a 503 with
 * Retry-After) rather than left to pile up. The queue is this pool's own, not the thread
 * pool's: a request still waiting when its time limit is near is turned away then, before
 * its time runs out, rather than started with no time left.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { SolveAnswer, Solved } from '../contract/index.js';
import { InputError } from '../errors/inputError.js';
import type { SolveTask } from './solveTask.js';

/** Too many requests solving and waiting: try again in `retryAfterS` seconds. */
export class BusyError extends Error {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(message);
  }
}

/** The worker module: beside this file once built; from the build when loaded as source. */
function workerUrl(): string {
  const beside = new URL('./solveWorkerEntry.cjs', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside.href;
  const built = new URL('../../dist/src/serve/solveWorkerEntry.cjs', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built.href;
  throw new Error(`the server's solver thread is not built: run npm run build (looked for ${fileURLToPath(built)})`);
}

export interface PoolOptions {
  /** Solves at once: one thread each. */
  threads: number;
  /** Requests that may wait for a thread. */
  queue: number;
  /** Told of each solve a request asked for, once answered: its time on the thread and its wait for one, in ms (the metrics). */
  observe?: (task: SolveTask, answer: Solved, waitMs: number) => void;
}

/**
 * Grace after a task's deadline before its thread is stopped. The searches check their clock
 * themselves; what may come after them is fixed work (the difficulty figures, the same on
 * every machine) and the shortening of a line: a few seconds at most.
 */
const OVERRUN_MS = 5000;

/**
 * The least time a task is started with: one still waiting for a thread this close to its
 * deadline is answered 503 instead (a search with less could answer only `unknown`, late).
 */
export const MIN_START_MS = 250;

export class SolverPool {
  private readonly piscina: Piscina<object, unknown>;

  constructor(readonly options: PoolOptions) {
    this.piscina = new Piscina<object, unknown>({
      filename: workerUrl(),
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: 60_000,
    });
    // A thread's message arriving while the pool is destroyed (a background answer at Ctrl-C)
    // is of no use to anyone: it must not end the process.
    this.piscina.on('error', () => {});
  }

  /** Requests solving or waiting for a thread (work nobody waits for is never counted against the cap). */
  private inFlight = 0;
  /** Threads at work: requests' tasks and work nobody waits for (positions judged ahead). */
  private busy = 0;
  /** Requests waiting for a thread, first come first served: each is given one as one frees. */
  private readonly line: Array<() => void> = [];

  /** Throws the `BusyError` a request meets when the threads and the queue are all taken. */
  refuseWhenFull(): void {
    if (this.inFlight >= this.options.threads + this.options.queue) {
      throw new BusyError(`the server is busy: ${this.options.threads} solving and ${this.options.queue} waiting; try again`, 1);
    }
  }

  /** Whether a thread is free and nobody waits: room for work nobody asked for yet. */
  get idle(): boolean {
    return this.busy < this.options.threads && this.line.length === 0;
  }

  /** Tasks on a thread now, and tasks waiting for one (the metrics). */
  get waiting(): number {
    return this.line.length;
  }

  get running(): number {
    return this.busy;
  }

  /**
   * A thread for a request: at once when one is free, else when one frees, in the order
   * asked. A `BusyError` when none has freed `MIN_START_MS` before the deadline.
   */
  private thread(deadline: number): Promise<void> {
    if (this.idle) {
      this.busy++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const given = (): void => {
        clearTimeout(timer);
        this.busy++;
        resolve();
      };
      const timer = setTimeout(
        () => {
          this.line.splice(this.line.indexOf(given), 1);
          reject(new BusyError("the server is busy: no solver thread was free in this request's time limit; try again", 1));
        },
        Math.max(0, deadline - MIN_START_MS - Date.now()),
      );
      this.line.push(given);
    });
  }

  /** A task has left its thread: the next request waiting takes it. */
  private freed(): void {
    this.busy--;
    this.line.shift()?.();
  }

  /** A solve (analysis or hint) on a thread. */
  async run(task: SolveTask): Promise<Solved> {
    const asked = performance.now();
    const answer = await this.submit<SolveAnswer>(task, task.deadline, undefined);
    if ('refused' in answer) throw new InputError(answer.refused);
    this.observed(task, answer, asked);
    return answer;
  }

  /** The wait is what the answer took beyond its solve: the queue, and the hand-over to and from the thread. */
  private observed(task: SolveTask, answer: Solved, asked: number): void {
    this.options.observe?.(task, answer, Math.max(0, performance.now() - asked - answer.ms));
  }

  /**
   * A solve nobody waits for, started only on a free thread (`idle`): a request arriving
   * meanwhile waits behind at most this one task, and is never turned away because of it.
   */
  async runInBackground(task: SolveTask): Promise<SolveAnswer> {
    if (!this.idle) throw new BusyError('no solver thread is free for work nobody asked for yet', 1);
    this.busy++;
    try {
      const signal = AbortSignal.timeout(Math.max(0, task.deadline - Date.now()) + OVERRUN_MS);
      return (await this.piscina.run(task, { signal })) as SolveAnswer;
    } finally {
      this.freed();
    }
  }

  /** Another of the worker module's functions (`stats`, `curateList`, `playLine`), under the same cap and time limit. */
  read<T>(name: 'stats' | 'curateList' | 'playLine', task: object, deadline: number): Promise<T> {
    return this.submit<T>(task, deadline, name);
  }

  /** `T` is what the worker function named returns (`solveWorker.ts`, typed by the contract's thread answers). */
  private async submit<T>(task: object, deadline: number, name: string | undefined): Promise<T> {
    this.refuseWhenFull();
    this.inFlight++;
    try {
      await this.thread(deadline);
    } catch (error) {
      this.inFlight--;
      throw error;
    }
    // A solver that overruns its clock by far (it should not) loses its thread, not the server.
    const signal = AbortSignal.timeout(Math.max(0, deadline - Date.now()) + OVERRUN_MS);
    try {
      // The pool's types name the module's default function; the others take their own tasks.
      return (await this.piscina.run(task, name === undefined ? { signal } : { signal, name })) as T;
    } catch (error) {
      if (signal.aborted)
        throw new BusyError(`the solver ran over this request's time limit by ${OVERRUN_MS / 1000} s and was stopped; try again`, 1);
      throw error;
    } finally {
      this.inFlight--;
      this.freed();
    }
  }

  async close(): Promise<void> {
    await this.piscina.close({ force: true }).catch(() => {});
    await this.piscina.destroy().catch(() => {});
  }
}
