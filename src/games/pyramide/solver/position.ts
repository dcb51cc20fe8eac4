/**
 * A Pyramide position as the searches take it: where any of them may start, so that a
 * hint can ask about the position after a move as easily as about the deal's start.
 */
import type { PyramideGame } from '../engine.js';
import type { PyramideRules } from '../rules.js';

export interface PyramidePosition {
  /** Bit i: pyramid position i removed. */
  removed: number;
  /** Bit i: talon card i (dealing order) removed. */
  talonRemoved: number;
  /** Talon cards below `next` have been drawn (the waste); the engine's boundary. */
  next: number;
  /** Turn-overs used so far. */
  passesUsed: number;
}

export function startPosition(rules: PyramideRules): PyramidePosition {
  return { removed: 0, talonRemoved: 0, next: rules.wasteStartsEmpty ? 0 : 1, passesUsed: 0 };
}

export function positionOf(game: PyramideGame): PyramidePosition {
  return { removed: game.removed, talonRemoved: game.talonRemoved, next: game.next, passesUsed: game.passesUsed };
}
