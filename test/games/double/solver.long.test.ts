import { describe, it } from 'vitest';
import { cutsAgree, FULL, solverAgrees, turnLimitAgrees, wasteDetoursAgree } from './bruteChecks.js';

// The comparisons with the brute force of solver.test.ts, over all their reduced deals.
describe('the solver and its lower bound agree with a brute force on every listed reduced deal', () => {
  it(`the waste detours never take the bound over the fewest moves of a win (${FULL.waste} deals with a long stock)`, () => {
    wasteDetoursAgree(FULL.waste);
  }, 120_000);

  it(`the detours with the columns kept never take the bound over the fewest moves of a win (${FULL.cuts} deals)`, () => {
    cutsAgree(FULL.cuts);
  }, 120_000);

  it(`winnable / unwinnable, maxFoundation and proven minimum moves (${FULL.solver} deals)`, () => {
    solverAgrees(FULL.solver);
  }, 600_000);

  it(`a turn limit: wins within k turn-overs exactly when the brute force does (${FULL.turnLimit} deals)`, () => {
    turnLimitAgrees(FULL.turnLimit);
  }, 600_000);
});
