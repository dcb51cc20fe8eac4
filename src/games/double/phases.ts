/**
 * Where the analyses of a process spend their time, by phase (the benchmark prints it): a
 * clock that charges the time between two switches to the phase under way. Nested phases
 * charge their own time, not the phase around them. Two clock readings per switch, a few
 * dozen switches per deal.
 */
import { now } from '../../search/clock.js';

export const PHASES = ['search', 'lower bound', 'shortening', 'fewer passes', 'difficulty', 'other'] as const;
export type Phase = (typeof PHASES)[number];

const totals = new Float64Array(PHASES.length);
/** The phase under way (an index into `PHASES`), -1 outside any analysis. */
let current = -1;
let since = 0;

function switchTo(phase: number): void {
  const t = now();
  if (current >= 0) totals[current]! += t - since;
  since = t;
  current = phase;
}

/** Runs `run` with its time charged to `phase`, then goes back to the phase around it. */
export function inPhase<T>(phase: Phase, run: () => T): T {
  const outer = current;
  switchTo(PHASES.indexOf(phase));
  try {
    return run();
  } finally {
    switchTo(outer);
  }
}

/** Milliseconds charged to each phase since the last `resetPhases`. */
export function phaseTimes(): Record<Phase, number> {
  return Object.fromEntries(PHASES.map((p, i) => [p, totals[i]!])) as Record<Phase, number>;
}

export function resetPhases(): void {
  totals.fill(0);
}
