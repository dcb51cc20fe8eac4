import { describe, expect, it } from 'vitest';
import { COARSE_WORDS, CoarseState } from '../../../src/games/double/coarse.js';
import { coarseToMoves } from '../../../src/games/double/coarseLine.js';
import { CoarseSearch } from '../../../src/games/double/coarseSearch.js';
import { dealFromNumber } from '../../../src/games/double/deal.js';
import { DoubleState } from '../../../src/games/double/engine.js';
import { TalonBound } from '../../../src/games/double/vegasBound.js';
import { KeyTable } from '../../../src/search/keyTable.js';
import { Budget } from '../../../src/search/limits.js';
import { seededRandom } from '../../support/random.js';
import { bruteForce } from './bruteForce.js';
import { agree, coarse, OPEN_VEGAS_SEEDS, openRuns, reducedAgree, vegasAgree } from './coarseChecks.js';
import { D1N, D1V, D3V, position } from './helpers.js';
import { bruteOf, lowDeal, NO_LIMITS, type Reduced, stateOf, vegasDeal } from './reduced.js';

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

  it('on 30 reduced deals of every rule set: the verdict, the most foundation cards, and a line that replays to them (the long checks: 80)', () => {
    reducedAgree(30);
  }, 120_000);

  it('on 20 reduced Vegas deals with longer stocks (the long checks: 60)', () => {
    vegasAgree(20);
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
