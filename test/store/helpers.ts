import type { Analysis } from '../../src/games/types.js';
import type { NewResult } from '../../src/store/results.js';

/** A Pyramide analysis: the common fields and Pyramide's stuck figure. */
export type PyramideLike = Analysis & { maxRemoved?: number | null };

/** A hand-made Pyramide analysis. */
export function analysis(code: string, fields: Partial<PyramideLike> = {}): PyramideLike {
  return {
    code,
    fingerprint: `fp-${code}`,
    game: 'pyramide',
    rules: 'app',
    verdict: 'winnable',
    winnable: true,
    minMoves: 40,
    minMovesProved: true,
    moves: 40,
    maxRemoved: 28,
    stuckExact: true,
    solution: [{ move: 'draw' }, { move: 'pair', cards: ['J♦', '2♦'] }],
    nodes: 1000,
    ms: 12.5,
    limit: null,
    notes: [],
    ...fields,
  };
}

export const LIMITS = { timeMs: 10_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };

export function result(code: string, fields: Partial<PyramideLike> = {}, solverVersion = 'test 1'): NewResult {
  const a = analysis(code, fields);
  return {
    key: { game: 'pyramide', dealKey: code, rules: a.rules, mode: 'full', solverVersion },
    analysis: a,
    stuckFigure: 'maxRemoved',
    limits: LIMITS,
    analysedAt: new Date().toISOString(),
  };
}
