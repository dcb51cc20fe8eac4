import { describe, expect, it } from 'vitest';
import { Sfc32 } from '../../../src/codes/sfc32.js';
import { type DoubleDeal, DoubleState } from '../../../src/games/double/engine.js';
import { openDouble } from '../../../src/games/double/index.js';
import { M_CC, M_CF, M_WC, M_WF, mA, mKind, mN } from '../../../src/games/double/move.js';
import { randomProgressWins } from '../../../src/games/double/progressPlayer.js';
import { D1N, D3N } from './helpers.js';

/** The random progress player as its file comment states it, from the legal moves (the salt is the player's). */
function referenceWins(deal: DoubleDeal, rules: typeof D1N, games: number, seed: number): number {
  const rng = new Sfc32(0x50524f47, seed);
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const s = new DoubleState(deal, rules);
    let idle = 0;
    for (let steps = 0; steps < 20_000 && !s.isWon(); steps++) {
      const progress = s.legalMoves().filter((m) => {
        const k = mKind(m);
        if (k === M_CF || k === M_WF || k === M_WC) return true;
        const a = mA(m);
        return k === M_CC && s.down[a]! > 0 && s.len[a]! - mN(m) === s.down[a]!;
      });
      if (progress.length > 0) {
        s.apply(progress[rng.uniform(progress.length)]!);
        idle = 0;
        continue;
      }
      const talon = s.talonMove();
      if (talon < 0 || idle > s.talLen + 1) break;
      s.apply(talon);
      idle++;
    }
    if (s.isWon()) wins++;
  }
  return wins;
}

describe('the random progress player', () => {
  it('wins the games the player its file describes wins, move for move the same choices', () => {
    let won = 0;
    for (const [code, rules] of [
      ['DS1-D1N-AAAAAAA', D1N],
      ['DS1-D1N-AAAAAAE', D1N],
      ['DS1-D3N-AAAAAAB', D3N],
    ] as const) {
      const deal = openDouble({ kind: 'code', code }, {}).deal;
      const wins = randomProgressWins(deal, rules, 30, 7);
      expect(wins, code).toBe(referenceWins(deal, rules, 30, 7));
      won += wins;
    }
    expect(won).toBeGreaterThan(0);
  });
});
