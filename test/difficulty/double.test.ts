import { describe, expect, it } from 'vitest';
import { doubleDifficulty } from '../../src/games/double/difficulty.js';
import type { HintResult, MoveLabel } from '../../src/games/hint.js';
import type { MoveJson, OpenedDeal } from '../../src/games/types.js';

const LIMITS = { timeMs: 1000, nodes: Infinity, memoryBytes: 2 ** 30 };
const LINE: MoveJson[] = [{ move: 'draw' }, { move: 'draw' }, { move: 'draw' }];

/** A deal whose hint labels the moves of each position as given (the position is the number of moves played). */
function dealJudging(labels: MoveLabel[][]): OpenedDeal & { asked: string[] } {
  const asked: string[] = [];
  const hint = (moves: string): HintResult => {
    asked.push(moves);
    const at = moves === '' ? 0 : moves.split(';').length;
    return { moves: labels[at]!.map((label) => ({ move: { move: 'draw' }, label })) } as unknown as HintResult;
  };
  return { game: 'double', asked, hint } as unknown as OpenedDeal & { asked: string[] };
}

describe('doubleDifficulty', () => {
  it('counts the positions of the line with a losing move, and the share of losing moves', () => {
    const deal = dealJudging([
      ['winning', 'losing', 'losing'],
      ['winning', 'winning'],
      ['winning', 'losing'],
    ]);
    const d = doubleDifficulty(deal, LINE, LIMITS);
    expect(deal.asked).toEqual(['', 'draw', 'draw; draw']);
    expect(d).toMatchObject({ lineMoves: 3, crossroads: 2, losingShare: 0.4286, positions: 3, undecided: 0, tier: 'unknown' });
  });

  it('leaves the figures null when a move could not be judged within the limits', () => {
    const d = doubleDifficulty(dealJudging([['winning'], ['winning', 'unknown'], ['winning']]), LINE, LIMITS);
    expect(d.crossroads).toBeNull();
    expect(d.losingShare).toBeNull();
    expect(d.undecided).toBe(1);
  });
});
