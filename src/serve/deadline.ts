/**
 * A request's time limit bounds its whole answer, from its arrival: its wait for a thread, its
 * solve, and what follows the search (the fixed work after it, the hand-over, the writing).
 * The solve is asked to hand back its answer `ANSWER_RESERVE_MS` before the deadline; an
 * answer still not come `LATE_GRACE_MS` after it is a 503 with Retry-After then, and the
 * solve's late answer (kept in the cache when complete) is sent to nobody. So no answer leaves
 * later than the time limit plus the grace and the event loop's delay in sending it (the goal:
 * 250 ms in all).
 */
import type { FastifyReply } from 'fastify';
import { BusyError } from './solverPool.js';

/** Kept back from a solve for what follows its search: a quarter of the time limit, at most this. */
export const ANSWER_RESERVE_MS = 250;

/**
 * How long after the deadline an answer may still come before the 503 goes instead: the fixed
 * work after a search takes 10 to 120 ms on an idle machine, more on a busy one.
 */
export const LATE_GRACE_MS = 150;

/** When the request arrived (epoch milliseconds, whole): Fastify times a request from there. */
export function arrivedAt(reply: FastifyReply): number {
  return Math.floor(Date.now() - reply.elapsedTime);
}

/** When a solve must hand back its answer, for a request due at `deadline` with `timeMs` in all. */
export function solveDeadline(deadline: number, timeMs: number): number {
  return Math.floor(deadline - Math.min(ANSWER_RESERVE_MS, timeMs / 4));
}

/** `work`'s answer, or a `BusyError` (503) when it has not come `LATE_GRACE_MS` after `deadline`. */
export function answeredBy<T>(work: Promise<T>, deadline: number, timeMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BusyError(`the server could not answer within this request's time limit (${timeMs}ms); try again`, 1)),
      Math.max(0, deadline + LATE_GRACE_MS - Date.now()),
    );
    work.then(
      (answer) => {
        clearTimeout(timer);
        resolve(answer);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
