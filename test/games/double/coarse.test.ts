import { describe, expect, it } from 'vitest';
import { COARSE_WORDS, CoarseState } from '../../../src/games/double/coarse.js';
import { coarseToMoves } from '../../../src/games/double/coarseLine.js';
import { CoarseSearch } from '../../../src/games/double/coarseSearch.js';
import { dealFromNumber } from '../../../src/games/double/deal.js';
import { DoubleState } from '../../../src/games/double/engine.js';
import { FITS } from '../../../src/games/double/faceTables.js';
import { TalonBound } from '../../../src/games/double/vegasBound.js';
import { KeyTable } from '../../../src/search/keyTable.js';
import { Budget } from '../../../src/search/limits.js';
import { seededRandom } from '../../support/random.js';
import { bruteForce } from './bruteForce.js';
import { D1N, D1V, D3V, position } from './helpers.js';
import { bruteOf, bruteOfDeal, lowDeal, NO_LIMITS, type Reduced, reducedDeal, stateOf, vegasDeal } from './reduced.js';

function coarse(state: DoubleState, limits = NO_LIMITS) {
  return new CoarseSearch(state, new KeyTable(COARSE_WORDS, null)).run(new Budget(limits));
}

/**
 * The deal with each column's face-up cards cut to the run on its top (the cards below it
 * turned face down): the reduced deals stack face-up cards at random, which no real game
 * does and the coarse game does not model.
 */
function openRuns(d: Reduced): Reduced {
  const down = d.columns.map((col, c) => {
    let from = col.length - 1;
    while (from > d.down[c]! && FITS[col[from]! * 52 + col[from - 1]!] === 1) from--;
    return Math.max(0, Math.min(from, col.length - 1));
  });
  return { ...d, down };
}

/** The coarse search's verdict and figure against the brute force's, and its line replayed through the engine; null when the brute force cannot list the deal. */
function agree(d: Reduced, cap: number, context: string): { winnable: boolean } | null {
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
const OPEN_REDUCED_SEEDS = [
  2, 6, 10, 13, 14, 18, 20, 21, 28, 30, 31, 34, 35, 40, 41, 42, 43, 48, 49, 55, 59, 62, 67, 69, 70, 71, 78, 81, 82, 86, 88, 95, 102, 104,
  107, 113, 114, 116, 119, 120, 122, 125, 127, 132, 135, 136, 137, 138, 139, 143, 145, 148, 150, 154, 156, 161, 162, 163, 165, 167, 170,
  171, 174, 175, 177, 178, 186, 188, 189, 190, 195, 196, 199, 203, 206, 219, 223, 226, 228, 234,
];
const OPEN_VEGAS_SEEDS = [
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

/**
 * Two suits of opposite colours, Aces to 3s or 4s, most cards in the stock, only the top card
 * of each column face up: deals where a card must be taken back from the foundations to make
 * room (a black 2 from the waste onto a red 3 that went up, to reach the Ace under it).
 */
function takeBackDeal(seed: number): Reduced {
  const r = seededRandom(seed * 7717);
  const pick = (n: number): number => Math.floor(r() * n);
  const ranks = 3 + pick(2);
  const d = lowDeal(r, 2, ranks, (n) => n - 2 - pick(3));
  return { ...d, down: d.columns.map((c) => Math.max(0, c.length - 1)), rules: [D1V, D3V, D1N][pick(3)]! };
}

/**
 * The seeds of `takeBackDeal` below 20,000 whose answer changes when no card may be taken
 * back from the foundations (found by searching each deal with and without those moves).
 */
const TAKE_BACK_SEEDS = [586, 2700, 2945, 4026, 5040, 7376, 7477, 7907, 9329, 9555, 9796, 12831, 18336, 19490];

describe('the coarse search agrees with the brute force', () => {
  it('where two cards must be taken back, one to make room or uncover the other', () => {
    // Drawing three, 4♣ comes out on 3♣ and needs a red 5; both 5♥ are up. A 5♥ comes down onto a
    // black 6 once 6♠ has come down onto 7♥ (room), or once 6♥ above it has come down onto 7♠
    // (its pile). Nothing else wins.
    const positions = [
      position({ columns: ['7♥'], stock: '3♣ 4♣', foundations: [6, 6, 6, 5, 13, 13, 2, 2], total: 56 }, D3V),
      position({ columns: ['7♠', '6♠'], stock: '3♣ 4♣', foundations: [5, 5, 6, 6, 13, 13, 2, 2], total: 56 }, D3V),
    ];
    for (const [i, start] of positions.entries()) {
      const brute = bruteForce(bruteOf(start), D3V, start.total, 10_000);
      expect(brute?.winnable, `position ${i}`).toBe(true);
      const result = coarse(start.clone());
      expect(result.outcome, `position ${i}`).toBe('win');
      const end = start.clone();
      coarseToMoves(end, result.line);
      expect(end.isWon(), `position ${i}`).toBe(true);
    }
  });

  it('where cards must be taken back from the foundations', () => {
    let won = 0;
    for (const seed of TAKE_BACK_SEEDS) {
      const agreed = agree(takeBackDeal(seed), 200_000, `take-back seed ${seed}`);
      expect(agreed, `take-back seed ${seed}`).not.toBeNull();
      if (agreed!.winnable) won++;
    }
    expect(won).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('on reduced deals of every rule set: the verdict, the most foundation cards, and a line that replays to them', () => {
    const won = compare(reducedDeal, OPEN_REDUCED_SEEDS, 5000);
    expect(won).toBeGreaterThanOrEqual(10);
    expect(won).toBeLessThanOrEqual(70);
  }, 120_000);

  it('on reduced Vegas deals with longer stocks', () => {
    const won = compare(vegasDeal, OPEN_VEGAS_SEEDS, 3000);
    expect(won).toBeGreaterThanOrEqual(10);
    expect(won).toBeLessThanOrEqual(50);
  }, 120_000);
});

describe('the coarse position', () => {
  it("gives the relaxation's bound of the real position, along random games of real deals", () => {
    const relaxation = new TalonBound();
    let below = 0;
    let compared = 0;
    for (let n = 0; n < 20; n++) {
      const s = new DoubleState(dealFromNumber(n * 7919), n % 2 === 0 ? D1V : D3V);
      const pick = seededRandom(n + 1);
      for (let step = 0; step < 300; step++) {
        expect(new CoarseState(s).bound(), `deal ${n * 7919}, step ${step}`).toBe(relaxation.bound(s));
        compared++;
        if (relaxation.bound(s) < s.total) below++;
        const moves = s.legalMoves();
        if (moves.length === 0) break;
        s.apply(moves[Math.floor(pick() * moves.length)]!);
      }
    }
    // Random games strand cards: the bound must be tested where it says something.
    expect(compared).toBeGreaterThan(1000);
    expect(below).toBeGreaterThan(100);
  });
});

describe('the coarse search in slices', () => {
  it('ends as one run does, with the same figure, line and positions, stopped every 97 positions', () => {
    const starts = [
      ...OPEN_VEGAS_SEEDS.slice(0, 20).map((seed) => stateOf(openRuns(vegasDeal(seed)))),
      new DoubleState(dealFromNumber(7), D3V),
      new DoubleState(dealFromNumber(2), D3V),
    ];
    for (const [i, start] of starts.entries()) {
      const whole = coarse(start.clone());
      const search = new CoarseSearch(start.clone(), new KeyTable(COARSE_WORDS, null));
      let slices = 0;
      let last = search.run(new Budget({ ...NO_LIMITS, nodes: 97 }));
      while (last.outcome === 'stopped') {
        slices++;
        last = search.run(new Budget({ ...NO_LIMITS, nodes: 97 }));
      }
      expect([last.outcome, last.maxFoundation, last.positions, last.line], `start ${i}`).toEqual([
        whole.outcome,
        whole.maxFoundation,
        whole.positions,
        whole.line,
      ]);
      if (i >= 20) expect(slices, `start ${i}`).toBeGreaterThan(100);
    }
  });
});
