/** The reference itself under test (referenceChecks.ts): the cases reference.test.ts leaves out for their length. */
import { describe, it } from 'vitest';
import { MSC_RULES, rulesName } from '../../../../src/games/pyramide/rules.js';
import { findsTheSameWin, visitsTheSame, WALK_RULES, walksAgree } from './referenceChecks.js';

describe('the reference move generator against the rules engine', () => {
  it.each(WALK_RULES.map((rules) => ({ rules, name: rulesName(rules) })))(
    'gives the same positions one move away on random walks, rules $name (40 deals)',
    ({ rules }) => walksAgree(rules, 40),
    120_000,
  );
});

describe('the reference search against a plain Map-based search', () => {
  it('visits the same positions and finds the same answers, deal 5, rules msc', () => visitsTheSame(5, MSC_RULES), 120_000);

  it('finds the same fewest moves on a winnable deal, deal 61, rules msc', () => findsTheSameWin(61, MSC_RULES), 120_000);
});
