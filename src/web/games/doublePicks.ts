/** Double Solitaire's clicks: a card, then the column or foundation it goes to; a double click sends a card home. */
import type { DoubleBoard, LegalMove } from '../../core';
import type { Place } from '../boardParts';
import { isPlace } from '../moves';
import type { Click, Picked } from './types';

export function pickDoubleTarget(picked: readonly Picked[], place: Place, board: DoubleBoard, legal: readonly LegalMove[]): Click {
  const first = picked[0];
  if (!first) {
    // A foundation's top card may go back to a column: the first click picks it.
    const card = place.startsWith('foundation') ? board.foundations[Number(place.slice('foundation '.length)) - 1] : null;
    return { picked: card ? [{ card, place }] : picked };
  }
  const target = place.startsWith('foundation') ? 'foundation' : place;
  const match = legal.find((m) => m.move.card === first.card && isPlace(first.place, m.move.from) && m.move.to === target);
  return match ? { move: match } : { picked: [] };
}

export function pickDoubleCard(
  picked: readonly Picked[],
  card: string,
  place: Place,
  board: DoubleBoard,
  legal: readonly LegalMove[],
): Click {
  const first = picked[0];
  if (first && first.card === card && first.place === place) return { picked: [] };
  // A card in another column is that column as the target.
  if (first && place.startsWith('column') && first.place !== place) return pickDoubleTarget(picked, place, board, legal);
  return { picked: [{ card, place }] };
}

export function sendHome(card: string, place: Place, legal: readonly LegalMove[]): LegalMove | undefined {
  return legal.find((m) => m.move.card === card && m.move.from === place && m.move.to === 'foundation');
}
