/**
 * The coarse search against the brute force on reduced deals (coarse.test.ts runs some of
 * them, the long checks, coarse.long.test.ts, all): shared here.
 */
import { expect } from 'vitest';
import { COARSE_WORDS } from '../../../src/games/double/coarse.js';
import { coarseToMoves } from '../../../src/games/double/coarseLine.js';
import { CoarseSearch } from '../../../src/games/double/coarseSearch.js';
import type { DoubleState } from '../../../src/games/double/engine.js';
import { FITS } from '../../../src/games/double/faceTables.js';
import { KeyTable } from '../../../src/search/keyTable.js';
import { Budget } from '../../../src/search/limits.js';
import { bruteOfDeal, NO_LIMITS, type Reduced, reducedDeal, stateOf, vegasDeal } from './reduced.js';

export function coarse(state: DoubleState, limits = NO_LIMITS) {
  return new CoarseSearch(state, new KeyTable(COARSE_WORDS, null)).run(new Budget(limits));
}

/**
 * The deal with each column's face-up cards cut to the run on its top (the cards below it
 * turned face down): the reduced deals stack face-up cards at random, which no real game
 * does and the coarse game does not model.
 */
export function openRuns(d: Reduced): Reduced {
  const down = d.columns.map((col, c) => {
    let from = col.length - 1;
    while (from > d.down[c]! && FITS[col[from]! * 52 + col[from - 1]!] === 1) from--;
    return Math.max(0, Math.min(from, col.length - 1));
  });
  return { ...d, down };
}

/** The coarse search's verdict and figure against the brute force's, and its line replayed through the engine; null when the brute force cannot list the deal. */
export function agree(d: Reduced, cap: number, context: string): { winnable: boolean } | null {
  const brute = bruteOfDeal(d, cap);
  if (brute === null) return null;
  const result = coarse(stateOf(d));
  expect(result.outcome, context).toBe(brute.winnable ? 'win' : 'done');
  expect(result.maxFoundation, context).toBe(brute.max);
  const state = stateOf(d);
  coarseToMoves(state, result.line);
  expect(state.onFoundations, context).toBe(brute.max);
  return { winnable: brute.winnable };
}

/**
 * The first seeds of `reducedDeal` (80, within 5,000 positions) and of `vegasDeal` (60, within
 * 3,000) whose deal, with its face-up cards cut to runs (`openRuns`), the brute force lists
 * whole. A listed seed that no longer fits fails the test.
 */
export const OPEN_REDUCED_SEEDS = [
  2, 6, 10, 13, 14, 18, 20, 21, 28, 30, 31, 34, 35, 40, 41, 42, 43, 48, 49, 55, 59, 62, 67, 69, 70, 71, 78, 81, 82, 86, 88, 95, 102, 104,
  107, 113, 114, 116, 119, 120, 122, 125, 127, 132, 135, 136, 137, 138, 139, 143, 145, 148, 150, 154, 156, 161, 162, 163, 165, 167, 170,
  171, 174, 175, 177, 178, 186, 188, 189, 190, 195, 196, 199, 203, 206, 219, 223, 226, 228, 234,
];
export const OPEN_VEGAS_SEEDS = [
  1, 4, 18, 22, 23, 34, 48, 50, 63, 69, 78, 79, 81, 86, 92, 108, 117, 118, 129, 130, 135, 153, 167, 170, 184, 195, 199, 200, 211, 213, 228,
  231, 235, 241, 245, 247, 249, 268, 280, 287, 290, 299, 301, 306, 312, 314, 322, 330, 336, 338, 339, 348, 350, 359, 370, 372, 373, 379,
  387, 394,
];

/** Compares every listed seed's deal; returns how many were won. */
function compare(deal: (seed: number) => Reduced, seeds: readonly number[], cap: number): number {
  let won = 0;
  for (const seed of seeds) {
    const d = openRuns(deal(seed));
    const agreed = agree(d, cap, `seed ${seed} ${JSON.stringify(d)}`);
    expect(agreed, `seed ${seed} no longer fits the brute force's cap`).not.toBeNull();
    if (agreed!.winnable) won++;
  }
  return won;
}

/** The reduced deals of every rule set (the first `count` listed) agree with the brute force. */
export function reducedAgree(count: number): void {
  const won = compare(reducedDeal, OPEN_REDUCED_SEEDS.slice(0, count), 5000);
  expect(won).toBeGreaterThanOrEqual(Math.floor(count / 8));
  expect(won).toBeLessThanOrEqual(count - Math.floor(count / 8));
}

/** The reduced Vegas deals with longer stocks (the first `count` listed) agree with the brute force. */
export function vegasAgree(count: number): void {
  const won = compare(vegasDeal, OPEN_VEGAS_SEEDS.slice(0, count), 3000);
  expect(won).toBeGreaterThanOrEqual(Math.floor(count / 6));
  expect(won).toBeLessThanOrEqual(count - Math.floor(count / 6));
}
