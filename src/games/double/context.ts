/**
 * What the Double Solitaire searches of one thread keep from one search, and one deal, to the
 * next, in one object: the transposition tables (emptied, not made again), the clock of where
 * the time goes, and the forking beams' record of keys. A thread makes it once
 * (`threadContext`); the game's entry hands it to the solver, which passes it down to every
 * search that uses it. Nothing in it is shared between threads, or between two searches at
 * once (a search that starts another takes a second table).
 */
import { KeyRecord } from './beamFork.js';
import { PhaseClock } from './phases.js';
import { TablePool } from './tables.js';

export class DoubleContext {
  readonly tables = new TablePool();
  readonly phases = new PhaseClock();
  /** The keys a forking beam has seen, in order (beamFork.ts): one buffer, as beams run one at a time. */
  readonly beamKeys = new KeyRecord();
}

let thread: DoubleContext | undefined;

/** This thread's context, made on first use. */
export function threadContext(): DoubleContext {
  thread ??= new DoubleContext();
  return thread;
}
