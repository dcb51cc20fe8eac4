/**
 * The Pyramide hint: every legal move of a position, judged exactly by the solver. The
 * position after each move is analysed from there (winnable, fewest moves left, most
 * pyramid cards still removable, dead ends), all under one budget.
 */
import { type Budget, describeLimit, type Limits, Budget as SearchBudget } from '../../search/limits.js';
import { type PyramideDeal, talonOf } from './deal.js';
import { PyramideGame, type PyramideMove } from './engine.js';
import { PYRAMID_SIZE, popcount } from './layout.js';
import { type PyramideRules, rulesName, talonIsFree } from './rules.js';
import { analysePosition, type PositionFigures, playSteps } from './solver/analyse.js';
import { type PyramideContext, THREAD_CONTEXT } from './solver/context.js';
import { FullStateSpace } from './solver/fullState.js';
import { positionOf } from './solver/position.js';
import { notShortestNote, shortestLineWithin } from './solver/stuckLine.js';

export type PyramideMoveLabel = 'optimal' | 'winnable' | 'losing' | 'unknown';

export interface PyramideMoveJudgement {
  move: PyramideMove;
  label: PyramideMoveLabel;
  /** optimal / winnable: the fewest moves that win after this move (null when the stock order is not known). */
  movesLeft: number | null;
  /** winnable: how many moves longer than the best move's line (0 for optimal). */
  extraMoves: number | null;
  /** losing: the most pyramid cards removable, counted from the start of the deal, after this move. */
  maxRemoved: number | null;
  stuckExact: boolean;
  /** losing: whether a line after it can end in "no more moves". */
  deadEndReachable: boolean | null;
}

export interface PyramideHint {
  /** Of the position before the move. */
  status: 'won' | 'winnable' | 'lost' | 'dead end' | 'unknown';
  /** The fewest moves that win from here (winnable, stock order known). */
  movesLeft: number | null;
  maxRemoved: number | null;
  stuckExact: boolean;
  /** Every legal move of the engine, best first. */
  moves: PyramideMoveJudgement[];
  /**
   * The rest of a best line from the position, the best move first: a win in `movesLeft`
   * moves (winnable, stock order known), or a line to the most pyramid cards removable
   * (lost, that figure exact: the shortest, unless a note says it may not be); null otherwise.
   */
  line: PyramideMove[] | null;
  notes: string[];
  nodes: number;
  ms: number;
  limit: string | null;
}

/**
 * Replays `played` through the rules engine (an illegal move throws its `IllegalMoveError`),
 * then judges every legal move (see `hintPyramideAt`).
 */
export function hintPyramide(
  deal: PyramideDeal,
  rules: PyramideRules,
  played: readonly PyramideMove[],
  limits: Limits,
  context: PyramideContext = THREAD_CONTEXT,
): PyramideHint {
  const game = new PyramideGame(deal, rules);
  for (const move of played) game.move(move);
  return hintPyramideAt(context, game, limits);
}

/**
 * Judges every legal move of the position `at` (left as it is: the searches play on a copy).
 * Best first: optimal, then winnable by extra moves, then losing by most cards still
 * removable, then unknown.
 */
export function hintPyramideAt(context: PyramideContext, at: PyramideGame, limits: Limits): PyramideHint {
  const budget: Budget = new SearchBudget(limits);
  const { deal, rules } = at;
  const game = at.clone();
  const notes: string[] = [];
  const finish = (hint: Omit<PyramideHint, 'nodes' | 'ms' | 'limit' | 'notes'>): PyramideHint => ({
    ...hint,
    notes,
    nodes: budget.nodes,
    ms: Math.round(budget.elapsedMs() * 100) / 100,
    limit: budget.hit === null ? null : describeLimit(budget.hit, limits),
  });

  if (game.isWon()) {
    notes.push('the game is won: no move is left to judge');
    return finish({ status: 'won', movesLeft: 0, maxRemoved: PYRAMID_SIZE, stuckExact: true, moves: [], line: [] });
  }
  if (game.isNoMoreMoves()) {
    return finish({ status: 'dead end', movesLeft: null, maxRemoved: popcount(game.removed), stuckExact: true, moves: [], line: null });
  }

  const stockKnown = talonOf(deal) !== null;
  if (!stockKnown && talonIsFree(rules)) {
    notes.push(
      'the stock order is not given: moves that still win are labelled winnable, without the fewest moves left, and none is called optimal',
    );
  }
  // One space per deal and rule set, across hints: its memoised bounds and the exact costs
  // learnt by earlier searches serve every position asked about.
  const space = stockKnown ? spaceFor(context, deal, rules) : null;
  const judged = judgeEach(context, game, budget, space);
  for (const j of judged) for (const note of j.figures?.notes ?? []) if (!notes.includes(note)) notes.push(note);
  const { moves, wins, best, allCounted } = labelled(judged, stockKnown);
  const { status, maxRemoved, stuckExact } = verdictOf(moves, wins.length > 0, popcount(game.removed));
  const movesLeft = status === 'winnable' && best !== null && allCounted ? best + 1 : null;
  let line: PyramideMove[] | null = null;
  if (space !== null && moves.length > 0) {
    line = lineFrom(context, game, judged, moves[0]!, status, stuckExact, budget, space, notes);
    if (status === 'lost' && stuckExact && maxRemoved !== null && !budget.stopped) {
      line = shortestFirst(game, moves, line, maxRemoved, budget, space, notes);
    }
  }
  return finish({ status, movesLeft, maxRemoved, stuckExact, moves, line });
}

type Judged = { move: PyramideMove; figures: PositionFigures | null };

/** Every legal move of `game` with the figures of the position after it (null once the budget stopped). */
function judgeEach(context: PyramideContext, game: PyramideGame, budget: Budget, space: FullStateSpace | null): Judged[] {
  const { deal, rules } = game;
  const judged: Judged[] = [];
  // With limited turn-overs the search that proves a losing move's figure keeps its line to
  // it for two words a position, so the hint need not search that move again for its line.
  const keepLines = rules.passes !== Infinity;
  for (const move of game.moves()) {
    game.move(move);
    const figures = budget.stopped ? null : analysePosition(context, deal, rules, positionOf(game), budget, false, space, keepLines);
    game.takeBack();
    judged.push({ move, figures });
  }
  return judged;
}

/** Each move's label and figures, best first; the winning moves and the fewest moves left after one of them. */
function labelled(
  judged: readonly Judged[],
  stockKnown: boolean,
): { moves: PyramideMoveJudgement[]; wins: Judged[]; best: number | null; allCounted: boolean } {
  // A move's verdict is proven when its search reached it; a later limit does not undo it.
  const wins = judged.filter((j) => j.figures?.winnable === true);
  const best = wins.reduce<number | null>((m, j) => {
    const left = j.figures!.minMoves;
    return left === null ? m : m === null ? left : Math.min(m, left);
  }, null);
  // Exact extra moves need every winning move's count; a count missing (limit) leaves them unknown.
  const allCounted = wins.every((j) => j.figures!.minMoves !== null);
  const moves = judged.map(({ move, figures }) => judgement(move, figures, stockKnown, best, allCounted));
  moves.sort(compareJudgements);
  return { moves, wins, best, allCounted };
}

/** One move's judgement from the figures after it. */
function judgement(
  move: PyramideMove,
  f: PositionFigures | null,
  stockKnown: boolean,
  best: number | null,
  allCounted: boolean,
): PyramideMoveJudgement {
  if (f === null || f.winnable === null) {
    return {
      move,
      label: 'unknown',
      movesLeft: null,
      extraMoves: null,
      maxRemoved: f?.maxRemoved ?? null,
      stuckExact: false,
      deadEndReachable: f?.deadEndReachable ?? null,
    };
  }
  if (f.winnable) {
    const left = f.minMoves;
    if (stockKnown && (left === null || !allCounted)) {
      // Wins, but a limit stopped the count of moves: how good it is stays unknown.
      return {
        move,
        label: 'unknown',
        movesLeft: left,
        extraMoves: null,
        maxRemoved: PYRAMID_SIZE,
        stuckExact: true,
        deadEndReachable: f.deadEndReachable,
      };
    }
    const extra = left !== null && best !== null ? left - best : null;
    return {
      move,
      label: extra === 0 ? 'optimal' : 'winnable',
      movesLeft: left,
      extraMoves: extra,
      maxRemoved: PYRAMID_SIZE,
      stuckExact: true,
      deadEndReachable: f.deadEndReachable,
    };
  }
  return {
    move,
    label: 'losing',
    movesLeft: null,
    extraMoves: null,
    maxRemoved: f.maxRemoved,
    stuckExact: f.stuckExact,
    deadEndReachable: f.deadEndReachable,
  };
}

/** The position's status from its moves' judgements, and the most cards removable from it. */
function verdictOf(
  moves: readonly PyramideMoveJudgement[],
  anyWins: boolean,
  removedNow: number,
): { status: PyramideHint['status']; maxRemoved: number | null; stuckExact: boolean } {
  if (anyWins) return { status: 'winnable', maxRemoved: PYRAMID_SIZE, stuckExact: true };
  if (moves.every((m) => m.label === 'losing')) {
    const maxRemoved = Math.max(removedNow, ...moves.map((m) => m.maxRemoved ?? 0));
    return { status: 'lost', maxRemoved, stuckExact: moves.every((m) => m.stuckExact) };
  }
  const known = moves.map((m) => m.maxRemoved ?? 0);
  return { status: 'unknown', maxRemoved: Math.max(removedNow, ...known), stuckExact: false };
}

/**
 * A lost position: the shortest line to its most cards when found within the limits, its
 * first move put first among the moves that keep as many cards; else `line` (with a note).
 */
function shortestFirst(
  game: PyramideGame,
  moves: PyramideMoveJudgement[],
  line: PyramideMove[] | null,
  maxRemoved: number,
  budget: Budget,
  space: FullStateSpace,
  notes: string[],
): PyramideMove[] | null {
  const shortest = shortestLostLine(game, maxRemoved, budget, space);
  if (shortest.line !== null) {
    // Of the moves that keep as many cards, the best is the one the shortest line starts with.
    const first = shortest.line[0];
    const i = first === undefined ? -1 : moves.findIndex((m) => sameMove(m.move, first));
    if (i > 0 && moves[i]!.maxRemoved === moves[0]!.maxRemoved) moves.unshift(...moves.splice(i, 1));
    return shortest.line;
  }
  if (line !== null) notes.push(notShortestNote(maxRemoved, shortest.positions));
  return line;
}

/**
 * A lost position: the fewest moves to its most cards, played from the position through the
 * rules engine (null when the search stopped first), and the positions that search took.
 */
function shortestLostLine(
  game: PyramideGame,
  target: number,
  budget: Budget,
  space: FullStateSpace,
): { line: PyramideMove[] | null; positions: number } {
  const at = positionOf(game);
  const { lo, hi } = space.pack(at.removed, at.talonRemoved, at.next, at.passesUsed);
  const { steps, positions } = shortestLineWithin(space, budget, lo, hi, target);
  if (!steps) return { line: null, positions };
  return { line: playSteps(game.clone(), space, steps, false), positions };
}

function sameMove(a: PyramideMove, b: PyramideMove): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The best move, then the solver's line after it, replayed through the rules engine from
 * the position: its optimal line when the move is optimal, or in a lost position a line to
 * the most cards (searched for that move only; the hint then looks for the shortest line).
 * Null when neither is known.
 */
function lineFrom(
  context: PyramideContext,
  game: PyramideGame,
  judged: readonly { move: PyramideMove; figures: PositionFigures | null }[],
  best: PyramideMoveJudgement,
  status: PyramideHint['status'],
  stuckExact: boolean,
  budget: Budget,
  space: FullStateSpace,
  notes: string[],
): PyramideMove[] | null {
  const figures = judged.find((j) => j.move === best.move)?.figures ?? null;
  if (figures === null) return null;
  const after = game.clone();
  after.move(best.move);
  if (status === 'winnable' && best.label === 'optimal' && figures.steps !== null) {
    return [best.move, ...playSteps(after, space, figures.steps)];
  }
  if (status !== 'lost' || !stuckExact || !best.stuckExact) return null;
  let stuck = figures;
  if (stuck.stuckSteps === null) {
    if (budget.stopped) return null;
    stuck = analysePosition(context, game.deal, game.rules, positionOf(after), budget, false, space, true);
    for (const note of stuck.notes) if (!notes.includes(note)) notes.push(note);
  }
  if (stuck.stuckSteps === null || stuck.maxRemoved !== best.maxRemoved) return null;
  return [best.move, ...playSteps(after, space, stuck.stuckSteps, false)];
}

/** The space of a deal and rule set that the context keeps for hints. */
function spaceFor(context: PyramideContext, deal: PyramideDeal, rules: PyramideRules): FullStateSpace {
  let byRules = context.hintSpaces.get(deal);
  if (!byRules) {
    byRules = new Map();
    context.hintSpaces.set(deal, byRules);
  }
  const name = rulesName(rules);
  let space = byRules.get(name);
  if (!space) {
    space = new FullStateSpace(deal, rules);
    byRules.set(name, space);
  }
  return space;
}

const RANK: Record<PyramideMoveLabel, number> = { optimal: 0, winnable: 1, losing: 2, unknown: 3 };

function compareJudgements(a: PyramideMoveJudgement, b: PyramideMoveJudgement): number {
  if (a.label !== b.label) return RANK[a.label] - RANK[b.label];
  if (a.label === 'winnable') return (a.extraMoves ?? Infinity) - (b.extraMoves ?? Infinity);
  if (a.label === 'losing') return (b.maxRemoved ?? 0) - (a.maxRemoved ?? 0);
  return 0;
}
