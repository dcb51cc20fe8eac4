/** Forced pairs (forcedPairsChecks.ts): winnability alone on the first 25 deals, and every minimum on every listed code. */
import { describe, it } from 'vitest';
import { rulesName } from '../../../src/games/pyramide/rules.js';
import { MINIMUM_CASES, minimumsAgree, WINNABILITY_RULES, winnabilityAgrees } from './forcedPairsChecks.js';

describe('forced pairs', () => {
  for (const rules of WINNABILITY_RULES) {
    it(`leave winnability alone (the search for a win, which plays them) as the full analysis says (${rulesName(rules)}; 25 deals)`, () => {
      winnabilityAgrees(rules, 25);
    }, 300_000);
  }

  for (const { rules, codes, more } of MINIMUM_CASES.filter((c) => c.more.length > 0)) {
    it(`leave every minimum as it was, in fewer positions, on every code (${rulesName(rules)})`, () => {
      minimumsAgree(rules, [...codes, ...more]);
    }, 300_000);
  }
});
