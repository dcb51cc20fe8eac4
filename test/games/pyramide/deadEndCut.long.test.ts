/** The cut of positions with no dead end ahead (deadEndWalks.ts), on random walks through the first 120 deals. */
import { describe, it } from 'vitest';
import { rulesName } from '../../../src/games/pyramide/rules.js';
import { CUT_RULES, walksNeverCut } from './deadEndWalks.js';

describe('the cut of positions with no dead end ahead', () => {
  for (const rules of CUT_RULES) {
    it(`never cuts a position on a walk that ends in "no more moves" (${rulesName(rules)}; 120 deals)`, () => {
      walksNeverCut(rules, 120);
    }, 120_000);
  }
});
