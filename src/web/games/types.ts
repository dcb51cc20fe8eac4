/**
 * What the page does differently for each game, behind one interface: the views ask the
 * game's adapter and never test which game it is.
 */
import type { JSX } from 'preact';
import type { JudgedMove } from '../../contract';
import type { Board, LegalMove, MoveJson } from '../../core';
import type { BoardEvents, Place } from '../boardParts';
import type { Key } from '../i18n/language';

/** A card the player has picked, and where it lies. */
export interface Picked {
  card: string;
  place: Place;
}

/** What a click does: it completes a move, or leaves these cards picked. */
export type Click = { move: LegalMove } | { picked: readonly Picked[] };

/** The figures of an analysis, a hint or a judged move that say how far a lost game gets. */
export type StuckFigures = Pick<JudgedMove, 'maxRemoved' | 'maxFoundation' | 'dollarsAtLeast'>;

/** The board as dealt, drawn small for the rules: cards as rectangles, face-down ones blue. */
export interface RulesPicture {
  /** What the picture shows, for a screen reader. */
  label: Key;
  width: number;
  height: number;
  cards: readonly { x: number; y: number; up: boolean }[];
}

export interface GameAdapter<B extends Board = Board> {
  id: B['game'];
  /** The game's name in words. */
  name: Key;
  /** Its rules, a line a key. */
  rules: readonly Key[];
  picture: RulesPicture;
  /** A deal to try the game on. */
  sample: string;
  /** The stuck figure (the most cards a lost game gets to); null when the answer has none. */
  stuck(figures: StuckFigures): number | null;
  /** What the stuck figure's cards pay, after it (` ($-30)` under Vegas); '' when they pay nothing. */
  stuckPays(figures: StuckFigures): string;
  /** The warning's last words: the most cards still in reach after a move that throws the win away. */
  warningMost: Key;
  /** Whether the card of a move at `place` is the one it takes: a card may lie in more places than one. */
  movesFrom(place: Place, move: MoveJson | null | undefined): boolean;
  drawBoard(board: B, events: BoardEvents): JSX.Element;
  /** A click on a card, with the cards already picked. */
  pickCard(picked: readonly Picked[], card: string, place: Place, board: B, legal: readonly LegalMove[]): Click;
  /** A click on a column or foundation as a target; games without targets have none. */
  pickTarget?(picked: readonly Picked[], place: Place, board: B, legal: readonly LegalMove[]): Click;
  /** A double click: the move that sends the card home at once, if any. */
  quickMove?(card: string, place: Place, legal: readonly LegalMove[]): LegalMove | undefined;
}
