/**
 * The Pyramide solver: what a deal allows under a rule set, proven or marked unknown.
 * 1. Winnability, the most removable cards and dead ends: from the pyramid alone when the
 *    stock order cannot matter (fast), otherwise from every reachable position.
 * 2. The fewest moves and one optimal line, by A*, when the deal is winnable and its
 *    stock order is known.
 * One budget (time, nodes, memory) covers both; whatever it stops is reported unknown.
 */

import { rankOf } from '../../../cards/card.js';
import { type Budget, describeLimit, type LimitName, type Limits, Budget as SearchBudget, withinAttempt } from '../../../search/limits.js';
import type { AnalyseOptions, Verdict } from '../../types.js';
import { type PyramideDeal, talonOf } from '../deal.js';
import { PyramideGame, type PyramideMove } from '../engine.js';
import { type PyramideRules, talonIsFree } from '../rules.js';
import { type PyramideContext, THREAD_CONTEXT } from './context.js';
import { exploreFull } from './fullExplore.js';
import { FullStateSpace } from './fullState.js';
import { searchMinMoves } from './minMoves.js';
import { type PyramidePosition, startPosition } from './position.js';
import { searchPyramidOnly } from './pyramidOnly.js';
import { NO_WIN, RelaxedGame } from './relaxed.js';
import { lineToRemoved, notShortestNote, shortestLineWithin } from './stuckLine.js';

interface PyramideSolution {
  verdict: Verdict;
  winnable: boolean | null;
  maxRemoved: number | null;
  stuckExact: boolean;
  minMoves: number | null;
  solution: PyramideMove[] | null;
  /** A lost deal (full analysis): a line that removes `maxRemoved` pyramid cards (a shortest one when asked for); null otherwise. */
  stuckLine: PyramideMove[] | null;
  deadEndReachable: boolean | null;
  nodes: number;
  ms: number;
  limit: string | null;
  notes: string[];
}

/** A deal's figures; `context` holds what the searches keep between calls (this thread's, unless a test passes its own). */
export function solvePyramide(
  deal: PyramideDeal,
  rules: PyramideRules,
  limits: Limits,
  options: AnalyseOptions = {},
  context: PyramideContext = THREAD_CONTEXT,
): PyramideSolution {
  const budget: Budget = new SearchBudget(limits);
  const start = startPosition(rules);
  const figures = analysePosition(
    context,
    deal,
    rules,
    start,
    budget,
    options.winnabilityOnly === true,
    null,
    options.winnabilityOnly !== true,
  );
  const solution = figures.steps && figures.space ? expandLine(deal, rules, figures.space, figures.steps) : null;
  let stuckLine: PyramideMove[] | null = null;
  if (figures.stuckSteps && figures.space) {
    let steps = figures.stuckSteps;
    if (options.shortestStuckLine === true && figures.maxRemoved !== null && !budget.stopped) {
      // The first line found (kept should this search stop) gives way to a shortest one.
      const { space, maxRemoved } = figures;
      const { lo, hi } = space.pack(start.removed, start.talonRemoved, start.next, start.passesUsed);
      const shortest = shortestLineWithin(space, budget, lo, hi, maxRemoved);
      if (shortest.steps) steps = shortest.steps;
      else figures.notes.push(notShortestNote(maxRemoved, shortest.positions));
    }
    const game = new PyramideGame(deal, rules);
    stuckLine = playSteps(game, figures.space, steps, false);
    if (28 - game.pyramidLeft() !== figures.maxRemoved) throw new Error("the solver's line to the most cards removed does not reach them");
  }
  const hit: LimitName | null = budget.hit;
  return {
    verdict: figures.winnable === true ? 'winnable' : figures.winnable === false ? 'unwinnable' : 'unknown',
    winnable: figures.winnable,
    maxRemoved: figures.maxRemoved,
    stuckExact: figures.stuckExact,
    minMoves: solution ? solution.length : null,
    solution,
    stuckLine,
    deadEndReachable: figures.deadEndReachable,
    nodes: budget.nodes,
    ms: Math.round(budget.elapsedMs() * 100) / 100,
    limit: hit === null ? null : describeLimit(hit, limits),
    notes: figures.notes,
  };
}

/** What the searches prove about one position; null where a limit stopped them or the stock order is missing. */
export interface PositionFigures {
  winnable: boolean | null;
  maxRemoved: number | null;
  stuckExact: boolean;
  /** The fewest moves that win from the position. */
  minMoves: number | null;
  /** An optimal line as the search's step codes (see `FullStateSpace.successors`). */
  steps: number[] | null;
  /** A lost position: steps to the most pyramid cards removable (`maxRemoved`, exact), when asked for and found. */
  stuckSteps: number[] | null;
  space: FullStateSpace | null;
  deadEndReachable: boolean | null;
  notes: string[];
}

/**
 * Every figure of one position, from `start` on, within `budget` (shared: the caller may
 * ask about several positions under one budget). `space` may be passed to reuse its
 * memoised bounds across positions of the same deal.
 */
export function analysePosition(
  context: PyramideContext,
  deal: PyramideDeal,
  rules: PyramideRules,
  start: PyramidePosition,
  budget: Budget,
  winnabilityOnly: boolean,
  reuse: FullStateSpace | null = null,
  wantStuckLine = false,
): PositionFigures {
  const notes: string[] = [];
  const free = talonIsFree(rules);
  // Whole positions need the whole stock order; one space (and its memoised bounds) serves every search.
  const space = reuse ?? (talonOf(deal) !== null && !(free && winnabilityOnly) ? new FullStateSpace(deal, rules) : null);
  const packed = space ? space.pack(start.removed, start.talonRemoved, start.next, start.passesUsed) : null;
  const startLo = packed ? packed.lo : 0;
  const startHi = packed ? packed.hi : 0;

  let winnable: boolean | null = null;
  let maxRemoved: number | null = null;
  let stuckExact = false;
  let deadEndReachable: boolean | null = null;
  let mostSteps: number[] | null = null;
  if (free && winnabilityOnly) {
    // The quickest proof: a search of the relaxed positions that stops at the first win.
    const quick = searchPyramidOnly(context.pyramidOnly, deal, rules, budget, start);
    winnable = quick.winnable;
    if (winnable === true) {
      maxRemoved = 28;
      stuckExact = true;
    }
  } else if (free) {
    // The talon is free: the relaxed game's figures are the game's own, exactly.
    const relaxed = space ? space.relaxed : new RelaxedGame(deal, rules.pairCovering);
    const usage = usageOfPosition(deal, relaxed, start.talonRemoved);
    const before = relaxed.size;
    const clears = relaxed.minRemovals(start.removed, usage) !== NO_WIN;
    // Each relaxed position solved counts as a node, so that every limit means the same for every search.
    let withinLimits = true;
    for (let k = relaxed.size - before; k > 0 && withinLimits; k--) withinLimits = budget.tick();
    if (withinLimits) {
      winnable = clears;
      maxRemoved = relaxed.maxRemovable(start.removed, usage);
      stuckExact = true;
      deadEndReachable = relaxed.deadEndReachable(start.removed, usage);
    }
  } else if (space) {
    // Stop at the first win: the minimum-move search and the dead-end search come after.
    // One search answers both: the most cards is only asked for when no win exists.
    const win = exploreFull(space, budget, winnabilityOnly ? 'win' : 'win-most', startLo, startHi, wantStuckLine);
    winnable = win.found;
    if (winnable === true) {
      maxRemoved = 28;
      stuckExact = true;
    } else if (winnable === false && !winnabilityOnly) {
      maxRemoved = win.most;
      stuckExact = win.complete;
      mostSteps = win.mostSteps;
    }
    if (winnable !== null && !winnabilityOnly && !budget.stopped) {
      deadEndReachable = exploreFull(space, budget, 'dead-end', startLo, startHi).found;
    }
  } else {
    notes.push('under these rules winnability depends on the stock order, which this deal does not give');
  }

  let minMoves: number | null = null;
  let steps: number[] | null = null;
  if (winnable === true && !winnabilityOnly) {
    if (!space) {
      notes.push('minMoves and a solution need the stock order, which this deal does not give');
    } else if (!budget.stopped) {
      const result = searchMinMoves(context.minMoves, space, budget, { lo: startLo, hi: startHi }, { learning: reuse !== null });
      if (result.line) {
        steps = result.line;
        minMoves = 0;
        for (const code of steps) minMoves += FullStateSpace.moveCost(code);
      } else if (result.complete) {
        // The first search proved a win exists; A* exhausting without one would be a bug.
        throw new Error('minimum-move search found no win on a winnable position');
      }
    }
  }
  let stuckSteps: number[] | null = null;
  if (wantStuckLine && winnable === false && stuckExact && maxRemoved !== null && space && !budget.stopped) {
    // The search for the figure kept its line when its positions are whole; else a search of its own.
    stuckSteps =
      mostSteps ??
      withinAttempt(budget, STUCK_LINE_NODES, (attempt) => lineToRemoved(space, attempt, startLo, startHi, maxRemoved!)) ??
      null;
    if (stuckSteps === null) {
      notes.push(
        `no line to the ${maxRemoved} cards found within the limits (at most ${STUCK_LINE_NODES.toLocaleString('en-US')} positions for it)`,
      );
    }
  }
  if (winnabilityOnly) notes.push('winnability only: no minimum move count asked for');
  return { winnable, maxRemoved, stuckExact, minMoves, steps, stuckSteps, space, deadEndReachable, notes };
}

/**
 * Positions the search for a lost deal's line to its most cards may take (`stuckLine.ts`),
 * where the search for the figure could not keep it (unlimited turn-overs): under the app's
 * rules it walks straight there, elsewhere its bound only guides it.
 */
const STUCK_LINE_NODES = 200_000;

/** The relaxed game's usage number of the talon cards a position has removed. */
function usageOfPosition(deal: PyramideDeal, relaxed: RelaxedGame, talonRemoved: number): number {
  // Only the first card's place is known when the stock is not given; no other talon card can have been played then.
  const known = [deal.first, ...(deal.stock ?? [])];
  let usage = 0;
  for (let i = 0; i < 24; i++) {
    if (((talonRemoved >> i) & 1) === 0) continue;
    const c = known[i];
    if (c === undefined || c === null) throw new Error('a talon card of unknown place was removed');
    usage += relaxed.usageOf(rankOf(c));
  }
  return usage;
}

/**
 * The search's steps as app moves, played on `game` from where it stands: each step's draws
 * and turn-overs, then its removal, through the rules engine (which throws if the solver
 * ever proposed an illegal move). A winning line must win (`mustWin`).
 */
export function playSteps(game: PyramideGame, space: FullStateSpace, steps: readonly number[], mustWin = true): PyramideMove[] {
  const moves: PyramideMove[] = [];
  const play = (move: PyramideMove): void => {
    game.move(move);
    moves.push(move);
  };
  for (const code of steps) {
    for (let i = FullStateSpace.stepsOf(code); i > 0; i--) {
      play(game.refusal({ kind: 'draw' }) === null ? { kind: 'draw' } : { kind: 'turn-over' });
    }
    play(space.toMoveIn(code, game.talonRemoved));
  }
  if (mustWin && !game.isWon()) throw new Error("the solver's line does not win when replayed");
  return moves;
}

function expandLine(deal: PyramideDeal, rules: PyramideRules, space: FullStateSpace, steps: number[]): PyramideMove[] {
  return playSteps(new PyramideGame(deal, rules), space, steps);
}
