/**
 * The minimum-move search's bound (moveBound.ts) never overestimates, and the search finds
 * the true fewest moves, from positions in the middle of a game: where waste cards lie
 * buried, pyramid cards block each other's partners, and the talon cards of a value run
 * short. Positions come from seeded random play through the rules engine; the truth comes
 * from the plain breadth-first reference (reference/bfs.ts), which shares no code with the
 * solver. Shared by boundMidgame.test.ts and the long checks, boundMidgame.long.test.ts
 * (twice the positions).
 */
import { expect } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { PyramideGame } from '../../../src/games/pyramide/engine.js';
import { APP_RULES, MSC_RULES, type PyramideRules, rulesName } from '../../../src/games/pyramide/rules.js';
import { FullStateSpace } from '../../../src/games/pyramide/solver/fullState.js';
import { MinMovesPools, searchMinMoves } from '../../../src/games/pyramide/solver/minMoves.js';
import { MoveBound } from '../../../src/games/pyramide/solver/moveBound.js';
import { positionOf } from '../../../src/games/pyramide/solver/position.js';
import { Budget } from '../../../src/search/limits.js';
import { seededRandom } from '../../support/random.js';
import { type RefPosition, referenceSearch } from './reference/bfs.js';

/** This file's own search pools (a test thread's, as a worker keeps one). */
const POOLS = new MinMovesPools();

const GENEROUS = { timeMs: 120_000, nodes: Infinity, memoryBytes: 4 * 1024 ** 3 };

// Pair-beneath digs waste cards out by pairing them with each other too (its own dig cost);
// pair-covering changes which pyramid cards can go together.
export const RULE_SETS: PyramideRules[] = [
  APP_RULES,
  MSC_RULES,
  { ...APP_RULES, pairBeneath: true },
  { ...APP_RULES, pairBeneath: true, passes: 1 },
  { ...APP_RULES, pairCovering: true },
  { ...APP_RULES, passes: 1, pairBeneath: true, pairCovering: true },
  // Where the full bound takes the pass closure: with no turn-over left it proves losses.
  { ...APP_RULES, passes: 1 },
  { ...APP_RULES, passes: 0 },
];

/**
 * `positions` positions met by random play under the rules (`seed`), each searched by the
 * reference and by the solver: the bound never above the fewest moves, the search finding them.
 */
export function boundHoldsMidgame(rules: PyramideRules, seed: number, positions: number): void {
  const random = seededRandom(seed);
  let compared = 0;
  let buried = 0; // positions with more than one waste card: where digging and cycling differ
  let lost = 0;
  let closer = 0; // positions where the full bound (the pass closure) says more than the quick one
  for (let n = 0; compared < positions && n < 400; n++) {
    const deal = dealFromNumber(n);
    const game = new PyramideGame(deal, rules);
    // Random play until at least 10 pyramid cards are gone (small enough for the reference).
    for (let step = 0; step < 400 && !game.isWon(); step++) {
      if (popcount(game.removed) >= 10 && random() < 0.3) break;
      const moves = game.moves();
      if (moves.length === 0) break;
      // Removals are likelier than draws, so that games get somewhere.
      const removals = moves.filter((m) => m.kind === 'pair' || m.kind === 'king');
      const pool = removals.length > 0 && random() < 0.7 ? removals : moves;
      game.move(pool[Math.floor(random() * pool.length)]!);
    }
    if (game.isWon() || popcount(game.removed) < 10) continue;
    const pos = positionOf(game);
    const ref = referenceSearch(deal, rules, { start: toReference(pos), maxPositions: 300_000, stopAtWin: true });
    if (ref.minMoves === null && !ref.complete) continue; // over the reference's cap
    const space = new FullStateSpace(deal, rules);
    const { lo, hi } = space.pack(pos.removed, pos.talonRemoved, pos.next, pos.passesUsed);
    const moveBound = new MoveBound(space);
    const bound = moveBound.of(lo, hi);
    const quick = moveBound.of(lo, hi, false);
    if (quick >= 0 && (bound < 0 || bound > quick)) closer++;
    if (!moveBound.fullSaysMore) expect(bound).toBe(quick);
    const result = searchMinMoves(POOLS, space, new Budget(GENEROUS), { lo, hi }, { learning: false });
    expect(result.complete).toBe(true);
    const label = `${rulesName(rules)} deal ${n}, position ${JSON.stringify(pos)}`;
    if (ref.minMoves === null) {
      lost++;
      expect(result.line, label).toBeNull();
    } else {
      expect(bound, label).toBeGreaterThanOrEqual(0);
      expect(bound, label).toBeLessThanOrEqual(ref.minMoves);
      let moves = 0;
      for (const code of result.line ?? []) moves += FullStateSpace.moveCost(code);
      expect(moves, label).toBe(ref.minMoves);
    }
    if (wasteCards(pos.talonRemoved, pos.next) > 1) buried++;
    compared++;
  }
  expect(compared).toBe(positions);
  expect(buried).toBeGreaterThanOrEqual(positions / 4);
  expect(lost).toBeGreaterThanOrEqual(1);
  if (new MoveBound(new FullStateSpace(dealFromNumber(0), rules)).fullSaysMore) expect(closer).toBeGreaterThanOrEqual(positions / 8);
}

/** The reference's position: the same sets, and `next` one past the waste's top card. */
function toReference(pos: { removed: number; talonRemoved: number; next: number; passesUsed: number }): RefPosition {
  let next = 0;
  for (let i = pos.next - 1; i >= 0; i--) {
    if (((pos.talonRemoved >> i) & 1) === 0) {
      next = i + 1;
      break;
    }
  }
  return { pyramid: pos.removed, talon: pos.talonRemoved, next, passes: pos.passesUsed };
}

function wasteCards(talonRemoved: number, next: number): number {
  let n = 0;
  for (let i = 0; i < next; i++) if (((talonRemoved >> i) & 1) === 0) n++;
  return n;
}

function popcount(x: number): number {
  let n = 0;
  for (let m = x; m !== 0; m &= m - 1) n++;
  return n;
}
