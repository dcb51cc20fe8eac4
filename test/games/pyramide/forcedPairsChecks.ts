/**
 * Forced pairs in the searches, shared by forcedPairs.test.ts (the quicker deals) and the long
 * checks, forcedPairs.long.test.ts (all of them): winnability alone (the search for a win,
 * which plays them) against the full analysis, and the minimum-move search with them against
 * the search without them.
 */
import { expect } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../../src/games/pyramide/solver/analyse.js';
import { fewestMoves } from './fewestMoves.js';

const GENEROUS = { timeMs: 120_000, nodes: Infinity, memoryBytes: 4 * 1024 ** 3 };

export const WINNABILITY_RULES: PyramideRules[] = [{ ...APP_RULES, passes: 1 }, { ...APP_RULES, passes: 2, pairCovering: true }, MSC_RULES];

/** The first `deals` deals: winnability alone decides each, as the full analysis does. */
export function winnabilityAgrees(rules: PyramideRules, deals: number): void {
  for (let code = 0; code < deals; code++) {
    const deal = dealFromNumber(code);
    const quick = solvePyramide(deal, rules, GENEROUS, { winnabilityOnly: true });
    const full = solvePyramide(deal, rules, GENEROUS);
    expect(quick.winnable, `code ${code}`).not.toBeNull();
    expect(quick.winnable, `code ${code}`).toBe(full.winnable);
  }
}

/** The minimum-move search with and without forced pairs: `codes` in npm test, `more` (searches of most of a second) as well in the long checks. */
export const MINIMUM_CASES: { rules: PyramideRules; codes: number[]; more: number[] }[] = [
  { rules: APP_RULES, codes: [0, 2, 3, 4, 5, 6, 7, 8, 21], more: [1, 10, 23] },
  { rules: { ...APP_RULES, passes: 1 }, codes: [0, 1, 2, 3, 4, 5, 6, 7], more: [] },
  { rules: { ...APP_RULES, passes: 2 }, codes: [21, 47], more: [23] },
  { rules: MSC_RULES, codes: [0, 1, 2, 3, 4, 5], more: [] },
  { rules: { ...APP_RULES, pairCovering: true }, codes: [36, 41, 54], more: [] },
];

/** The same fewest moves with forced pairs as without on each code, in fewer positions over all of them. */
export function minimumsAgree(rules: PyramideRules, codes: readonly number[]): void {
  let withNodes = 0;
  let withoutNodes = 0;
  for (const code of codes) {
    const runs = [true, false].map((forced) => fewestMoves(code, rules, true, forced));
    expect(runs[0]!.moves, `code ${code}`).toBe(runs[1]!.moves);
    withNodes += runs[0]!.nodes;
    withoutNodes += runs[1]!.nodes;
  }
  expect(withNodes).toBeLessThan(withoutNodes);
}
