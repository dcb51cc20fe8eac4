import { describe, expect, it } from 'vitest';
import { KEPT_WAY, lubyTerm, type RestartRun, RestartSchedule, RUNS_PER_ROUND } from '../../../src/games/double/restarts.js';

/** The steps a schedule gives when every step searches its whole cap (none decides the deal). */
function cappedSteps(firstCap: number, count: number): RestartRun[] {
  const schedule = new RestartSchedule(firstCap);
  const steps: RestartRun[] = [];
  for (let i = 0; i < count; i++) {
    const step = schedule.next();
    schedule.spent(step.cap);
    steps.push(step);
  }
  return steps;
}

describe('the restart schedule of the Double Solitaire verdict', () => {
  it("follows Luby's sequence: each block of 2^k - 1 terms is the block before it twice, then 2^(k-1)", () => {
    const terms = Array.from({ length: 255 }, (_, i) => lubyTerm(i + 1));
    for (let k = 2; k <= 8; k++) {
      const half = terms.slice(0, 2 ** (k - 1) - 1);
      expect(terms.slice(0, 2 ** k - 1)).toEqual([...half, ...half, 2 ** (k - 1)]);
    }
    expect(terms.slice(0, 7)).toEqual([1, 1, 2, 1, 1, 2, 4]);
  });

  it("starts with a round of the three ways in the plain order, at the first cap, then resumes only that round's complete run", () => {
    const steps = cappedSteps(3000, 500);
    expect(steps.slice(0, RUNS_PER_ROUND)).toEqual([0, 1, 2].map((way) => ({ seed: 0, way, cap: 3000, resume: false })));
    const later = steps.slice(RUNS_PER_ROUND);
    expect(later[0]!.resume).toBe(true);
    for (const step of later.filter((s) => s.resume)) expect(step).toEqual({ seed: 0, way: KEPT_WAY, cap: 3000, resume: true });
    // No new run in the plain order after the first round: each Luby run has an order of its own.
    const luby = later.filter((s) => !s.resume);
    expect(luby.every((s) => s.seed < 0)).toBe(true);
    expect(new Set(luby.map((s) => s.seed)).size).toBe(luby.length);
    const ways = [0, 1, 2].map((w) => luby.filter((s) => s.way === w).length);
    expect(Math.max(...ways) - Math.min(...ways)).toBeLessThanOrEqual(1);
  });

  it('after the first round, gives the kept complete run half the positions, less at most one step', () => {
    const steps = cappedSteps(600, 5000);
    let complete = 0;
    let luby = 0;
    let largest = 0;
    for (const step of steps.slice(RUNS_PER_ROUND)) {
      if (step.resume) complete += step.cap;
      else luby += step.cap;
      largest = Math.max(largest, step.cap);
      expect(Math.abs(complete - luby)).toBeLessThanOrEqual(largest);
    }
    // A lost deal whose complete search takes S positions is proven within about 2 S: the
    // Luby runs must have grown, or their share would be no schedule at all.
    expect(complete).toBeGreaterThan(100 * 600);
    expect(largest).toBeGreaterThanOrEqual(64 * 100);
  });
});
