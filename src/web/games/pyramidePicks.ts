/** Pyramide's clicks: cards are picked until they make a move (a pair adding to 13, a King alone). */
import type { LegalMove, PyramideBoard } from '../../core';
import type { Place } from '../boardParts';
import { moveCards } from '../moves';
import type { Click, Picked } from './types';

export function pickPyramideCard(
  picked: readonly Picked[],
  card: string,
  place: Place,
  _board: PyramideBoard,
  legal: readonly LegalMove[],
): Click {
  const already = picked.some((p) => p.card === card);
  const chosen = already ? picked.filter((p) => p.card !== card) : [...picked, { card, place }];
  const cards = chosen.map((p) => p.card);
  const match = legal.find((m) => {
    const mc = moveCards(m.move);
    return mc.length === cards.length && mc.length > 0 && mc.every((c) => cards.includes(c));
  });
  if (match) return { move: match };
  // Two cards that make no move: start again from the last one.
  return { picked: chosen.length > 1 ? [{ card, place }] : chosen };
}
