/**
 * Winnability alone (the search for a win, which plays forced pairs) against the full
 * analysis, deal by deal: shared by forcedPairs.test.ts (the first deals) and the long
 * checks, forcedPairs.long.test.ts (more).
 */
import { expect } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../../src/games/pyramide/solver/analyse.js';

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
