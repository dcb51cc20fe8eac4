/** The reference itself under test (referenceChecks.ts): the searches reference.test.ts leaves out, seconds each. */
import { describe, it } from 'vitest';
import { APP_RULES, MSC_RULES } from '../../../../src/games/pyramide/rules.js';
import { findsTheSameWin, visitsTheSame } from './referenceChecks.js';

describe('the reference search against a plain Map-based search', () => {
  it('visits the same positions and finds the same answers, deal 5, rules app', () => visitsTheSame(5, APP_RULES), 120_000);

  it('visits the same positions and finds the same answers, deal 5, rules msc', () => visitsTheSame(5, MSC_RULES), 120_000);

  it('visits the same positions and finds the same answers, deal 49, rules msc', () => visitsTheSame(49, MSC_RULES), 120_000);

  it('finds the same fewest moves on a winnable deal, deal 61, rules msc', () => findsTheSameWin(61, MSC_RULES), 120_000);
});
