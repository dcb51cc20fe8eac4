/** The bound and the search from mid-game positions (boundMidgameChecks.ts), 80 positions of each rule set. */
import { describe, it } from 'vitest';
import { rulesName } from '../../../src/games/pyramide/rules.js';
import { boundHoldsMidgame, RULE_SETS } from './boundMidgameChecks.js';

describe.each(RULE_SETS.map((rules, i) => ({ rules, name: rulesName(rules), seed: 11 + i })))(
  'the bound and the search from mid-game positions ($name)',
  ({ rules, seed }) => {
    it('bound <= fewest moves = the search, as the reference finds them (80 positions)', () => {
      boundHoldsMidgame(rules, seed, 80);
    }, 120_000);
  },
);
