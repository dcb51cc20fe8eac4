/**
 * A position object: a deal being played, chess.js-style. Each game makes its own on top of
 * its rules engine (`pyramide/position.ts`, `double/position.ts`), which alone says what is
 * legal; this file holds what they share and what the rest of the toolkit sees of them.
 */

import type { CardStyle } from '../cards/notation.js';
import { InputError } from '../errors/inputError.js';
import type { RefusalCode } from '../errors/refusal.js';
import type { Limits } from '../search/limits.js';
import type { HintOptions, HintResultBase, PositionJson } from './hintTypes.js';
import type { GameId, MoveJson } from './moveJson.js';

export type { PositionJson };

/** The outcome of `play`: the position after the moves, or the first illegal move. */
export interface PlayOutcome {
  ok: boolean;
  /** The position, score and move counter, drawn for people. */
  text: string;
  json: Record<string, unknown>;
  /** The app's reason for refusing a move, when `ok` is false. */
  error?: string;
}

/**
 * A move the rules refuse. Its message is the one `play` prints (`move 2 (K♠) refused: K♠ is
 * covered by another card`); `reason` is the app's reason alone.
 */
export class RefusedMoveError extends InputError {
  constructor(
    message: string,
    /** The move's number in the line from the deal, counting from 1. */
    readonly moveNumber: number,
    readonly reason: string,
    /** The reason as a stable code, for a program to tell reasons apart (the page words it in the player's language). */
    readonly code: RefusalCode,
  ) {
    super(message);
  }
}

/** How a position is drawn for the player. */
export interface PlayView {
  /**
   * Show what the player cannot see in the app (Double Solitaire's face-down cards and the
   * stock's order), for analysis; by default the drawing shows only what the player sees.
   */
  reveal?: boolean;
}

/**
 * A position laid out as the app shows it, for drawing cards on a page: each game's own shape
 * (`PyramideBoard`, `DoubleBoard`), cards written as text in the style asked.
 */
export interface BoardJson {
  game: GameId;
  [part: string]: unknown;
}

/** How `outcome` draws a position, and the move refused after it if any. */
export interface OutcomeOptions extends PlayView {
  refused?: RefusedMoveError;
}

/** A deal being played: moves made and taken back through the game's rules engine, and hints. */
export interface Position<H extends HintResultBase = HintResultBase> {
  readonly game: GameId;
  readonly code: string | null;
  readonly fingerprint: string;
  readonly rules: string;
  /** Every legal move now, as JSON, in the rules engine's order. */
  moves(): MoveJson[];
  /**
   * Plays one move, written as `play --moves` takes it (`K♦`, `7♥ c3-c5`) or as JSON, and
   * returns it as JSON. A move the rules refuse throws `RefusedMoveError` (the position stays
   * as it was), text that is not a move `InputError`; `style` writes the cards of the message.
   */
  move(move: string | MoveJson, style?: CardStyle): MoveJson;
  /**
   * Plays a list of moves as `play --moves` takes it (`K♦; 10♣ + 3♠; draw`), in turn. At
   * the first one refused it throws `RefusedMoveError`, the moves before it staying played.
   */
  playLine(moves: string, style?: CardStyle): void;
  /** Takes back the last move, its points and its count with it; null when none is left. */
  undo(): MoveJson | null;
  /** The moves played from the deal, as JSON. */
  history(): MoveJson[];
  /** The moves played in the notation `playLine` and `play --moves` read back: `K♦; draw`. */
  historyText(style?: CardStyle): string;
  /** The position's status and every legal move judged: what `hint` gives after these moves. */
  hint(limits: Limits, options?: HintOptions): H;
  /** The position, its score and move counter, and the moves played. */
  toJSON(): PositionJson;
  /** Where every card is, as the player sees it (unless `view.reveal`), for drawing. */
  board(style?: CardStyle, view?: PlayView): BoardJson;
  /** `in play`, `won`, or `no more moves` (no legal move, not won). */
  playStatus(): 'in play' | 'won' | 'no more moves';
  /** What `play` prints here, cards in `style`; with `refused`, the move refused after these. */
  outcome(style: CardStyle, options?: OutcomeOptions): PlayOutcome;
}

/** `play`: the moves of a list in turn from `position`, up to the first one refused. */
export function playOutcome(position: Position, moves: string, style: CardStyle, view: PlayView = {}): PlayOutcome {
  try {
    position.playLine(moves, style);
  } catch (error) {
    if (error instanceof RefusedMoveError) return position.outcome(style, { ...view, refused: error });
    throw error;
  }
  return position.outcome(style, view);
}
