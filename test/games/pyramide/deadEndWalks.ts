/**
 * The dead-end search's cut under unlimited turn-overs (`FullStateSpace.deadEndAhead`)
 * claims that no dead end lies ahead of a position the relaxed game reaches none from.
 * Random walks through the rules engine that end in "no more moves" check it: every
 * position on such a walk must be reported as having a dead end ahead. Shared by
 * deadEndCut.test.ts and the long checks, deadEndCut.long.test.ts (more deals).
 */
import { expect } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { PyramideGame } from '../../../src/games/pyramide/engine.js';
import { APP_RULES, MSC_RULES, type PyramideRules, rulesName } from '../../../src/games/pyramide/rules.js';
import { FullStateSpace } from '../../../src/games/pyramide/solver/fullState.js';

// Talon cards pair together here (card beneath, stock top), so the relaxed game has those pairs too.
export const CUT_RULES: PyramideRules[] = [
  { ...APP_RULES, pairBeneath: true },
  { ...MSC_RULES, passes: Infinity },
];

/** Five random walks on each of the first `deals` deals, more than five of them ending in "no more moves". */
export function walksNeverCut(rules: PyramideRules, deals: number): void {
  let seed = 12345;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  let deadEnds = 0;
  let cutSeen = 0;
  for (let n = 0; n < deals; n++) {
    const deal = dealFromNumber(n);
    const space = new FullStateSpace(deal, rules);
    for (let walk = 0; walk < 5; walk++) {
      const game = new PyramideGame(deal, rules);
      const seen: number[] = [];
      for (let step = 0; step < 400 && !game.isWon(); step++) {
        const p = space.pack(game.removed, game.talonRemoved, game.next, game.passesUsed);
        seen.push(p.lo, p.hi);
        if (game.isNoMoreMoves()) {
          deadEnds++;
          for (let i = 0; i < seen.length; i += 2) expect(space.deadEndAhead(seen[i]!, seen[i + 1]!)).toBe(true);
          break;
        }
        if (!space.deadEndAhead(p.lo, p.hi)) cutSeen++;
        // Mostly removals, so that walks get far enough to empty the talon.
        const moves = game.moves();
        const removals = moves.filter((m) => m.kind !== 'draw' && m.kind !== 'turn-over');
        const from = removals.length > 0 && random() < 0.8 ? removals : moves;
        game.move(from[Math.floor(random() * from.length)]!);
      }
    }
  }
  console.log(`${rulesName(rules)}: ${deadEnds} walks ended in no more moves; ${cutSeen} positions on other walks cut`);
  expect(deadEnds).toBeGreaterThan(5);
  expect(cutSeen).toBeGreaterThan(0);
}
