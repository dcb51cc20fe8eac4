/**
 * The minimum-move bound (moveBound.ts) at the start of whole deals: never above the fewest
 * moves the search proves (an overestimate there would let the search stop at a longer line
 * without notice), and never -1 (lost) on a deal that is won. Mid-game positions against the
 * reference search: boundMidgame.test.ts. Also the counts the benchmark reads off the search.
 */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { APP_RULES, MSC_RULES, rulesName } from '../../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../../src/games/pyramide/solver/analyse.js';
import { PyramideContext } from '../../../src/games/pyramide/solver/context.js';
import { FullStateSpace } from '../../../src/games/pyramide/solver/fullState.js';
import { MoveBound } from '../../../src/games/pyramide/solver/moveBound.js';
import { startPosition } from '../../../src/games/pyramide/solver/position.js';
import { fewestMoves } from './fewestMoves.js';

const LIMITS = { timeMs: 60_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
const CODES = 16;

describe.each([APP_RULES, MSC_RULES].map((rules) => ({ rules, name: rulesName(rules) })))('the bound at the start ($name)', ({ rules }) => {
  it(`is at most the fewest moves, on the first ${CODES} codes`, () => {
    let winnable = 0;
    for (let n = 0; n < CODES; n++) {
      const { moves } = fewestMoves(n, rules);
      if (moves === null) continue; // lost: any bound will do (it cuts nothing that wins)
      winnable++;
      const space = new FullStateSpace(dealFromNumber(n), rules);
      const s = startPosition(rules);
      const { lo, hi } = space.pack(s.removed, s.talonRemoved, s.next, s.passesUsed);
      const bound = new MoveBound(space);
      for (const full of [true, false]) {
        const h = bound.of(lo, hi, full);
        expect(h, `deal ${n}, ${full ? 'full' : 'quick'} bound`).toBeGreaterThanOrEqual(0);
        expect(h, `deal ${n}, ${full ? 'full' : 'quick'} bound`).toBeLessThanOrEqual(moves);
      }
    }
    expect(winnable).toBeGreaterThanOrEqual(CODES / 2); // the check saw wins
  }, 120_000);
});

describe('the minimum-move counts', () => {
  it('count the positions expanded, and those below the minimum among them', () => {
    const context = new PyramideContext();
    expect(context.minMovesCounts).toEqual({ expanded: 0, expandedSolved: 0, belowMinimum: 0 });
    // Deal 0 is winnable under the app's rules and takes a search of some size.
    const figures = solvePyramide(dealFromNumber(0), APP_RULES, LIMITS, {}, context);
    expect(figures.minMoves).not.toBeNull();
    const { expanded, expandedSolved, belowMinimum } = context.minMovesCounts;
    expect(expandedSolved).toBeGreaterThan(0);
    expect(expanded).toBeGreaterThanOrEqual(expandedSolved);
    expect(belowMinimum).toBeGreaterThan(0); // its bound at the start lies below its minimum
    expect(belowMinimum).toBeLessThan(expandedSolved); // the winning position itself is at the minimum
    context.resetMinMovesCounts();
    expect(context.minMovesCounts.expanded).toBe(0);
  });
});
