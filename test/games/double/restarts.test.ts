import { describe, expect, it } from 'vitest';
import { lubyTerm, type RestartRun, RestartSchedule, RUNS_PER_ROUND } from '../../../src/games/double/restarts.js';

/** The runs a schedule gives when every run searches its whole cap (no run decides the deal). */
function cappedRuns(firstCap: number, count: number): RestartRun[] {
  const schedule = new RestartSchedule(firstCap);
  const runs: RestartRun[] = [];
  for (let i = 0; i < count; i++) {
    const run = schedule.next();
    schedule.spent(run.cap);
    runs.push(run);
  }
  return runs;
}

/** Whether a run is the doubling track's (its seeds are 0 and up, Luby's below 0). */
const doubling = (run: RestartRun): boolean => run.seed >= 0;

/** Positions spent before the first complete run (ways 1 and 2) with a cap of at least `space`. */
function spentBeforeProof(runs: readonly RestartRun[], space: number): number {
  let spent = 0;
  for (const run of runs) {
    if (run.way !== 0 && run.cap >= space) return spent;
    spent += run.cap;
  }
  throw new Error(`no complete run reaches ${space} positions`);
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

  it('keeps the first round of three ways in the plain order, at the first cap', () => {
    const first = cappedRuns(3000, RUNS_PER_ROUND);
    expect(first).toEqual([0, 1, 2].map((way) => ({ seed: 0, way, cap: 3000 })));
  });

  it('after the first round, shares the positions between the tracks, apart by at most the largest run', () => {
    const runs = cappedRuns(100, 400);
    let doublingSpent = 0;
    let lubySpent = 0;
    let largest = 0;
    for (const [i, run] of runs.entries()) {
      if (doubling(run)) {
        if (i >= RUNS_PER_ROUND) doublingSpent += run.cap;
      } else lubySpent += run.cap;
      largest = Math.max(largest, run.cap);
      expect(Math.abs(doublingSpent - lubySpent)).toBeLessThanOrEqual(largest);
    }
    expect(runs.filter((r) => !doubling(r)).length).toBeGreaterThan(runs.filter(doubling).length);
  });

  it('gives every run of the Luby track an order of its own, each way as often as the others', () => {
    const luby = cappedRuns(100, 400).filter((r) => !doubling(r));
    expect(new Set(luby.map((r) => r.seed)).size).toBe(luby.length);
    const ways = [0, 1, 2].map((w) => luby.filter((r) => r.way === w).length);
    expect(Math.max(...ways) - Math.min(...ways)).toBeLessThanOrEqual(1);
  });

  it('reaches a complete run of any size within a little over twice what the doubling rounds alone spend', () => {
    const runs = cappedRuns(100, 20_000);
    const alone = runs.filter(doubling);
    for (let space = 100; space <= 100 * 2 ** 12; space = Math.ceil(space * 1.3)) {
      const shared = spentBeforeProof(runs, space);
      const before = spentBeforeProof(alone, space);
      const firstRound = RUNS_PER_ROUND * 100;
      expect(shared, `space ${space}`).toBeLessThanOrEqual(firstRound + 2 * Math.max(0, before - firstRound) + space);
    }
  });
});
