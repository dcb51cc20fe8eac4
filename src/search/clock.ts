/**
 * The core's clock: milliseconds, for time limits and the time a result reports. The core
 * runs in any JavaScript engine, so it reads only what the language gives (`Date.now`); a host
 * with a finer, monotonic clock (Node's `performance.now`) plugs it in with `useClock`, as it
 * plugs in its own hash (`useSha256Hex`).
 */
let clock: () => number = () => Date.now();

/** The time now, in milliseconds (from an origin of the clock's own: only differences mean anything). */
export function now(): number {
  return clock();
}

/** Makes the core read `read` instead of `Date.now` (call it before any search starts). */
export function useClock(read: () => number): void {
  clock = read;
}
