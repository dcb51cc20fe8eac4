/**
 * The solver's answers: an analysis (`solve --json`), a hint (`hint --json`) and a fair hint
 * (`hint --fair --json`). The common fields first, then the figures of the built-in games,
 * each optional; a game of its own (a plug-in) adds its own fields, so these objects stay
 * open: the server passes every field on.
 */
import { type Static, Type } from '@sinclair/typebox';
import { DealHead, MoveJson, Moves, Nullable, OpenObject, TierOrUnknown, Verdict, Words } from './shared.js';

const count = Nullable(Type.Integer());
const figure = Nullable(Type.Number());

/** Pyramide's stuck figure and what comes with it. */
const pyramideFigures = {
  maxRemoved: Type.Optional(count),
  deadEndReachable: Type.Optional(Nullable(Type.Boolean())),
};

/** Double Solitaire's stuck figure and its bounds (dollars under Vegas). */
const doubleFigures = {
  maxFoundation: Type.Optional(count),
  foundationAtMost: Type.Optional(Type.Integer()),
  dollarsAtLeast: Type.Optional(figure),
  dollarsAtMost: Type.Optional(figure),
};

/** How far the search went: its nodes, its time, and the limit that stopped it (null: none did). */
const effort = {
  nodes: Type.Integer(),
  ms: Type.Number(),
  limit: Nullable(Type.String()),
};

/** The answer for one deal under one rule set: what `solve --json` prints and `GET /api/v1/analysis` answers. */
export const Analysis = Type.Object(
  {
    ...DealHead,
    verdict: Verdict,
    winnable: Nullable(Type.Boolean()),
    minMoves: count,
    minMovesProved: Type.Boolean(),
    moves: count,
    ...pyramideFigures,
    ...doubleFigures,
    stuckExact: Type.Optional(Type.Boolean()),
    solution: Nullable(Moves),
    score: Type.Optional(Nullable(Type.String())),
    movesLowerBound: Type.Optional(count),
    turnOvers: Type.Optional(count),
    lostBy: Type.Optional(Nullable(Type.Union([Type.Literal('search'), Type.Literal('relaxation')]))),
    stuckLine: Type.Optional(Nullable(Moves)),
    stuckScore: Type.Optional(Nullable(Type.String())),
    crossroads: Type.Optional(count),
    forgiveness: Type.Optional(figure),
    losingShare: Type.Optional(figure),
    randomWinRate: Type.Optional(figure),
    randomWinError: Type.Optional(figure),
    randomPlayouts: Type.Optional(count),
    randomExact: Type.Optional(Nullable(Type.Boolean())),
    difficulty: figure,
    tier: Nullable(TierOrUnknown),
    ...effort,
    notes: Type.Array(Type.String()),
  },
  { additionalProperties: true },
);
export type Analysis = Static<typeof Analysis>;

const PositionStatus = Words(['won', 'winnable', 'lost', 'dead end', 'unknown'] as const);
const MoveLabel = Words(['optimal', 'winnable', 'winning', 'losing', 'unknown'] as const);

/** One legal move and what the solver says of the position after it. */
export const JudgedMove = Type.Object(
  {
    move: MoveJson,
    label: MoveLabel,
    wins: Nullable(Type.Boolean()),
    movesLeft: count,
    movesLeftProved: Type.Boolean(),
    extraMoves: count,
    ...pyramideFigures,
    ...doubleFigures,
    stuckExact: Type.Boolean(),
    limit: Nullable(Type.String()),
  },
  { additionalProperties: true },
);
export type JudgedMove = Static<typeof JudgedMove>;

/** What `hint --json` prints and `GET /api/v1/hint` answers: the position, its status and every legal move, best first. */
export const Hint = Type.Object(
  {
    ...DealHead,
    played: Moves,
    position: OpenObject('the position, as play --json gives it'),
    score: Type.String(),
    counter: Type.Integer(),
    status: PositionStatus,
    movesLeft: count,
    movesLeftProved: Type.Boolean(),
    ...pyramideFigures,
    ...doubleFigures,
    stuckExact: Type.Boolean(),
    best: Nullable(MoveJson),
    crossroads: Moves,
    moves: Type.Array(JudgedMove),
    line: Nullable(Moves),
    ...effort,
    notes: Type.Array(Type.String()),
  },
  { additionalProperties: true },
);
export type Hint = Static<typeof Hint>;

/** A legal move's chance of still winning, given only what the player has seen. */
export const FairMove = Type.Object({
  move: MoveJson,
  wins: Type.Integer(),
  decided: Type.Integer(),
  chance: figure,
  low: figure,
  high: figure,
});
export type FairMove = Static<typeof FairMove>;

/** What `hint --fair --json` prints and `GET /api/v1/hint?fair=true` answers. */
export const FairHint = Type.Object({
  ...DealHead,
  played: Moves,
  fair: Type.Literal(true),
  hidden: Type.Integer({ description: 'the places whose cards the player has not seen' }),
  samples: Type.Integer(),
  seed: Type.Integer(),
  best: Nullable(MoveJson),
  moves: Type.Array(FairMove),
  assumption: Type.String(),
  ...effort,
});
export type FairHint = Static<typeof FairHint>;

/** The hint route answers either, as asked (`fair=true`). */
export const HintOrFair = Type.Union([FairHint, Hint]);
export type HintOrFair = Static<typeof HintOrFair>;
