/** The minimum-move search from a deal's start, for tests that compare its variants. */
import { expect } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import type { PyramideRules } from '../../../src/games/pyramide/rules.js';
import { FullStateSpace } from '../../../src/games/pyramide/solver/fullState.js';
import { MinMovesPools, searchMinMoves } from '../../../src/games/pyramide/solver/minMoves.js';
import { startPosition } from '../../../src/games/pyramide/solver/position.js';
import { Budget } from '../../../src/search/limits.js';

/** This file's own search pools (a test thread's, as a worker keeps one). */
const POOLS = new MinMovesPools();

const GENEROUS = { timeMs: 120_000, nodes: Infinity, memoryBytes: 4 * 1024 ** 3 };

/** The fewest moves that win code `n` (null: none) and the positions the search took; the search must complete. */
export function fewestMoves(
  n: number,
  rules: PyramideRules,
  fullBound = true,
  forcedPairs = true,
): { moves: number | null; nodes: number } {
  const space = new FullStateSpace(dealFromNumber(n), rules);
  const s = startPosition(rules);
  const { lo, hi } = space.pack(s.removed, s.talonRemoved, s.next, s.passesUsed);
  const budget = new Budget(GENEROUS);
  const result = searchMinMoves(POOLS, space, budget, { lo, hi }, { learning: false, fullBound, forcedPairs });
  expect(result.complete).toBe(true);
  let moves: number | null = null;
  if (result.line) {
    moves = 0;
    for (const code of result.line) moves += FullStateSpace.moveCost(code);
  }
  return { moves, nodes: budget.nodes };
}
