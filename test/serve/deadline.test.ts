/**
 * A request's time limit bounds its answer (deadline.ts), on a fake clock: the solve is asked
 * to hand back its answer before the deadline, an answer in time is sent, and one that has not
 * come by the deadline's grace is a 503 then, whatever the solve does after.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_RESERVE_MS, answeredBy, LATE_GRACE_MS, solveDeadline } from '../../src/serve/deadline.js';
import { BusyError } from '../../src/serve/solverPool.js';

/** A promise and the function that settles it, as a solve's answer arriving whenever the test says. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: Error) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What a promise has come to so far: its answer, its error, or nothing yet. */
function watch<T>(promise: Promise<T>): { state: 'pending' | 'answered' | 'refused'; value?: T; error?: unknown } {
  const seen: { state: 'pending' | 'answered' | 'refused'; value?: T; error?: unknown } = { state: 'pending' };
  promise.then(
    (value) => Object.assign(seen, { state: 'answered', value }),
    (error: unknown) => Object.assign(seen, { state: 'refused', error }),
  );
  return seen;
}

describe('the deadline of a request', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the solve hands back its answer a quarter of the limit early, at most ANSWER_RESERVE_MS', () => {
    expect(solveDeadline(1_002_000, 2000)).toBe(1_002_000 - ANSWER_RESERVE_MS);
    expect(solveDeadline(1_000_300, 300)).toBe(1_000_300 - 75);
    expect(solveDeadline(1_000_001, 1)).toBe(1_000_000);
  });

  it('an answer that comes before the grace ends is sent, and the timer is gone', async () => {
    const solve = later<string>();
    const seen = watch(answeredBy(solve.promise, Date.now() + 2000, 2000));
    await vi.advanceTimersByTimeAsync(2000 + LATE_GRACE_MS - 1);
    expect(seen.state).toBe('pending');
    solve.resolve('the answer');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual({ state: 'answered', value: 'the answer' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('no answer by the deadline and its grace: a 503 naming the limit then; the solve’s late answer changes nothing', async () => {
    const solve = later<string>();
    const seen = watch(answeredBy(solve.promise, Date.now() + 2000, 2000));
    await vi.advanceTimersByTimeAsync(2000 + LATE_GRACE_MS);
    expect(seen.state).toBe('refused');
    expect(seen.error).toBeInstanceOf(BusyError);
    expect((seen.error as BusyError).retryAfterS).toBe(1);
    expect((seen.error as Error).message).toMatch(/within this request's time limit \(2000ms\)/);
    solve.resolve('too late');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.state).toBe('refused');
  });

  it('the solve’s own error (a 400, a busy pool) is passed on as it is', async () => {
    const solve = later<string>();
    const seen = watch(answeredBy(solve.promise, Date.now() + 2000, 2000));
    const error = new Error('the move is not legal');
    solve.reject(error);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual({ state: 'refused', error });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a deadline already past when the request is read: the 503 comes on the next turn, not never', async () => {
    const seen = watch(answeredBy(later<string>().promise, Date.now() - 5000, 2000));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.state).toBe('refused');
  });
});
