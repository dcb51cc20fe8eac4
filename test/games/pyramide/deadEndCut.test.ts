/**
 * The cut of positions with no dead end ahead (deadEndWalks.ts), on random walks through the
 * first 60 deals: a few in a hundred walks end in "no more moves". The long checks
 * (deadEndCut.long.test.ts) walk 120.
 */
import { describe, it } from 'vitest';
import { rulesName } from '../../../src/games/pyramide/rules.js';
import { CUT_RULES, walksNeverCut } from './deadEndWalks.js';

describe('the cut of positions with no dead end ahead', () => {
  for (const rules of CUT_RULES) {
    it(`never cuts a position on a walk that ends in "no more moves" (${rulesName(rules)}; 60 deals, the long checks: 120)`, () => {
      walksNeverCut(rules, 60);
    }, 120_000);
  }
});
