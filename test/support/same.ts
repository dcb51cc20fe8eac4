/**
 * Checks for loops of thousands: each value compared in place, and `expect` called (with the
 * same message) only where it differs. A call of `expect` costs tens of microseconds; in such
 * loops it was most of the test's time.
 */
import { expect } from 'vitest';

/** `expect(actual, label).toBe(expected)`, called only when the two differ. */
export function same<T>(actual: T, expected: T, label?: string): void {
  if (!Object.is(actual, expected)) expect(actual, label).toBe(expected);
}

/** `expect(actual, label).toEqual(expected)` for two lists of numbers, called only when they differ. */
export function sameList(actual: ArrayLike<number>, expected: ArrayLike<number>, label?: string): void {
  let differ = actual.length !== expected.length;
  for (let i = 0; !differ && i < actual.length; i++) differ = !Object.is(actual[i], expected[i]);
  if (differ) expect(Array.from(actual), label).toEqual(Array.from(expected));
}
