/**
 * A position as the play route, the page and an app's own board read it: the deal, the moves
 * played, the score and counter, the board laid out as the app shows it, and every legal move
 * with its text in the notation `playLine` reads back.
 */
import { type CardStyle, jsonInStyle } from '../cards/notation.js';
import { InputError } from '../errors/inputError.js';
import type { DoubleBoard } from './double/position.js';
import { moveText } from './hint.js';
import type { GameId, MoveJson } from './moveJson.js';
import { type Position, RefusedMoveError } from './position.js';
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

/**
 * The answer to a move the rules refuse (the API's 400 body), as JSON text: the message, the
 * move's number in the line, the app's reason and its stable code, and the position before it (`before`, where
 * the moves ahead of the refused one stay played).
 */
export function refusedJson(error: RefusedMoveError, before: Position, style: CardStyle, reveal: boolean): string {
  const { message, moveNumber, reason, code } = error;
  const position = playResponseJson(before, style, reveal);
  return `{"statusCode":400,"error":${JSON.stringify(message)},"refused":{"moveNumber":${moveNumber},"reason":${JSON.stringify(reason)},"code":${JSON.stringify(code)},"position":${position}}}`;
}

/** A line played from a position: each move's text, and every position along it as JSON text (the first: before it). */
export interface PlayedLine {
  texts: string[];
  positions: string[];
  /** Set when `keep` stopped the line: the number of the move (from 1) whose position it refused. */
  stoppedAt?: number;
}

/**
 * Plays a line of JSON moves (a solution, a hint's line) from `position`, for stepping
 * through it; a move the rules refuse is an `InputError` naming its place in the line.
 * `keep`, when given, sees each position's JSON text and its move's (none for the first)
 * and may stop the line there: a server caps the answer's size with it.
 */
export function playLineJson(
  position: Position,
  line: readonly MoveJson[],
  style: CardStyle,
  reveal: boolean,
  keep: (json: string, text: string | null) => boolean = () => true,
): PlayedLine {
  const first = playResponseJson(position, style, reveal);
  const played: PlayedLine = { texts: [], positions: [first] };
  if (!keep(first, null)) return { ...played, stoppedAt: 0 };
  for (const [i, move] of line.entries()) {
    let text: string;
    try {
      text = moveText(position.game, position.move(move, style), style);
    } catch (error) {
      if (error instanceof RefusedMoveError) throw new InputError(`line move ${i + 1} (${JSON.stringify(move)}) refused: ${error.reason}`);
      throw error;
    }
    const json = playResponseJson(position, style, reveal);
    if (!keep(json, text)) return { ...played, stoppedAt: i + 1 };
    played.texts.push(text);
    played.positions.push(json);
  }
  return played;
}
