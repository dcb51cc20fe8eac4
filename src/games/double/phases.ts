/**
 * Where the analyses of a thread spend their time, by phase (the benchmark prints it): a
 * clock that charges the time between two switches to the phase under way. Nested phases
 * charge their own time, not the phase around them. Two clock readings per switch, a few
 * dozen switches per deal.
 */
import { now } from '../../search/clock.js';

export const PHASES = ['search', 'lower bound', 'shortening', 'fewer passes', 'difficulty', 'other'] as const;
export type Phase = (typeof PHASES)[number];

export class PhaseClock {
  private readonly totals = new Float64Array(PHASES.length);
  /** The phase under way (an index into `PHASES`), -1 outside any analysis. */
  private current = -1;
  private since = 0;

  private switchTo(phase: number): void {
    const t = now();
    if (this.current >= 0) this.totals[this.current]! += t - this.since;
    this.since = t;
    this.current = phase;
  }

  /** Runs `run` with its time charged to `phase`, then goes back to the phase around it. */
  in<T>(phase: Phase, run: () => T): T {
    const outer = this.current;
    this.switchTo(PHASES.indexOf(phase));
    try {
      return run();
    } finally {
      this.switchTo(outer);
    }
  }

  /** Milliseconds charged to each phase since the last `reset`. */
  times(): Record<Phase, number> {
    return Object.fromEntries(PHASES.map((p, i) => [p, this.totals[i]!])) as Record<Phase, number>;
  }

  reset(): void {
    this.totals.fill(0);
  }
}
