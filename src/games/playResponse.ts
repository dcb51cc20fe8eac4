/**
 * A position as the play route, the page and an app's own board read it: the deal, the moves
 * played, the score and counter, the board laid out as the app shows it, and every legal move
 * with its text in the notation `playLine` reads back.
 */
import { type CardStyle, jsonInStyle } from '../cards/notation.js';
import type { DoubleBoard } from './double/position.js';
import { moveText } from './hint.js';
import type { GameId, MoveJson } from './moveJson.js';
import type { Position } from './position.js';
import type { PyramideBoard } from './pyramide/position.js';

export type { DoubleBoard, PyramideBoard };
export type Board = PyramideBoard | DoubleBoard;

/** A legal move with its text in the notation `moves` take (`J♦ + 2♦`, `9♦ c3-c2`, `draw`). */
export interface LegalMove {
  move: MoveJson;
  text: string;
}

export interface PlayResponse {
  code: string | null;
  fingerprint: string;
  game: GameId;
  rules: string;
  played: MoveJson[];
  /** The moves played, in the notation `playLine` reads back. */
  playedText: string;
  /** Score as the app counts it (`1220`; `$-52` under Vegas). */
  score: string;
  /** The app's move counter. */
  counter: number;
  status: 'in play' | 'won' | 'no more moves';
  board: Board;
  legalMoves: LegalMove[];
}

/**
 * The position as a `PlayResponse`: cards in symbols, the texts (`playedText`, the legal
 * moves') in `style`; `reveal` shows Double Solitaire's face-down cards.
 */
export function playResponse(position: Position, reveal = false, style: CardStyle = 'symbols'): PlayResponse {
  const head = position.toJSON();
  return {
    code: head.code,
    fingerprint: head.fingerprint,
    game: head.game,
    rules: head.rules,
    played: head.played,
    playedText: position.historyText(style),
    score: head.score,
    counter: head.counter,
    status: position.playStatus(),
    board: position.board('symbols', { reveal }) as Board,
    legalMoves: position.moves().map((move) => ({ move, text: moveText(position.game, move, style) })),
  };
}

/** `playResponse` as JSON text with cards in `style`. */
export function playResponseJson(position: Position, style: CardStyle, reveal: boolean): string {
  return jsonInStyle(playResponse(position, reveal, style), style);
}
