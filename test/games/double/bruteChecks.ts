/**
 * The comparisons with the brute force on reduced deals, each over `target` deals: a few in
 * `npm test` (solver.test.ts), all of them in the long checks (solver.long.test.ts), where
 * the counts of each kind of deal met are checked too (`FULL`).
 */
import { expect } from 'vitest';
import { deadlockedSets, movesLowerBound, WASTE_RELAXATION_NODES } from '../../../src/games/double/lowerBound.js';
import { shortenLine } from '../../../src/games/double/shorten.js';
import { decide, PLAIN_LINE, solve } from '../../../src/games/double/solver.js';
import { replayLine, turnOversIn } from '../../../src/games/double/solverLine.js';
import { wasteDetours } from '../../../src/games/double/talonRelaxation.js';
import { Budget } from '../../../src/search/limits.js';
import { seededRandom } from '../../support/random.js';
import { bruteForce } from './bruteForce.js';
import { D1N, D1V } from './helpers.js';
import {
  bruteOfDeal,
  fits,
  lowDeal,
  NO_LIMITS,
  PASSES_SEEDS,
  passesDeal,
  REDUCED_SEEDS,
  type Reduced,
  reducedDeal,
  seedsToCompare,
  stateOf,
} from './reduced.js';

/** The long checks' counts: reduced deals with a long stock, with columns kept, of any kind, under a turn limit. */
export const FULL = { waste: 30, cuts: 12, solver: 80, turnLimit: 60 };

/** The lower bound, where the waste relaxation has detours to count, never above the brute force's minimum. */
export function wasteDetoursAgree(target: number): void {
  // Reduced deals drawing one card at a time (`lowDeal`: one or two suits, Aces to 3s or
  // 4s), most cards in the stock: where the waste relaxation has detours to count.
  let compared = 0;
  let detoured = 0;
  let most = 0;
  for (let seed = 1; seed <= 2000 && compared < target; seed++) {
    const r = seededRandom(seed * 7919);
    const pick = (n: number): number => Math.floor(r() * n);
    const live = 1 + pick(2);
    const ranks = 3 + pick(2);
    const dealt = lowDeal(r, live, ranks, (cards) => cards - 1 - pick(3));
    const d: Reduced = { ...dealt, rules: pick(2) === 0 ? D1N : D1V };
    const detours = wasteDetours(stateOf(d), WASTE_RELAXATION_NODES);
    if (detours === 0) continue;
    const brute = bruteOfDeal(d, 20_000);
    if (brute === null || !brute.winnable) continue;
    compared++;
    detoured += detours;
    most = Math.max(most, detours);
    const context = `seed ${seed} ${JSON.stringify(d)}`;
    expect(movesLowerBound(stateOf(d)), context).toBeLessThanOrEqual(brute.minMoves!);
    // Stopped by its position limit, the relaxation gives what it proved: never more.
    expect(wasteDetours(stateOf(d), 3), context).toBeLessThan(detours);
  }
  console.log(`waste detours: ${compared} deals, ${detoured} detours, at most ${most} on one`);
  expect(compared).toBe(target);
  if (target >= FULL.waste) expect(most).toBeGreaterThanOrEqual(2);
}

/** The lower bound, where keeping columns adds detours, never above the brute force's minimum. */
export function cutsAgree(target: number): void {
  // Two suits, Aces to 3s (`lowDeal`), about half the cards in the columns: where a waste
  // card and a column card wait for each other.
  let compared = 0;
  let joined = 0;
  for (let seed = 1; seed <= 3000 && compared < target; seed++) {
    const r = seededRandom(seed * 104_723);
    const pick = (n: number): number => Math.floor(r() * n);
    const d: Reduced = { ...lowDeal(r, 2, 3, () => 4 + pick(4)), rules: D1N };
    const s = stateOf(d);
    const apart = deadlockedSets(s) + wasteDetours(s, WASTE_RELAXATION_NODES);
    const bound = movesLowerBound(s);
    if (bound === s.total + s.talLen + apart) continue;
    const brute = bruteOfDeal(d, 20_000);
    if (brute === null || !brute.winnable) continue;
    compared++;
    joined += bound - (s.total + s.talLen + apart);
    expect(bound, `seed ${seed} ${JSON.stringify(d)}`).toBeLessThanOrEqual(brute.minMoves!);
  }
  console.log(`detours with the columns kept: ${compared} deals where they add ${joined} moves in all`);
  expect(compared).toBe(target);
}

/** Verdict, maxFoundation, proven minimum moves and the lower bound against the brute force. */
export function solverAgrees(target: number): void {
  let compared = 0;
  let unwinnable = 0;
  let winnable = 0;
  let minProved = 0;
  let withKings = 0;
  let buried = 0;
  const fitting: number[] = [];
  for (const { seed, listed } of seedsToCompare(REDUCED_SEEDS, 1000)) {
    if (compared === target) break;
    const d = reducedDeal(seed);
    const brute = bruteOfDeal(d, 5000);
    if (!fits(brute, seed, listed)) continue;
    fitting.push(seed);
    compared++;
    if ([...d.stock, ...d.columns.flat()].some((f) => f % 13 === 12)) withKings++;
    const context = `seed ${seed} ${JSON.stringify(d)}`;
    const result = solve(() => stateOf(d), new Budget(NO_LIMITS), { ...PLAIN_LINE, optimize: true });
    expect(result.verdict, context).toBe(brute.winnable ? 'winnable' : 'unwinnable');
    expect(result.maxFoundation, context).toBe(brute.max);
    expect(result.stuckExact, context).toBe(true);
    if (brute.winnable) {
      winnable++;
      expect(result.minMovesProved, context).toBe(true);
      expect(result.moves, context).toBe(brute.minMoves);
      // The lower bound never exceeds the proven minimum; count where deadlocked columns add to it.
      const bound = movesLowerBound(stateOf(d));
      expect(bound, context).toBeLessThanOrEqual(brute.minMoves!);
      if (deadlockedSets(stateOf(d)) > 0) buried++;
      // The line replays to a win with exactly that many moves.
      const s = stateOf(d);
      replayLine(s, result.line!, (m) => expect(s.refusal(m), context).toBeNull());
      expect(s.isWon(), context).toBe(true);
      expect(s.moves, context).toBe(result.moves);
      minProved++;
    } else {
      unwinnable++;
    }
  }
  if (process.env.SCAN_SEEDS) console.log(`REDUCED_SEEDS = ${JSON.stringify(fitting)}`);
  expect(compared).toBe(target);
  expect(minProved).toBe(winnable);
  if (target < FULL.solver) return;
  // Both verdicts occur, so the comparison can fail either way.
  expect(unwinnable).toBeGreaterThanOrEqual(10);
  expect(winnable).toBeGreaterThanOrEqual(10);
  expect(withKings).toBeGreaterThanOrEqual(8);
  // The deadlocked columns add to the bound (and so are checked against the minimum).
  expect(buried).toBeGreaterThanOrEqual(1);
}

/** Wins within k turn-overs exactly when the brute force finds one, and the lines keep to them. */
export function turnLimitAgrees(target: number): void {
  let compared = 0;
  let within = 0;
  let notWithin = 0;
  let drawOne = 0;
  const fitting: number[] = [];
  for (const { seed, listed } of seedsToCompare(PASSES_SEEDS, 3000)) {
    if (compared === target) break;
    const { deal: d, turnLimit } = passesDeal(seed);
    const brute = bruteForce(
      { columns: d.columns, down: d.down, stock: d.stock, waste: [], piles: d.piles },
      { ...d.rules, turnLimit },
      d.total,
      4000,
    );
    if (!fits(brute, seed, listed)) continue;
    fitting.push(seed);
    compared++;
    if (d.rules.draw === 1) drawOne++;
    const context = `seed ${seed}, at most ${turnLimit} turn-overs, ${JSON.stringify(d)}`;
    const { search, outcome } = decide(() => stateOf(d), new Budget(NO_LIMITS), { turnLimit });
    expect(outcome, context).toBe(brute.winnable ? 'win' : 'done');
    if (!brute.winnable) {
      notWithin++;
      continue;
    }
    within++;
    const line = search.history();
    expect(turnOversIn(line), context).toBeLessThanOrEqual(turnLimit);
    const shortened = shortenLine(() => stateOf(d), line, undefined, Infinity, turnLimit);
    for (const l of [line, shortened]) {
      const s = stateOf(d);
      replayLine(s, l, (m) => expect(s.refusal(m), context).toBeNull());
      expect(s.isWon(), context).toBe(true);
      expect(s.turnOvers, context).toBeLessThanOrEqual(turnLimit);
    }
  }
  if (process.env.SCAN_SEEDS) console.log(`PASSES_SEEDS = ${JSON.stringify(fitting)}`);
  expect(compared).toBe(target);
  if (target < FULL.turnLimit) return;
  expect(within).toBeGreaterThanOrEqual(10);
  expect(notWithin).toBeGreaterThanOrEqual(10);
  // Both kinds of the turn-over rank (Draw 1: in the dominance; Draw 3: in the key) are checked.
  expect(drawOne).toBeGreaterThanOrEqual(10);
  expect(compared - drawOne).toBeGreaterThanOrEqual(10);
}
