/**
 * What a Vegas player is told: the furthest line found and what it pays (a lower bound,
 * marked so), a proven ceiling, the tier by dollars, and hints ranked by the cards reached.
 * Every line replays through the engine to exactly its count and its dollars.
 */
import { describe, expect, it } from 'vitest';
import { thresholdsFor, tierOf } from '../../../src/games/difficulty.js';
import type { DoubleState } from '../../../src/games/double/engine.js';
import { hintDouble, replayPosition } from '../../../src/games/double/hint.js';
import { type DoubleAnalysis, doubleGame, openDouble } from '../../../src/games/double/index.js';
import { jsonMoveText } from '../../../src/games/double/play.js';
import { describeHint } from '../../../src/games/hint.js';
import type { MoveJson } from '../../../src/games/types.js';

/** Short searches: the figures are bounds, which is what is under test. */
const LIMITS = { timeMs: Infinity, nodes: 150_000, memoryBytes: 2 * 1024 ** 3 };

/** The position after `line`, replayed through the engine in the `play` notation. */
function replay(code: string, line: readonly MoveJson[]): DoubleState {
  const deal = openDouble({ kind: 'code', code }, {});
  return replayPosition(deal.newState(), line.map((m) => jsonMoveText(m, 'symbols')).join('; ')).state;
}

const dollars = (cards: number): number => 5 * cards - 104;

describe('Vegas analyses', () => {
  for (const code of ['DS1-D1V-AAAAAAH', 'DS1-D3V-AAAAAAK']) {
    it(`${code}: the furthest line pays exactly what it says, under a proven ceiling, and the tier follows it`, () => {
      const a = openDouble({ kind: 'code', code }, {}).analyse(LIMITS) as DoubleAnalysis;
      expect(a.verdict).not.toBe('winnable');
      const end = replay(code, a.stuckLine!);
      expect(end.onFoundations).toBe(a.maxFoundation);
      expect(end.score).toBe(a.dollarsAtLeast);
      expect(a.dollarsAtLeast).toBe(dollars(a.maxFoundation!));
      expect(a.foundationAtMost).toBeGreaterThanOrEqual(a.maxFoundation!);
      expect(a.dollarsAtMost).toBe(dollars(a.foundationAtMost));
      if (a.stuckExact) expect(a.foundationAtMost).toBe(a.maxFoundation);
      expect(a.tier).toBe(tierOf(thresholdsFor(doubleGame.difficulty, a.rules), a.maxFoundation));
      const text = doubleGame.describe(a, 'symbols');
      const paid = a.dollarsAtLeast! < 0 ? `-$${-a.dollarsAtLeast!}` : `$${a.dollarsAtLeast}`;
      if (a.verdict === 'unknown') {
        expect(text).toContain(`at least ${a.maxFoundation} cards reached the foundations (${paid})`);
      } else {
        expect(text).toContain(`${a.maxFoundation} of 104 cards reach the foundations (${paid})`);
      }
    }, 60_000);
  }

  it('normal scoring has no dollars, and an exact or won figure is its own ceiling', () => {
    const a = openDouble({ kind: 'code', code: 'DS1-D1N-AAAAAAA' }, {}).analyse(LIMITS) as DoubleAnalysis;
    expect(a.verdict).toBe('winnable');
    expect([a.dollarsAtLeast, a.dollarsAtMost, a.foundationAtMost]).toEqual([null, null, 104]);
  }, 60_000);
});

describe('Vegas hints', () => {
  it('rank the moves by the cards reached after them, each an "at least" figure under its ceiling', () => {
    const code = 'DS1-D3V-AAAAAAC';
    const h = hintDouble(openDouble({ kind: 'code', code }, {}), '', LIMITS);
    expect(h.status).toBe('unknown');
    expect(h.moves.length).toBeGreaterThan(1);
    for (const j of h.moves) {
      expect(j.label).toBe('unknown');
      expect(j.stuckExact).toBe(false);
      expect(j.foundationAtMost).toBeGreaterThanOrEqual(j.maxFoundation);
      expect(j.dollarsAtLeast).toBe(dollars(j.maxFoundation));
      expect(j.dollarsAtMost).toBe(dollars(j.foundationAtMost));
    }
    const reached = h.moves.map((j) => j.maxFoundation);
    expect(reached).toEqual([...reached].sort((x, y) => y - x));
    // The position's figure is its best move's, and its line gets there, move by move.
    expect(h.maxFoundation).toBe(reached[0]);
    expect(h.foundationAtMost).toBe(Math.max(...h.moves.map((j) => j.foundationAtMost)));
    const end = replay(code, h.line!);
    expect(end.onFoundations).toBe(h.maxFoundation);
    // The app pays $5 each time a card goes up: a line that takes a card back and puts it up
    // again is paid for it twice. The figures count the cards on the foundations.
    const takenBack = h.line!.filter((m) => m.from === 'foundation').length;
    expect(end.score).toBe(h.dollarsAtLeast! + 5 * takenBack);
    const text = describeHint(h);
    expect(text).toMatch(
      /unknown {2}not decided \(stopped by --node-limit 150000\); at least \d+ of the 104 cards can reach the foundations \(-?\$\d+\)/,
    );
  }, 60_000);
});
