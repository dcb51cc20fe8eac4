import { describe, it } from 'vitest';
import { smallGamesAgree } from './fairPlayChecks.js';

// The small games of fairPlayer.test.ts, over more seeds: the slow ones it leaves out among them.
describe('the fair player (Double Solitaire) on more small games', () => {
  it('on small games of all four rule sets: legal moves only, won exactly when the line wins, never a deal proven lost (40 deals)', () => {
    smallGamesAgree(1, 40);
  }, 300_000);
});
