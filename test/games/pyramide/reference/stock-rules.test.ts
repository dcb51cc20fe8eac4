/**
 * The solver against the reference breadth-first search (bfs.ts) under the stock-order rule
 * sets the reference models (limited passes, strict win, and their mixes with the app and
 * msc presets): 20 deals each, every figure, the solver's line replayed through the engine.
 * Deals whose reference search passes its cap are listed below and skipped without a search;
 * every deal compared is searched by the reference on every run. With
 * PYRAMIDE_REFERENCE_FULL=1 every deal is searched and the lists to paste here are printed.
 */
import { describe, expect, it } from 'vitest';
import { APP_RULES, MSC_RULES, type PyramideRules, rulesName } from '../../../../src/games/pyramide/rules.js';
import { compareWithReference, summary } from './compare.js';

const FULL = process.env.PYRAMIDE_REFERENCE_FULL === '1';

/** Per rule set: deal numbers whose reference search passes its cap (300,000 positions). */
const OVER_CAP: Record<string, readonly number[]> = {};

const RULES: PyramideRules[] = [
  { ...APP_RULES, passes: 0 },
  { ...APP_RULES, passes: 1 },
  { ...APP_RULES, passes: 2 },
  { ...APP_RULES, strictWin: true },
  { ...APP_RULES, passes: 2, strictWin: true },
  { ...MSC_RULES, passes: 0 },
  { ...MSC_RULES, strictWin: true },
];

describe.each(RULES.map((rules) => ({ rules, name: rulesName(rules) })))('the solver against the reference search, rules $name', ({ rules, name }) => {
  it('agrees on 20 deals', () => {
    const report = compareWithReference(rules, {
      want: 20,
      maxPositions: 300_000,
      maxDeals: 600,
      overCap: FULL ? null : (OVER_CAP[name] ?? []),
      exhaustiveWinnable: 2,
      exhaustiveUnder: 150_000,
    });
    console.log(summary(report));
    if (FULL) console.log(`OVER_CAP '${name}': [${report.skippedNumbers.join(', ')}],`);
    expect(report.disagreements).toEqual([]);
    expect(report.compared).toBe(20);
  }, 1_800_000);
});
