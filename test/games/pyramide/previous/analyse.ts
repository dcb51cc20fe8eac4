// The previous solver, kept unchanged for the comparison in previous.test.ts.
/**
 * The Pyramide solver: what a deal allows under a rule set, proven or marked unknown.
 * 1. Winnability, the most removable cards and dead ends: from the pyramid alone when the
 *    stock order cannot matter (fast), otherwise from every reachable position.
 * 2. The fewest moves and one optimal line, by A*, when the deal is winnable and its
 *    stock order is known.
 * One budget (time, nodes, memory) covers both; whatever it stops is reported unknown.
 */
import { type Budget, type LimitName, type Limits, Budget as SearchBudget, describeLimit } from '../../../../src/search/limits.js';
import type { AnalyseOptions, Verdict } from '../../../../src/games/types.js';
import { type PyramideDeal, talonOf } from '../../../../src/games/pyramide/deal.js';
import { PyramideGame, type PyramideMove } from '../../../../src/games/pyramide/engine.js';
import { type PyramideRules, talonIsFree } from '../../../../src/games/pyramide/rules.js';
import { exploreFull } from './fullExplore.js';
import { FullStateSpace } from './fullState.js';
import { searchMinMoves } from './minMoves.js';
import { type PyramidOnlyResult, searchPyramidOnly } from './pyramidOnly.js';

export interface PyramideSolution {
  verdict: Verdict;
  winnable: boolean | null;
  maxRemoved: number | null;
  maxExact: boolean;
  minMoves: number | null;
  solution: PyramideMove[] | null;
  deadEndReachable: boolean | null;
  nodes: number;
  ms: number;
  limit: string | null;
  notes: string[];
}

export function solvePyramide(
  deal: PyramideDeal,
  rules: PyramideRules,
  limits: Limits,
  options: AnalyseOptions = {},
): PyramideSolution {
  const budget: Budget = new SearchBudget(limits);
  const notes: string[] = [];
  const winnabilityOnly = options.winnabilityOnly === true;
  const free = talonIsFree(rules);
  // Whole positions need the whole stock order; one space (and its memoised bounds) serves every search.
  const space = talonOf(deal) !== null ? new FullStateSpace(deal, rules) : null;

  let first: PyramidOnlyResult | null = null;
  if (free) {
    first = searchPyramidOnly(deal, rules, budget, winnabilityOnly);
  } else if (space) {
    // Stop at the first win: the minimum-move search and the dead-end search come after.
    first = exploreFull(space, budget, 'win');
  } else {
    notes.push('under these rules winnability depends on the stock order, which this deal does not give');
  }

  let minMoves: number | null = null;
  let solution: PyramideMove[] | null = null;
  if (first?.winnable === true && !winnabilityOnly) {
    if (!space) {
      notes.push('minMoves and a solution need the stock order, which this deal does not give');
    } else {
      const result = searchMinMoves(space, budget);
      if (result.line) {
        solution = expandLine(deal, rules, space, result.line);
        minMoves = solution.length;
      } else if (result.complete) {
        // The first search proved a win exists; A* exhausting without one would be a bug.
        throw new Error('minimum-move search found no win on a winnable deal');
      }
    }
  }
  if (winnabilityOnly) notes.push('winnability only: no minimum move count asked for');
  let deadEndReachable = first?.deadEndReachable ?? null;
  if (space && !free && !winnabilityOnly && first !== null && first.winnable !== null && !budget.stopped) {
    if (first.winnable) {
      // The search stopped at its win; look for a dead end on its own (the first one found
      // settles it, none found needs every position).
      if (deadEndReachable === null) deadEndReachable = exploreFull(space, budget, 'dead-end').deadEndReachable;
    } else {
      // Lost for sure; every position, without the cut-offs, for the most removable and dead ends.
      const all = exploreFull(space, budget, 'all');
      first = { ...first, maxRemoved: Math.max(first.maxRemoved, all.maxRemoved), complete: all.complete };
      deadEndReachable = all.deadEndReachable ?? deadEndReachable;
    }
  }

  const winnable = first?.winnable ?? null;
  const hit: LimitName | null = budget.hit;
  const maxExact = first !== null && first.complete;
  return {
    verdict: winnable === true ? 'winnable' : winnable === false ? 'unwinnable' : 'unknown',
    winnable,
    // A lower bound from a stopped search is still worth giving (maxExact says which).
    maxRemoved: first === null || (!maxExact && winnabilityOnly) ? null : first.maxRemoved,
    maxExact,
    minMoves,
    solution,
    deadEndReachable,
    nodes: budget.nodes,
    ms: Math.round(budget.elapsedMs() * 100) / 100,
    limit: hit === null ? null : describeLimit(hit, limits),
    notes,
  };
}

/**
 * The search's steps as app moves: each step's draws and turn-overs, then its removal,
 * played through the rules engine (which throws if the solver ever proposed an illegal move).
 */
function expandLine(deal: PyramideDeal, rules: PyramideRules, space: FullStateSpace, steps: number[]): PyramideMove[] {
  const game = new PyramideGame(deal, rules);
  const moves: PyramideMove[] = [];
  const play = (move: PyramideMove): void => {
    game.move(move);
    moves.push(move);
  };
  for (const code of steps) {
    for (let i = FullStateSpace.stepsOf(code); i > 0; i--) {
      play(game.refusal({ kind: 'draw' }) === null ? { kind: 'draw' } : { kind: 'turn-over' });
    }
    play(space.toMove(code));
  }
  if (!game.isWon()) throw new Error('the solver\'s line does not win when replayed');
  return moves;
}
