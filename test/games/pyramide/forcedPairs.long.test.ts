/** Forced pairs leave winnability alone as the full analysis says (winnabilityChecks.ts), on the first 25 deals. */
import { describe, it } from 'vitest';
import { rulesName } from '../../../src/games/pyramide/rules.js';
import { WINNABILITY_RULES, winnabilityAgrees } from './winnabilityChecks.js';

describe('forced pairs', () => {
  for (const rules of WINNABILITY_RULES) {
    it(`leave winnability alone (the search for a win, which plays them) as the full analysis says (${rulesName(rules)}; 25 deals)`, () => {
      winnabilityAgrees(rules, 25);
    }, 300_000);
  }
});
