import { describe, expect, it } from 'vitest';
import { figureProblem } from '../../src/games/figures.js';
import { gameById } from '../../src/games/registry.js';

describe("a game's figures checked from its declarations", () => {
  const pyramide = gameById('pyramide');
  const double = gameById('double');

  it('accepts figures in range and of their declared type, and missing ones', () => {
    expect(figureProblem(pyramide, { maxRemoved: 28, deadEndReachable: false })).toBeNull();
    expect(figureProblem(pyramide, { maxRemoved: null })).toBeNull();
    expect(figureProblem(double, { maxFoundation: 104, score: '$416', movesLowerBound: 120, lostBy: null })).toBeNull();
  });

  it('names a stuck figure out of range and a figure of the wrong type', () => {
    expect(figureProblem(pyramide, { maxRemoved: 29 })).toMatch(/a bad maxRemoved \(29, expected 0 to 28\)/);
    expect(figureProblem(pyramide, { maxRemoved: 2.5 })).toMatch(/a bad maxRemoved/);
    expect(figureProblem(pyramide, { deadEndReachable: 'yes' })).toMatch(/a bad deadEndReachable \("yes", expected a boolean\)/);
    expect(figureProblem(double, { movesLowerBound: 'many' })).toMatch(/a bad movesLowerBound \("many", expected a whole number\)/);
    expect(figureProblem(pyramide, { forgiveness: 0.5, randomWinRate: 0.25 })).toBeNull();
    expect(figureProblem(pyramide, { forgiveness: '50%' })).toMatch(/a bad forgiveness \("50%", expected a number\)/);
  });
});
