/** The Pyramide move judging (`hint.ts`) in the game-neutral form of every hint. */
import type { HintResult, JudgedMove, PositionStatus } from '../hint.js';
import type { MoveJson } from '../types.js';
import { PYRAMID_SIZE } from './layout.js';

/** What the Pyramide judge returns: the position, then every legal move best first, as engine moves. */
interface PyramideJudgement<M> {
  status: PositionStatus;
  movesLeft: number | null;
  maxRemoved: number | null;
  stuckExact: boolean;
  moves: readonly {
    move: M;
    label: 'optimal' | 'winnable' | 'losing' | 'unknown';
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
  head: Pick<HintResult, 'code' | 'fingerprint' | 'game' | 'rules' | 'played' | 'position' | 'score' | 'counter'>,
): HintResult {
  const moves: JudgedMove[] = judged.moves.map((j) => ({
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
