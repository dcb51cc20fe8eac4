/**
 * The bound and the search from mid-game positions (boundMidgameChecks.ts), 40 positions of
 * each rule set; the long checks (boundMidgame.long.test.ts) take 80.
 */
import { describe, it } from 'vitest';
import { rulesName } from '../../../src/games/pyramide/rules.js';
import { boundHoldsMidgame, RULE_SETS } from './boundMidgameChecks.js';

describe.each(RULE_SETS.map((rules, i) => ({ rules, name: rulesName(rules), seed: 11 + i })))(
  'the bound and the search from mid-game positions ($name)',
  ({ rules, seed }) => {
    it('bound <= fewest moves = the search, as the reference finds them (40 positions; the long checks: 80)', () => {
      boundHoldsMidgame(rules, seed, 40);
    }, 120_000);
  },
);
