import { describe, expect, it } from 'vitest';
import type { DoubleState } from '../../../src/games/double/engine.js';
import { openDouble } from '../../../src/games/double/index.js';
import { KEY_WORDS } from '../../../src/games/double/positionKey.js';
import { DoubleSearch } from '../../../src/games/double/search.js';
import { KeyTable } from '../../../src/search/keyTable.js';
import { Budget, type Limits } from '../../../src/search/limits.js';
import { NO_LIMITS, REDUCED_SEEDS, reducedDeal, stateOf, VEGAS_SEEDS, vegasDeal } from './reduced.js';

/** What a run ends with: its outcome, the positions it searched, the most cards met and, for a win, its line. */
interface Ending {
  outcome: string;
  positions: number;
  maxFoundation: number;
  line: number[] | null;
}

/** A plain search from `start` as `decide` sets one up (Vegas pruning, the pointer left out where it may be). */
function searchFrom(start: DoubleState, limits: Limits): { search: DoubleSearch; budget: Budget; table: KeyTable; withPointer: boolean } {
  const budget = new Budget(limits);
  const search = new DoubleSearch(start, budget, { prune: start.vegas ? 'win' : 'none' });
  search.autoplay();
  const withPointer = !(start.draw === 1 && !start.vegas);
  return { search, budget, table: new KeyTable(KEY_WORDS, budget), withPointer };
}

/** One run without a cap. */
function whole(start: DoubleState, limits: Limits): Ending {
  const { search, budget, table, withPointer } = searchFrom(start, limits);
  const run = search.run(table, withPointer, null);
  return {
    outcome: run.outcome,
    positions: budget.nodes,
    maxFoundation: run.maxFoundation,
    line: run.outcome === 'win' ? search.history() : null,
  };
}

/** The same run capped at `slice` positions and resumed `slice` at a time until it ends. */
function sliced(start: DoubleState, limits: Limits, slice: number): Ending & { slices: number } {
  const { search, budget, table, withPointer } = searchFrom(start, limits);
  let run = search.run(table, withPointer, null, slice);
  let slices = 1;
  while (run.outcome === 'capped') {
    run = search.resume(slice);
    slices++;
  }
  const line = run.outcome === 'win' ? search.history() : null;
  return { outcome: run.outcome, positions: budget.nodes, maxFoundation: run.maxFoundation, line, slices };
}

describe('a capped run resumed goes on as one run', () => {
  it('reduced deals of every rule set: the same outcome, positions, most cards and line, in slices of 1, 5 and 40', () => {
    const outcomes = new Map<string, number>();
    let resumed = 0;
    const deals = [...REDUCED_SEEDS.map(reducedDeal), ...VEGAS_SEEDS.map(vegasDeal)];
    for (const [i, d] of deals.entries()) {
      const expected = whole(stateOf(d), NO_LIMITS);
      outcomes.set(expected.outcome, (outcomes.get(expected.outcome) ?? 0) + 1);
      for (const slice of [1, 5, 40]) {
        const { slices, ...got } = sliced(stateOf(d), NO_LIMITS, slice);
        expect(got, `deal ${i}, slices of ${slice}: ${JSON.stringify(d)}`).toEqual(expected);
        if (slices > 1) resumed++;
      }
    }
    // Both endings a complete run can have, and runs that were resumed, are among them.
    expect(outcomes.get('win')).toBeGreaterThanOrEqual(10);
    expect(outcomes.get('done')).toBeGreaterThanOrEqual(10);
    expect(resumed).toBeGreaterThanOrEqual(100);
  });

  it('full deals under a node limit: the same ending, in slices of 997 positions', () => {
    const limits = { timeMs: Infinity, nodes: 30_000, memoryBytes: Infinity };
    let won = 0;
    for (const code of ['DS1-D1N-AAAAAAA', 'DS1-D1N-AAAAAAH', 'DS1-D3N-AAAAAAB', 'DS1-D3N-AAAAAAR', 'DS1-D1V-AAAAAAA', 'DS1-D3V-AAAAAAC']) {
      const deal = openDouble({ kind: 'code', code }, {});
      const expected = whole(deal.newState(), limits);
      const { slices, ...got } = sliced(deal.newState(), limits, 997);
      expect(got, code).toEqual(expected);
      if (expected.outcome === 'win') won++;
      if (expected.positions > 997) expect(slices, code).toBeGreaterThan(1);
    }
    expect(won).toBeGreaterThanOrEqual(2);
  });
});
