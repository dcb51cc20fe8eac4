/**
 * The full bound (the quick bound plus the pass closure of moveBound.ts: which pyramid cards
 * can still go before the next turn-over, and what the pass after it can do) changes how
 * many positions the minimum-move search takes, never the fewest moves. Each search is
 * compared with the same search under the quick bound alone, on codes where the full bound
 * is tight: one more move counted after the first turn-over (codes 21 and 23) or after the
 * second (230, 236 and 239) would change their minimum. passClosure.test.ts takes `codes`,
 * the long checks (passClosure.long.test.ts) `more` as well: searches of most of a second.
 */
import { expect } from 'vitest';
import { APP_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';
import { fewestMoves } from './fewestMoves.js';

export const CASES: { rules: PyramideRules; codes: number[]; more: number[] }[] = [
  { rules: APP_RULES, codes: [21, 236, 239], more: [23, 230] },
  // With the turn-overs counted the closure also proves positions lost.
  { rules: { ...APP_RULES, passes: 1 }, codes: [0, 1, 2, 3, 4, 5, 6, 7], more: [] },
  { rules: { ...APP_RULES, passes: 2 }, codes: [21, 47], more: [23] },
  // Pair-beneath lets waste cards go with talon cards; pair-covering lets a card go with its last cover.
  { rules: { ...APP_RULES, pairBeneath: true }, codes: [17, 21, 36], more: [] },
  { rules: { ...APP_RULES, pairCovering: true }, codes: [36, 41, 54], more: [] },
  { rules: { ...APP_RULES, passes: 1, pairBeneath: true, pairCovering: true }, codes: [6, 22, 28], more: [] },
];

/** The same fewest moves under both bounds on each code, in fewer positions under the full bound over all of them. */
export function fullBoundAgrees(rules: PyramideRules, codes: readonly number[]): void {
  let fullNodes = 0;
  let quickNodes = 0;
  for (const n of codes) {
    const full = fewestMoves(n, rules, true);
    const quick = fewestMoves(n, rules, false);
    expect(full.moves, `code ${n}`).toBe(quick.moves);
    fullNodes += full.nodes;
    quickNodes += quick.nodes;
  }
  expect(fullNodes).toBeLessThan(quickNodes);
}
