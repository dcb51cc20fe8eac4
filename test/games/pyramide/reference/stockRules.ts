/**
 * The solver against the reference breadth-first search (bfs.ts) under the stock-order rule
 * sets the reference models (limited passes, strict win, pair-beneath, pair-covering, and
 * their mixes with the app and msc presets), every figure, the solver's line replayed
 * through the engine: the first few deals of each rule set in stock-rules.test.ts, 20 (or all
 * listed) in the long checks, stock-rules.long.test.ts. Most deals' reference searches pass
 * its cap (300,000 positions) under these rules; the deals that stay under it are listed
 * below and only they are searched, by the reference and the solver, on every run. With
 * PYRAMIDE_REFERENCE_FULL=1 the long checks search every deal up to the 600th and print the
 * lists to paste here. Fewer than 20 of the first 600 deals stay under the cap under
 * `app+passes=2` (15), `app+passes=2+strict-win` (12), `msc+strict-win` (4),
 * `app+passes=1+pair-beneath` (10, all lost: the minimum moves of pair-beneath are checked
 * from mid-game positions, boundMidgame.test.ts) and
 * `app+passes=1+pair-beneath+pair-covering` (10).
 */
import { expect } from 'vitest';
import { APP_RULES, MSC_RULES, type PyramideRules, rulesName } from '../../../../src/games/pyramide/rules.js';
import { compareWithReference, summary } from './compare.js';

/** Per rule set: the deal numbers, among the first 600, whose reference search stays under its cap. */
export const UNDER_CAP: Record<string, readonly number[]> = {
  'app+passes=0': [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18, 21, 22, 25],
  'app+passes=1': [0, 5, 8, 25, 38, 40, 48, 49, 189, 198, 202, 213, 243, 255, 262, 320, 357, 374, 386, 407],
  'app+passes=2': [8, 38, 40, 48, 49, 189, 198, 243, 255, 357, 408, 458, 502, 596, 598],
  'app+strict-win': [5, 25, 40, 48, 49, 189, 198, 202, 243, 255, 262, 320, 357, 374, 407, 408, 432, 444, 458, 481],
  'app+passes=2+strict-win': [40, 48, 49, 189, 198, 243, 255, 357, 408, 458, 502, 596],
  'msc+passes=0': [0, 2, 5, 6, 7, 11, 12, 13, 14, 17, 21, 22, 25, 27, 32, 34, 35, 38, 40, 45],
  'msc+strict-win': [40, 49, 243, 255],
  'app+passes=0+pair-beneath': [0, 2, 5, 6, 7, 11, 12, 13, 14, 17, 21, 22, 25, 27, 32, 34, 35, 38, 40, 45],
  'app+passes=1+pair-beneath': [5, 25, 40, 49, 243, 255, 357, 386, 408, 499],
  'app+passes=0+pair-covering': [0, 1, 2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 17, 18, 21, 22, 25, 27, 30],
  'app+passes=1+pair-covering': [0, 1, 5, 25, 37, 38, 40, 48, 49, 114, 149, 156, 198, 202, 204, 240, 255, 262, 272, 320],
  'app+passes=1+pair-beneath+pair-covering': [5, 37, 40, 49, 149, 204, 255, 272, 357, 363],
};

/** Every deal number below the last listed one that is not listed. */
function overCap(under: readonly number[]): number[] {
  const listed = new Set(under);
  const out: number[] = [];
  for (let n = 0; n < Math.max(...under); n++) if (!listed.has(n)) out.push(n);
  return out;
}

const RULES: PyramideRules[] = [
  { ...APP_RULES, passes: 0 },
  { ...APP_RULES, passes: 1 },
  { ...APP_RULES, passes: 2 },
  { ...APP_RULES, strictWin: true },
  { ...APP_RULES, passes: 2, strictWin: true },
  { ...MSC_RULES, passes: 0 },
  { ...MSC_RULES, strictWin: true },
  { ...APP_RULES, passes: 0, pairBeneath: true },
  { ...APP_RULES, passes: 1, pairBeneath: true },
  { ...APP_RULES, passes: 0, pairCovering: true },
  { ...APP_RULES, passes: 1, pairCovering: true },
  { ...APP_RULES, passes: 1, pairBeneath: true, pairCovering: true },
];

/** The rule sets, each with its name and its listed deals (none: not listed). */
export const STOCK_RULES = RULES.map((rules) => ({ rules, name: rulesName(rules), under: UNDER_CAP[rulesName(rules)] ?? [] }));

/**
 * The solver against the reference on the first `want` listed deals of the rules; with
 * `full`, on the first 20 deals (up to the 600th) whose reference search stays under its cap,
 * found afresh and printed as a list to paste above.
 */
export function agreesOnDeals(rules: PyramideRules, want: number, full = false): void {
  const name = rulesName(rules);
  const report = compareWithReference(rules, {
    want: full ? 20 : want,
    maxPositions: 300_000,
    maxDeals: 600,
    overCap: full ? null : overCap(UNDER_CAP[name] ?? []),
    exhaustiveWinnable: 2,
    exhaustiveUnder: 150_000,
  });
  console.log(summary(report));
  if (full) {
    const skipped = new Set(report.skippedNumbers);
    const compared: number[] = [];
    for (let n = 0; compared.length < report.compared; n++) if (!skipped.has(n)) compared.push(n);
    console.log(`UNDER_CAP '${name}': [${compared.join(', ')}],`);
  }
  expect(report.disagreements).toEqual([]);
  expect(report.compared).toBe(full ? 20 : want);
}
