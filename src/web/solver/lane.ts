/**
 * One solver worker and the requests waiting for it, sent one at a time so that an abort
 * knows what the worker is busy with: a waiting request just leaves the queue, while the one
 * being solved ends with its worker (a solve cannot be stopped from outside) and a fresh
 * worker takes the next.
 */
import type { ApiError } from '../../contract';
import { ApiFailure } from '../api';
import type { SolverReply, SolverRequest } from './protocol';

interface Pending {
  id: number;
  request: SolverRequest;
  resolve: (reply: SolverReply) => void;
  reject: (error: unknown) => void;
  /** Removes the abort listener once settled. */
  release: () => void;
}

function abortError(): DOMException {
  return new DOMException('the request was aborted', 'AbortError');
}

/** The reply as the API's answer, or the `ApiFailure` a fetch of the route would throw. */
function settle(pending: Pending, reply: SolverReply): void {
  pending.release();
  if (reply.ok) {
    pending.resolve(reply);
    return;
  }
  const body = JSON.parse(reply.json) as ApiError;
  pending.reject(new ApiFailure(reply.status, body.error, body));
}

export class WorkerLane {
  private worker: Worker | null = null;
  private running: Pending | null = null;
  private readonly waiting: Pending[] = [];
  private nextId = 1;

  /** `start` makes a worker; the first is made at the first request. */
  constructor(private readonly start: () => Worker) {}

  /** The answer; rejects with `ApiFailure` as the API would fail, or an `AbortError`. */
  ask(request: SolverRequest, signal?: AbortSignal): Promise<SolverReply> {
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise<SolverReply>((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, request, resolve, reject, release: () => undefined };
      if (signal) {
        const onAbort = () => this.abort(pending);
        signal.addEventListener('abort', onAbort, { once: true });
        pending.release = () => signal.removeEventListener('abort', onAbort);
      }
      this.waiting.push(pending);
      this.next();
    });
  }

  private next(): void {
    if (this.running !== null) return;
    const pending = this.waiting.shift();
    if (pending === undefined) return;
    this.running = pending;
    this.worker ??= this.spawn();
    this.worker.postMessage({ id: pending.id, request: pending.request });
  }

  private spawn(): Worker {
    const worker = this.start();
    worker.onmessage = (event: MessageEvent<SolverReply>) => {
      const pending = this.running;
      if (pending === null || event.data.id !== pending.id) return;
      this.running = null;
      settle(pending, event.data);
      this.next();
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.stop(new ApiFailure(500, `the solver stopped: ${event.message || 'its worker failed to start'}`, null), false);
    };
    return worker;
  }

  /** Ends the worker; the request it was solving fails with `error`. A fresh one starts at once (`restart`) or for the next request. */
  private stop(error: unknown, restart: boolean): void {
    this.worker?.terminate();
    this.worker = restart ? this.spawn() : null;
    const pending = this.running;
    this.running = null;
    if (pending !== null) {
      pending.release();
      pending.reject(error);
    }
    this.next();
  }

  private abort(pending: Pending): void {
    const at = this.waiting.indexOf(pending);
    if (at >= 0) {
      this.waiting.splice(at, 1);
      pending.release();
      pending.reject(abortError());
    } else if (this.running === pending) {
      // Ready for the next request at once: the one that replaces this is likely on its way.
      this.stop(abortError(), true);
    }
  }
}
