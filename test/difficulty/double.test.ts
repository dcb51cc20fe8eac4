import { describe, expect, it } from 'vitest';
import { thresholdsFor, tierOf } from '../../src/games/difficulty.js';
import { dealFromNumber } from '../../src/games/double/deal.js';
import { doubleDifficulty, doubleScore, type JudgedBy, judgeOffLine } from '../../src/games/double/difficulty.js';
import { type DoubleRules, DoubleState } from '../../src/games/double/engine.js';
import { randomProgressWins, scriptedDoubleWins } from '../../src/games/double/progressPlayer.js';
import { PLAIN_LINE, solve, VERDICT_ONLY } from '../../src/games/double/solver.js';
import { gameById } from '../../src/games/registry.js';
import { Budget } from '../../src/search/limits.js';

/** A game's tier cuts under a rule set, as the game declares them. */
const cutsOf = (game: string, rules: string) => thresholdsFor(gameById(game).difficulty, rules);

const D1N = { draw: 1 as const, vegas: false };
const D3N = { draw: 3 as const, vegas: false };
const LIMITS = { timeMs: 30_000, nodes: Infinity, memoryBytes: 2 ** 31 };

function lineOf(n: number, rules: DoubleRules = D1N): number[] {
  const deal = dealFromNumber(n);
  const r = solve(() => new DoubleState(deal, rules), new Budget(LIMITS), PLAIN_LINE);
  expect(r.verdict).toBe('winnable');
  return r.line!;
}

describe('doubleDifficulty', () => {
  it('judges every move off the line found and gives the documented score, the same on every call', () => {
    const deal = dealFromNumber(1);
    const line = lineOf(1);
    const d = doubleDifficulty(deal, D1N, line, { judgeNodes: 5000, dealNodes: 400_000, playouts: 20 });
    expect(d.undecided).toBe(0);
    expect(d.offLine).toBeGreaterThan(d.lineMoves);
    expect(d.crossroads).not.toBeNull();
    expect(d.losingShare).not.toBeNull();
    expect(d.crossroads === 0).toBe(d.losingShare === 0);
    expect(d.difficulty).toBe(doubleScore(d.crossroads!, d.losingShare!, Math.round(d.randomWinRate * 20), 20));
    expect(d.tier).toBe(tierOf(cutsOf('double', 'D1N'), d.difficulty));
    expect(doubleDifficulty(deal, D1N, line, { judgeNodes: 5000, dealNodes: 400_000, playouts: 20 })).toEqual(d);
  }, 120_000);

  it("searches the moves a short first search left unjudged again with what the deal's budget left, and judges them right", () => {
    const deal = dealFromNumber(1);
    const line = lineOf(1);
    const full = doubleDifficulty(deal, D1N, line, { judgeNodes: 5000, dealNodes: 400_000, playouts: 10 });
    // First searches of 20 positions leave moves unjudged; the second round decides them.
    const short = doubleDifficulty(deal, D1N, line, { judgeNodes: 20, dealNodes: 400_000, playouts: 10 });
    expect(short.retried).toBeGreaterThan(0);
    expect(short.undecided).toBe(0);
    // Each move's verdict is a fact of the deal: the figures agree with the generous budget's.
    expect([short.crossroads, short.losingShare, short.difficulty]).toEqual([full.crossroads, full.losingShare, full.difficulty]);
  }, 120_000);

  it('judges Draw 3 moves by every way it has, and each verdict holds when the position is solved afresh', () => {
    // DS1-D3N-AAAAAAD, a deal whose figures version 13 of the judge could not establish.
    const deal = dealFromNumber(3);
    const { moves, offLine } = judgeOffLine(deal, D3N, lineOf(3, D3N));
    expect(offLine.filter((e) => e.verdict < 0)).toEqual([]);
    const ways: JudgedBy[] = ['one move', 'talon', 'line', 'search'];
    for (const by of ways) {
      const judged = offLine.filter((e) => e.by === by);
      expect(judged.length, by).toBeGreaterThan(0);
      // A few of each, spread along the line, and every move found to lose.
      const sample = [0, 1, 2, 3].map((k) => judged[Math.floor((k * (judged.length - 1)) / 3)]!);
      for (const e of [...sample, ...offLine.filter((x) => x.verdict === 0)]) {
        const start = new DoubleState(deal, D3N);
        for (const m of moves.slice(0, e.at)) start.apply(m);
        start.apply(e.move);
        const r = solve(() => start.clone(), new Budget(LIMITS), VERDICT_ONLY);
        expect(r.verdict, `${by}: move ${e.move} at ${e.at}`).toBe(e.verdict === 1 ? 'winnable' : 'unwinnable');
      }
    }
  }, 120_000);

  it('leaves crossroads, the losing share and the tier unknown when the budget cannot judge every move', () => {
    const d = doubleDifficulty(dealFromNumber(1), D1N, lineOf(1), { judgeNodes: 5000, dealNodes: 0, playouts: 10 });
    expect(d.undecided).toBeGreaterThan(0);
    expect(d.crossroads).toBeNull();
    expect(d.losingShare).toBeNull();
    expect(d.difficulty).toBeNull();
    expect(d.tier).toBe('unknown');
    expect(d.notes[0]).toMatch(/not judged/);
  }, 120_000);
});

describe('the Double players', () => {
  it('are seeded and win no more than their games', () => {
    const deal = dealFromNumber(2);
    const a = randomProgressWins(deal, D1N, 10, 5);
    expect(a).toBe(randomProgressWins(deal, D1N, 10, 5));
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThanOrEqual(10);
    const b = scriptedDoubleWins(deal, D1N, 10, 5);
    expect(b).toBe(scriptedDoubleWins(deal, D1N, 10, 5));
    expect(b).toBeLessThanOrEqual(10);
  });
});
