/**
 * Searches that share one space (as a hint's do) reuse what earlier searches learnt: exact
 * costs along optimal lines, the positions between an optimal step's draws, and lower
 * bounds raised after each search. None of it may change a figure: every position is also
 * solved from scratch, in a space of its own, and the two must agree, and the shared
 * space's line must replay to a win in exactly its count.
 */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { PyramideGame } from '../../../src/games/pyramide/engine.js';
import { APP_RULES, MSC_RULES, rulesName } from '../../../src/games/pyramide/rules.js';
import { analysePosition, playSteps, solvePyramide } from '../../../src/games/pyramide/solver/analyse.js';
import { PyramideContext } from '../../../src/games/pyramide/solver/context.js';
import { FullStateSpace } from '../../../src/games/pyramide/solver/fullState.js';
import { positionOf } from '../../../src/games/pyramide/solver/position.js';
import { Budget, type Limits } from '../../../src/search/limits.js';

const GENEROUS: Limits = { timeMs: 120_000, nodes: Infinity, memoryBytes: 4 * 1024 ** 3 };

describe('searches sharing what earlier searches learnt', () => {
  for (const rules of [APP_RULES, MSC_RULES]) {
    it(`find the same fewest moves as searches from scratch, after every move along a line (${rulesName(rules)})`, () => {
      let compared = 0;
      for (const n of [0, 2]) {
        const deal = dealFromNumber(n);
        const line = solvePyramide(deal, rules, GENEROUS).solution;
        if (!line) continue;
        const shared = new FullStateSpace(deal, rules);
        // One context learns along the line; the fresh searches get their own space each time.
        const learning = new PyramideContext();
        const scratch = new PyramideContext();
        const game = new PyramideGame(deal, rules);
        for (let i = 0; i < Math.min(line.length, 8); i++) {
          for (const move of game.moves()) {
            game.move(move);
            const learnt = analysePosition(learning, deal, rules, positionOf(game), new Budget(GENEROUS), false, shared);
            const fresh = analysePosition(scratch, deal, rules, positionOf(game), new Budget(GENEROUS), false);
            expect([learnt.winnable, learnt.minMoves, learnt.maxRemoved, learnt.deadEndReachable]).toEqual([
              fresh.winnable,
              fresh.minMoves,
              fresh.maxRemoved,
              fresh.deadEndReachable,
            ]);
            if (learnt.steps) {
              const replay = new PyramideGame(deal, rules);
              for (const m of [...line.slice(0, i), move]) replay.move(m);
              const before = replay.counter;
              playSteps(replay, shared, learnt.steps);
              expect(replay.counter - before).toBe(learnt.minMoves);
            }
            compared++;
            game.undo();
          }
          game.move(line[i]!);
        }
      }
      expect(compared).toBeGreaterThan(30);
    }, 600_000);
  }
});
