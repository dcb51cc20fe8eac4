import { dealNumberLetters } from '../../src/codes/dealCode.js';
import type { TierThresholds } from '../../src/games/difficulty.js';
import { gameById } from '../../src/games/registry.js';
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
    tier: null,
    difficulty: null,
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
    stuck: gameById('pyramide').stuck,
    limits: LIMITS,
    analysedAt: new Date().toISOString(),
  };
}

/**
 * A hand-made Double Solitaire result under a Vegas rule set: `stuck` is its stuck figure
 * (`maxFoundation`, the most foundation cards its best line found reaches; 104 for a win).
 */
export function vegasResult(
  code: string,
  verdict: Analysis['verdict'],
  stuck: number | null,
  solverVersion: string,
  fields: Record<string, unknown> = {},
): NewResult {
  const rules = code.split('-')[1]!;
  const won = verdict === 'winnable';
  const analysis = {
    code,
    fingerprint: `fp-${code}`,
    game: 'double' as const,
    rules,
    verdict,
    winnable: won ? true : verdict === 'unwinnable' ? false : null,
    minMoves: won ? 150 : null,
    minMovesProved: false,
    moves: won ? 150 : null,
    maxFoundation: stuck,
    stuckExact: verdict === 'unwinnable',
    solution: null,
    tier: null,
    difficulty: null,
    nodes: 1000,
    ms: 12.5,
    limit: verdict === 'unknown' ? '--time-limit 10ms' : null,
    notes: [],
    ...fields,
  };
  return {
    key: { game: 'double', dealKey: code, rules, mode: 'full', solverVersion },
    analysis,
    stuck: gameById('double').stuck,
    limits: LIMITS,
    analysedAt: new Date().toISOString(),
  };
}

/** Cuts on the stuck figure, as `TierThresholds` by reach gives them. */
export type ReachCuts = Pick<TierThresholds, 'easy' | 'medium' | 'hard'>;

/**
 * Vegas rows of every verdict whose stuck figures straddle each cut (at it and one below),
 * a win (104 cards, and a difficulty score that would be `expert` were the cuts on the
 * score), two deals at 0 cards and one unknown deal without a figure: codes DS1-<rules>-AAAAAAA on.
 */
export function vegasRows(rules: 'D1V' | 'D3V', cuts: ReachCuts, solverVersion: string): NewResult[] {
  const rows: Array<[Analysis['verdict'], number | null, Record<string, unknown>?]> = [
    ['unwinnable', cuts.hard - 1],
    ['winnable', 104, { difficulty: 99 }],
    ['unknown', cuts.easy],
    ['unwinnable', cuts.easy - 1],
    ['unwinnable', 0],
    ['unknown', cuts.medium],
    ['unwinnable', cuts.medium - 1],
    ['unwinnable', cuts.hard],
    ['unknown', null],
    ['unwinnable', 0],
    ['unknown', cuts.hard - 1],
  ];
  return rows.map(([verdict, stuck, fields], n) =>
    vegasResult(`DS1-${rules}-${dealNumberLetters(n)}`, verdict, stuck, solverVersion, fields),
  );
}
