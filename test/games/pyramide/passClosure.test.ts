/** The full bound against the quick one (passClosureCases.ts), on the codes of each rule set quick to search. */
import { describe, it } from 'vitest';
import { rulesName } from '../../../src/games/pyramide/rules.js';
import { CASES, fullBoundAgrees } from './passClosureCases.js';

describe.each(CASES.map((c) => ({ ...c, name: rulesName(c.rules) })))(
  'the full bound against the quick one ($name)',
  ({ rules, codes }) => {
    it('gives the same fewest moves in fewer positions', () => {
      fullBoundAgrees(rules, codes);
    }, 120_000);
  },
);
