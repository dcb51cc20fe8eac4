import { describe, it } from 'vitest';
import { OPEN_REDUCED_SEEDS, OPEN_VEGAS_SEEDS, reducedAgree, vegasAgree } from './coarseChecks.js';

// The comparisons of coarse.test.ts with the brute force, over all their reduced deals.
describe('the coarse search agrees with the brute force on every listed reduced deal', () => {
  it(`the verdict, the most foundation cards and a line that replays to them (${OPEN_REDUCED_SEEDS.length} deals of every rule set)`, () => {
    reducedAgree(OPEN_REDUCED_SEEDS.length);
  }, 600_000);

  it(`Vegas deals with longer stocks (${OPEN_VEGAS_SEEDS.length} deals)`, () => {
    vegasAgree(OPEN_VEGAS_SEEDS.length);
  }, 600_000);
});
