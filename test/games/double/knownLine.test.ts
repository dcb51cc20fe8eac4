/**
 * A hint given a line known to win (`HintOptions.line`, `hint --line`, the API's `line`):
 * it never tells of a longer line than that one, and it changes nothing else.
 */
import { describe, expect, it } from 'vitest';
import { openDeal, openPosition } from '../../../src/core.js';
import { InputError } from '../../../src/errors/inputError.js';
import { type HintResult, moveText } from '../../../src/games/hint.js';
import type { MoveJson } from '../../../src/games/types.js';
import { cardsolve } from '../../support/cli.js';

/** Positions, not time: the same judgements on any machine. */
const LIMITS = { timeMs: Number.POSITIVE_INFINITY, nodes: 1_000_000, memoryBytes: 2 * 1024 ** 3 };

const textOf = (game: 'double' | 'pyramide', line: readonly MoveJson[]): string => line.map((m) => moveText(game, m)).join('; ');

/** The moves a line takes when played from the position after `moves`, and whether it wins. */
function played(code: string, moves: string, line: readonly MoveJson[]): { won: boolean; counter: number } {
  const position = openDeal(code).position();
  position.playLine(moves);
  const before = (position.toJSON() as { counter: number }).counter;
  position.playLine(textOf('double', line));
  return { won: position.playStatus() === 'won', counter: (position.toJSON() as { counter: number }).counter - before };
}

describe('Double Solitaire hints with a known line', () => {
  // Deals whose analysis prints a shorter line than the hint finds by itself (fewer passes
  // through the stock, then shortened): the case the line is for.
  for (const code of ['DS1-D1N-AAAAAAH', 'DS1-D3N-AAAAAAD']) {
    it(`${code}: the line's first move is judged by it, the other moves as without it`, () => {
      const deal = openDeal(code);
      const analysis = deal.analyse(LIMITS) as { verdict: string; moves: number; solution: MoveJson[] };
      expect(analysis.verdict).toBe('winnable');
      const line = textOf('double', analysis.solution);
      const alone = deal.hint('', LIMITS) as HintResult;
      const told = deal.hint('', LIMITS, { line }) as HintResult;
      // The deal is chosen so that the line beats the hint's own: else this test checks nothing.
      expect(alone.movesLeft!).toBeGreaterThan(analysis.moves);
      expect(told.status).toBe('winnable');
      expect(told.movesLeft).toBe(analysis.moves);
      expect(told.best).toEqual(analysis.solution[0]);
      expect(played(code, '', told.line!)).toEqual({ won: true, counter: told.movesLeft });
      const first = told.moves.find((j) => JSON.stringify(j.move) === JSON.stringify(analysis.solution[0]))!;
      expect(first.label).toBe('winning');
      expect(first.movesLeft).toBe(analysis.moves - 1);
      const others = (h: HintResult) =>
        h.moves
          .filter((j) => JSON.stringify(j.move) !== JSON.stringify(analysis.solution[0]))
          .map((j) => [moveText('double', j.move), j.label, j.movesLeft]);
      expect(others(told)).toEqual(others(alone));
      // The position's status alone (what the interactive game asks) tells the same length.
      const status = deal.hint('', LIMITS, { line, statusOnly: true }) as HintResult;
      expect(status.movesLeft).toBe(analysis.moves);
      expect(played(code, '', status.line!)).toEqual({ won: true, counter: analysis.moves });
    });
  }

  it('keeps its own line where it is shorter: each move is told the shorter of the two', () => {
    const deal = openDeal('DS1-D3N-AAAAAAD');
    const alone = deal.hint('', LIMITS) as HintResult;
    // A winning line that starts with a draw: the hint's best line after the draw.
    const afterDraw = deal.hint('draw', LIMITS) as HintResult;
    expect(afterDraw.status).toBe('winnable');
    const told = deal.hint('', LIMITS, { line: `draw; ${textOf('double', afterDraw.line!)}` }) as HintResult;
    const draw = (h: HintResult) => h.moves.find((j) => j.move.move === 'draw')!;
    expect(draw(told).movesLeft).toBe(Math.min(draw(alone).movesLeft!, afterDraw.movesLeft!));
    expect(told.movesLeft).toBe(Math.min(alone.movesLeft!, afterDraw.movesLeft! + 1));
  });

  it('refuses a line the rules refuse or that does not win, naming the line', () => {
    const deal = openDeal('DS1-D1N-AAAAAAB');
    expect(() => deal.hint('', LIMITS, { line: 'draw; draw' })).toThrow(InputError);
    expect(() => deal.hint('', LIMITS, { line: 'draw; draw' })).toThrow(/^line: its moves do not win from this position \(in play/);
    expect(() => deal.hint('', LIMITS, { line: 'K♠ c1-f' })).toThrow(/^line: move 1 "K♠ c1-f" is refused: /);
    // The same from a position object, which asks the game itself.
    const position = openPosition('DS1-D1N-AAAAAAB');
    expect(() => position.hint(LIMITS, { line: 'draw; draw' })).toThrow(InputError);
    expect(() => position.hint(LIMITS, { line: 'draw; draw' })).toThrow(/^line: its moves do not win from this position \(in play/);
  });

  it('Pyramide: a winning line changes nothing (its hints count the fewest moves), a losing one is refused', () => {
    const deal = openDeal('PY1-N-AAAAAAA');
    const analysis = deal.analyse(LIMITS) as { solution: MoveJson[] };
    const line = textOf('pyramide', analysis.solution);
    const strip = (h: HintResult) => ({ ...h, nodes: 0, ms: 0 });
    expect(strip(deal.hint('', LIMITS, { line }) as HintResult)).toEqual(strip(deal.hint('', LIMITS) as HintResult));
    expect(() => deal.hint('', LIMITS, { line: textOf('pyramide', analysis.solution.slice(0, 3)) })).toThrow(/^line: its moves do not win/);
  });

  it('on the command line: --line, and one message with exit code 2 for a line that does not win or with --fair', () => {
    const code = 'DS1-D3N-AAAAAAD';
    const analysis = openDeal(code).analyse(LIMITS) as { moves: number; solution: MoveJson[] };
    const limit = ['--node-limit', '1000000', '--time-limit', 'none'];
    const r = cardsolve(['hint', code, '--line', textOf('double', analysis.solution), ...limit, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as HintResult).movesLeft).toBe(analysis.moves);
    const bad = cardsolve(['hint', code, '--line', 'draw', ...limit]);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/line: its moves do not win from this position/);
    const fair = cardsolve(['hint', code, '--line', 'draw', '--fair']);
    expect(fair.status).toBe(2);
    expect(fair.stderr).toMatch(/--line is for the hint that sees the whole deal/);
  });
});
