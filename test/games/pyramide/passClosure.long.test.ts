/** The full bound against the quick one (passClosureCases.ts), on every code of each rule set. */
import { describe, it } from 'vitest';
import { rulesName } from '../../../src/games/pyramide/rules.js';
import { CASES, fullBoundAgrees } from './passClosureCases.js';

describe.each(CASES.filter((c) => c.more.length > 0).map((c) => ({ ...c, name: rulesName(c.rules) })))(
  'the full bound against the quick one ($name)',
  ({ rules, codes, more }) => {
    it('gives the same fewest moves in fewer positions, on every code', () => {
      fullBoundAgrees(rules, [...codes, ...more]);
    }, 120_000);
  },
);
