/** A position as the play route, the page and an app's own board read it, and a line played from one. */
import { type Static, Type } from '@sinclair/typebox';
import type { Board as CoreBoard } from '../games/playResponse.js';
import { DealHead, MoveJson, Moves, OpenObject } from './shared.js';

export type { DoubleBoard, PyramideBoard } from '../games/playResponse.js';

/** The board as the app lays it out; its fields are the game's (`game` names which). */
export const Board = OpenObject<CoreBoard>(
  'the board as the app shows it: game names it; pyramide: pyramid, waste, stockCount, stockTop, turnsLeft; double: columns, waste, stockCount, foundations, onFoundations',
);
export type Board = CoreBoard;

/** A legal move with its text in the notation `moves` take (`J♦ + 2♦`, `9♦ c3-c2`, `draw`). */
export const LegalMove = Type.Object({ move: MoveJson, text: Type.String() });
export type LegalMove = Static<typeof LegalMove>;

/** `play --json`, with the board: what `GET /api/v1/play` answers. */
export const PlayResponse = Type.Object({
  ...DealHead,
  played: Moves,
  playedText: Type.String({ description: 'the moves played, in the notation moves take' }),
  score: Type.String({ description: 'as the app counts it (1220; $-52 under Vegas)' }),
  counter: Type.Integer(),
  status: Type.Union([Type.Literal('in play'), Type.Literal('won'), Type.Literal('no more moves')]),
  board: Board,
  legalMoves: Type.Array(LegalMove),
});
export type PlayResponse = Static<typeof PlayResponse>;

/** `POST /api/v1/line`: each move's text and every position along the line (the first: before it). */
export const LineAnswer = Type.Object({
  texts: Type.Array(Type.String()),
  positions: Type.Array(PlayResponse),
});
export type LineAnswer = Static<typeof LineAnswer>;
