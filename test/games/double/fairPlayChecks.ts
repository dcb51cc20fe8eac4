/**
 * The fair player on small games, shared by fairPlayer.test.ts (some seeds) and the long
 * checks, fairPlayer.long.test.ts (more).
 */
import { expect } from 'vitest';
import { type DoubleDeal, type DoubleRules, DoubleState } from '../../../src/games/double/engine.js';
import { fairPlayDouble } from '../../../src/games/double/fairPlayer.js';
import { solve, VERDICT_ONLY } from '../../../src/games/double/solver.js';
import { Budget } from '../../../src/search/limits.js';
import { seededRandom } from '../../support/random.js';
import { D1N, D1V, D3N, D3V, reducedGame } from './helpers.js';

export const LIMITS = { timeMs: 120_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };

/** Replays a game through the engine, every move checked; whether it ends won. */
export function replayWins(deal: DoubleDeal, rules: DoubleRules, moves: readonly number[]): boolean {
  const state = new DoubleState(deal, rules);
  for (const m of moves) {
    expect(state.refusal(m)).toBeNull();
    state.apply(m);
  }
  return state.isWon();
}

/** A small game (both copies of Ace to 2 or 3 of every suit), dealt at random, under one of the four rule sets. */
function reducedDeal(seed: number): { deal: DoubleDeal; rules: DoubleRules } {
  const r = seededRandom(seed * 7919);
  const pick = (n: number): number => Math.floor(r() * n);
  return { deal: reducedGame(pick), rules: [D1N, D3N, D1V, D3V][seed % 4]! };
}

/**
 * Two games on the small game of each seed (`from` to `to`): legal moves only, won exactly when
 * the line wins, never a deal the solver proves lost; both endings occur.
 */
export function smallGamesAgree(from: number, to: number): void {
  const ends = new Set<string>();
  for (let seed = from; seed <= to; seed++) {
    const { deal, rules } = reducedDeal(seed);
    const exact = solve(() => new DoubleState(deal, rules), new Budget(LIMITS), VERDICT_ONLY).verdict;
    const run = fairPlayDouble(deal, rules, { games: 2, samples: 3, seed: 1, limits: LIMITS });
    for (const g of run.played) {
      ends.add(g.end);
      expect(g.end).not.toBe('limit');
      expect(replayWins(deal, rules, g.moves), `seed ${seed} ${g.end}`).toBe(g.end === 'won');
      if (exact === 'unwinnable') expect(g.end).toBe('resigned');
    }
  }
  // Both endings occur, so the checks above bite.
  expect(ends).toContain('won');
  expect(ends).toContain('resigned');
}
