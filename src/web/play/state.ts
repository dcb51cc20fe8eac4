/**
 * The play view's state, as one reducer: the position shown or the refusal of a move, the
 * judgement of each position, the cards picked, the hint asked for and the warning of a move
 * that threw a win away. Pure: the view loads and navigates, and reports here what happened.
 */
import type { Refusal } from '../../contract';
import type { LegalMove, PlayResponse } from '../../core';
import type { Hint } from '../api';
import type { GameAdapter, Picked } from '../games';
import { sameMove } from '../moves';

/** A move that threw a win away, flagged after it. */
export interface Warning {
  /** The moves after which it shows. */
  moves: string;
  move: LegalMove['move'];
  /** The most cards still in reach after it (the game's stuck figure), when the solver gives it. */
  most: number | null;
}

export interface PlayState {
  position: PlayResponse | null;
  refused: Pick<Refusal, 'moveNumber' | 'reason' | 'code'> | null;
  error: string | null;
  /** The judgement of the position after `moves`. */
  hint: { moves: string; hint: Hint } | null;
  hintError: string | null;
  /** The moves after which the best move is shown (the hint button). */
  showHint: string | null;
  picked: readonly Picked[];
  warning: Warning | null;
}

export type PlayAction =
  /** New moves to show: what was said of the last ones goes. */
  | { type: 'load' }
  | { type: 'loaded'; position: PlayResponse }
  /** A move the rules refuse: the position before it shows. */
  | { type: 'refused'; refused: Refusal }
  | { type: 'failed'; error: string }
  | { type: 'judging' }
  | { type: 'judged'; moves: string; hint: Hint }
  | { type: 'judgingFailed'; error: string }
  | { type: 'warn'; warning: Warning }
  | { type: 'showHint'; moves: string }
  | { type: 'pick'; picked: readonly Picked[] }
  /** A move is played: the hint shown and the cards picked were this position's. */
  | { type: 'play' };

export const START: PlayState = {
  position: null,
  refused: null,
  error: null,
  hint: null,
  hintError: null,
  showHint: null,
  picked: [],
  warning: null,
};

export function playReducer(state: PlayState, action: PlayAction): PlayState {
  switch (action.type) {
    case 'load':
      return { ...state, error: null, refused: null, picked: [] };
    case 'loaded':
      return { ...state, position: action.position };
    case 'refused': {
      const { moveNumber, reason, code, position } = action.refused;
      return { ...state, refused: { moveNumber, reason, code }, position };
    }
    case 'failed':
      return { ...state, error: action.error };
    case 'judging':
      return { ...state, hintError: null };
    case 'judged':
      return { ...state, hint: { moves: action.moves, hint: action.hint } };
    case 'judgingFailed':
      return { ...state, hintError: action.error };
    case 'warn':
      return { ...state, warning: action.warning };
    case 'showHint':
      return { ...state, showHint: action.moves };
    case 'pick':
      return { ...state, picked: action.picked };
    case 'play':
      return { ...state, showHint: null, picked: [] };
  }
}

/** The moves of the position shown: the position's own texts once it is there. */
export function movesShown(state: PlayState, asked: string): string {
  return state.position ? state.position.playedText : asked;
}

/** The judgement of the position after `moves`, if it is in. */
export function hintFor(state: PlayState, moves: string): Hint | null {
  return state.hint && state.hint.moves === moves ? state.hint.hint : null;
}

/** The warning to show after `moves`, if any. */
export function warningFor(state: PlayState, moves: string): Warning | null {
  return state.warning && state.warning.moves === moves ? state.warning : null;
}

/** The best move, once the hint is asked for after `moves`. */
export function bestShown(state: PlayState, moves: string): LegalMove['move'] | null {
  return state.showHint !== null && state.showHint === moves ? (hintFor(state, moves)?.best ?? null) : null;
}

const WON = new Set(['winnable', 'won']);

/** Whether a judgement says the game could still be won. */
export function winnable(hint: Hint): boolean {
  return WON.has(hint.status);
}

/** Whether a judgement says the game can no longer be won (a limit's `unknown` says nothing). */
export function lost(hint: Hint): boolean {
  return hint.status === 'lost';
}

/**
 * The warning for a move about to be played, at once: when the judgement of the position
 * before it says it could be won and this move loses.
 */
export function losingMove(hint: Hint | null, legal: LegalMove, next: string, game: GameAdapter): Warning | null {
  if (!hint || !winnable(hint)) return null;
  const entry = hint.moves.find((m) => sameMove(m.move, legal.move));
  return entry && entry.label === 'losing' ? { moves: next, move: legal.move, most: game.stuck(entry) } : null;
}

/**
 * The warning after the last move, once both judgements are in: the position before it could
 * be won, the one after cannot.
 */
export function threwWin(before: Hint, after: Hint, moves: string, move: LegalMove['move'], game: GameAdapter): Warning | null {
  return winnable(before) && lost(after) ? { moves, move, most: game.stuck(after) } : null;
}
