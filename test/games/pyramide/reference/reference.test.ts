/**
 * The reference itself under test (referenceChecks.ts): its move generator against the rules
 * engine on random walks, and its position table against a plain Map-based breadth-first
 * search. The long checks (reference.long.test.ts) take the searches of seconds each.
 */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../../src/games/pyramide/deal.js';
import { APP_RULES, MSC_RULES, rulesName } from '../../../../src/games/pyramide/rules.js';
import { ALL_REMOVED, RefGame } from './bfs.js';
import { findsTheSameWin, visitsTheSame, WALK_RULES, walksAgree } from './referenceChecks.js';

describe('the reference move generator against the rules engine', () => {
  it.each(WALK_RULES.map((rules) => ({ rules, name: rulesName(rules) })))(
    'gives the same positions one move away on random walks, rules $name',
    ({ rules }) => walksAgree(rules),
    60_000,
  );
});

describe('the reference search against a plain Map-based search', () => {
  it.each([
    // Deal 5 (app) and deal 49 (msc), seconds each, are in the long checks.
    { n: 40, rules: APP_RULES },
    { n: 49, rules: APP_RULES },
    { n: 40, rules: MSC_RULES },
  ])(
    'visits the same positions and finds the same answers, deal $n, rules $rules.preset',
    ({ n, rules }) => visitsTheSame(n, rules),
    60_000,
  );

  // Under msc the quickest win of the first 100 deals (deal 61) takes seconds: the long checks search it.
  it('finds the same fewest moves on a winnable deal, deal 48, rules app', () => findsTheSameWin(48, APP_RULES), 60_000);

  it('counts a won position as the end of the game', () => {
    const game = new RefGame(dealFromNumber(0), APP_RULES);
    expect(game.isWon({ pyramid: ALL_REMOVED, talon: 0, next: 5, passes: 0 })).toBe(true);
    expect(game.isWon({ pyramid: ALL_REMOVED - 1, talon: 0, next: 5, passes: 0 })).toBe(false);
  });
});
