import { describe, expect, it } from 'vitest';
import type { BeamReach } from '../../../src/games/double/beam.js';
import { beamLine } from '../../../src/games/double/beam.js';
import { replayPosition } from '../../../src/games/double/hint.js';
import { type DoubleAnalysis, doubleGame, openDouble } from '../../../src/games/double/index.js';
import { decide, VEGAS_BEAMS } from '../../../src/games/double/solver.js';
import { moveText } from '../../../src/games/hint.js';
import { Budget } from '../../../src/search/limits.js';

const NO_LIMITS = { timeMs: Infinity, nodes: Infinity, memoryBytes: Infinity };

const doubleDescribe = (a: Parameters<typeof doubleGame.describe>[0]): string => doubleGame.describe(a, 'symbols');

// The Vegas beams on deals no depth-first search decides: hundreds of thousands of positions each.
describe('the beams under Vegas scoring', () => {
  it('wins Vegas deals the depth-first search leaves unknown, in one pass', () => {
    // DS1-D1V-AAAAACY: no win within 10 s of depth-first search (2.4 million positions); the
    // analysis wins it in about 510,000.
    const deal = openDouble({ kind: 'code', code: 'DS1-D1V-AAAAACY' }, {});
    const limits = { timeMs: Infinity, nodes: 600_000, memoryBytes: Infinity };
    expect(decide(() => deal.newState(), new Budget(limits)).outcome).toBe('stopped');
    const a = deal.analyse(limits);
    expect(a.verdict).toBe('winnable');
    expect(a.turnOvers).toBe(0);
    // Replayed as a player would type it, each move checked legal by the engine.
    const { state: end } = replayPosition(deal.newState(), a.solution!.map((m) => moveText('double', m)).join('; '));
    expect(end.isWon()).toBe(true);
    expect(end.moves).toBe(a.moves);
    expect(a.score).toBe('$416');
  }, 120_000);

  it('gives a Vegas analysis that no search decides the furthest figure its beams reach', () => {
    const deal = openDouble({ kind: 'code', code: 'DS1-D1V-AAAAAAF' }, {});
    // The analysis: a depth-first search of 100,000 positions, then what is left goes to the first beam.
    const limits = { timeMs: Infinity, nodes: 400_000, memoryBytes: Infinity };
    const a = deal.analyse(limits);
    expect(a.verdict).toBe('unknown');
    const alone = decide(() => deal.newState(), new Budget(limits));
    expect(alone.outcome).toBe('stopped');
    const reach: BeamReach = { foundation: 0, line: [] };
    beamLine(() => deal.newState(), new Budget({ ...NO_LIMITS, nodes: 300_000 }), 0, VEGAS_BEAMS[0], reach);
    expect(a.maxFoundation).toBeGreaterThanOrEqual(reach.foundation);
    // Not a figure the depth-first search alone reaches with the same positions.
    expect(a.maxFoundation).toBeGreaterThan(alone.maxFoundation);
    // The line to it, as a player types it: each move legal, ending on that many cards, at that score.
    const line = (a as DoubleAnalysis).stuckLine!;
    expect(line.length).toBeGreaterThan(0);
    const { state: end } = replayPosition(deal.newState(), line.map((m) => moveText('double', m)).join('; '));
    expect(end.onFoundations).toBe(a.maxFoundation);
    expect(end.turnOvers).toBe(0);
    expect((a as DoubleAnalysis).stuckScore).toBe(end.scoreText());
    expect(doubleDescribe(a)).toContain(
      `furthest line found (${a.maxFoundation} cards on the foundations, ${end.scoreText()}, ${line.length} moves)`,
    );
    // Winnability alone asks for no line.
    const quick = deal.analyse(limits, { winnabilityOnly: true }) as DoubleAnalysis;
    expect(quick.stuckLine).toBeNull();
    expect(quick.stuckScore).toBeNull();
  }, 60_000);
});
