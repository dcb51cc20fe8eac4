/**
 * "A fact worth using" (pyramide.md): under the app rules, whether a deal is winnable and
 * how many pyramid cards can be removed at most depend only on the pyramid, not on the
 * stock order. The solver relies on it; here it is checked on shuffled stocks, against the
 * solver and, where its search is small enough, against the reference search.
 */
import { describe, expect, it } from 'vitest';
import type { Card } from '../../../../src/cards/card.js';
import { dealFromNumber, type PyramideDeal } from '../../../../src/games/pyramide/deal.js';
import { APP_RULES } from '../../../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../../../src/games/pyramide/solver/analyse.js';
import { seededRandom } from '../../../support/random.js';
import { referenceSearch } from './bfs.js';
import { codeOf, SOLVER_LIMITS } from './compare.js';

/** The same pyramid with the 24 other cards (the 29th card and the stock) in a shuffled order. */
function withShuffledTalon(deal: PyramideDeal, next: () => number): PyramideDeal {
  const talon: Card[] = [deal.first!, ...deal.stock!];
  for (let i = talon.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [talon[i], talon[j]] = [talon[j]!, talon[i]!];
  }
  return { pyramid: deal.pyramid, first: talon[0]!, stock: talon.slice(1) };
}

// Winnable and unwinnable deals (PY1-N-AAAAAAA, -AAAAAAC, ...), with quick minimum-move searches.
const DEALS = [0, 2, 5, 7, 8, 11, 20, 24, 40, 48];

describe('under the app rules the stock order does not matter', () => {
  it.each(DEALS.map((n) => ({ n, code: codeOf(n) })))(
    '$code: same winnable and maxRemoved for shuffled stocks and for no stock',
    ({ n }) => {
      const deal = dealFromNumber(n);
      const base = solvePyramide(deal, APP_RULES, SOLVER_LIMITS);
      expect(base.limit).toBeNull();
      expect(base.stuckExact).toBe(true);

      const next = seededRandom(1000 + n);
      for (let k = 0; k < 3; k++) {
        const shuffled = withShuffledTalon(deal, next);
        const sol = solvePyramide(shuffled, APP_RULES, SOLVER_LIMITS);
        expect({ winnable: sol.winnable, maxRemoved: sol.maxRemoved, stuckExact: sol.stuckExact }).toEqual({
          winnable: base.winnable,
          maxRemoved: base.maxRemoved,
          stuckExact: true,
        });
        expect(sol.minMoves === null).toBe(!base.winnable);
      }

      const noStock = solvePyramide({ ...deal, stock: null }, APP_RULES, SOLVER_LIMITS);
      expect({
        winnable: noStock.winnable,
        maxRemoved: noStock.maxRemoved,
        minMoves: noStock.minMoves,
        solution: noStock.solution,
      }).toEqual({
        winnable: base.winnable,
        maxRemoved: base.maxRemoved,
        minMoves: null,
        solution: null,
      });
    },
    60_000,
  );

  it('the reference search agrees on shuffled stocks, where it finishes', () => {
    let checked = 0;
    for (const n of [5, 40, 48, 49]) {
      const deal = dealFromNumber(n);
      const base = referenceSearch(deal, APP_RULES, { maxPositions: 1_000_000, stopAtWin: false });
      const baseMax = base.winnable ? 28 : base.complete ? base.maxRemoved : null;
      expect(base.winnable).not.toBeNull();
      const next = seededRandom(2000 + n);
      for (let k = 0; k < 3; k++) {
        const ref = referenceSearch(withShuffledTalon(deal, next), APP_RULES, { maxPositions: 1_000_000, stopAtWin: false });
        if (ref.winnable !== null) expect(ref.winnable).toBe(base.winnable);
        if (ref.winnable === true || ref.complete) {
          expect(ref.winnable ? 28 : ref.maxRemoved).toBe(baseMax);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  }, 60_000);
});
