/** The Pyramide move judging (`hint.ts`) in the game-neutral form of every hint. */
import type { HintResultBase, JudgedMoveBase, PositionStatus } from '../hintTypes.js';
import type { MoveJson } from '../moveJson.js';
import type { PositionJson } from '../position.js';
import type { PyramideMoveLabel } from './hint.js';
import { PYRAMID_SIZE } from './layout.js';

/** The position as `play --json` gives it, in a hint and in `Position.toJSON()`. */
export type PyramidePositionJson = {
  score: number;
  counter: number;
  status: 'won' | 'no more moves' | 'in play';
  pyramidLeft: number;
  wasteTop: string | null;
  stockCount: number;
};

/** A Pyramide move judged: the common fields, the most pyramid cards and the dead ends after it. */
export interface PyramideJudgedMove extends JudgedMoveBase {
  label: PyramideMoveLabel;
  /** The most pyramid cards removable, counted from the start of the deal, after this move. */
  maxRemoved: number | null;
  /** Whether a line going on from this move can end in the app's "no more moves". */
  deadEndReachable: boolean | null;
}

/** A Pyramide hint: the common fields, the most pyramid cards removable from the position, its judged moves. */
export interface PyramideHintResult extends HintResultBase {
  game: 'pyramide';
  position: PyramidePositionJson;
  maxRemoved: number | null;
  moves: PyramideJudgedMove[];
}

/** A Pyramide position as JSON (`Position.toJSON()`), the head of its hints. */
export interface PyramidePositionHead extends PositionJson {
  game: 'pyramide';
  position: PyramidePositionJson;
}

/** What the Pyramide judge returns: the position, then every legal move best first, as engine moves. */
interface PyramideJudgement<M> {
  status: PositionStatus;
  movesLeft: number | null;
  maxRemoved: number | null;
  stuckExact: boolean;
  moves: readonly {
    move: M;
    label: PyramideMoveLabel;
    movesLeft: number | null;
    extraMoves: number | null;
    maxRemoved: number | null;
    stuckExact: boolean;
    deadEndReachable: boolean | null;
  }[];
  /** The rest of a best line, the best move first (see `PyramideHint.line`). */
  line: readonly M[] | null;
  notes: readonly string[];
  nodes: number;
  ms: number;
  limit: string | null;
}

/** The Pyramide judge's answer as a `HintResult` (moves in JSON, the crossroads named). */
export function hintFromJudgement<M>(
  judged: PyramideJudgement<M>,
  toJson: (move: M) => MoveJson,
  head: PyramidePositionHead,
): PyramideHintResult {
  const moves: PyramideJudgedMove[] = judged.moves.map((j) => ({
    move: toJson(j.move),
    label: j.label,
    // A Pyramide judgement stays `unknown` when a limit stopped the count of a move that wins.
    wins: j.label === 'losing' ? false : j.label === 'unknown' ? (j.maxRemoved === PYRAMID_SIZE && j.stuckExact ? true : null) : true,
    movesLeft: j.movesLeft,
    // Exact from the solver whenever it is given (the judge leaves it null otherwise).
    movesLeftProved: j.movesLeft !== null,
    extraMoves: j.extraMoves,
    maxRemoved: j.maxRemoved,
    stuckExact: j.stuckExact,
    deadEndReachable: j.deadEndReachable,
    limit: j.label === 'unknown' ? judged.limit : null,
  }));
  return {
    ...head,
    status: judged.status,
    movesLeft: judged.movesLeft,
    movesLeftProved: judged.movesLeft !== null,
    maxRemoved: judged.maxRemoved,
    stuckExact: judged.stuckExact,
    best: moves.length > 0 ? moves[0]!.move : null,
    crossroads: judged.status === 'winnable' ? moves.filter((j) => j.label === 'losing').map((j) => j.move) : [],
    moves,
    line: judged.line === null ? null : judged.line.map(toJson),
    nodes: judged.nodes,
    ms: judged.ms,
    limit: judged.limit,
    notes: [...judged.notes],
  };
}
