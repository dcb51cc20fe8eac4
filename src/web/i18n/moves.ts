/** Moves and places in the page's language; card symbols stay symbols, as on the cards. */
import type { MoveJson } from '../../core';
import { cardsInWords } from './cards';
import { t } from './language';

/** `column 3`, `waste`, `foundation 2` in words. */
export function placeName(place: string): string {
  const m = /^(column|foundation) (\d+)$/.exec(place);
  if (m) return t(m[1] === 'column' ? 'placeColumn' : 'placeFoundationN', { n: Number(m[2]) });
  if (place === 'waste') return t('placeWaste');
  if (place === 'stock') return t('placeStock');
  if (place === 'pyramid') return t('placePyramid');
  if (place === 'foundation') return t('placeFoundation');
  return place;
}

/** A move as the lists show it: `J♦ + 2♦`, `9♦ column 3 → column 2`, `draw`. */
export function moveText(move: MoveJson): string {
  const cards = Array.isArray(move.cards) ? move.cards : typeof move.card === 'string' ? [move.card] : [];
  if (move.move === 'draw') return t('moveDraw');
  if (move.move === 'turn-over') return t('moveTurnOver');
  if (move.move === 'pair' && cards.length === 2) return `${cards[0]} + ${cards[1]}`;
  if (cards.length === 0) return move.move;
  const count = typeof move.count === 'number' && move.count > 1 ? ` ${t('cardsCount', { count: move.count })}` : '';
  const from = typeof move.from === 'string' ? placeName(move.from) : '';
  const to = typeof move.to === 'string' ? placeName(move.to) : '';
  return `${cards[0]}${count}${from || to ? ` ${from} → ${to}` : ''}`;
}

/** The move as shown, then with its cards in words: a screen reader says the words, voice control hears what is shown. */
export function moveSpoken(move: MoveJson): string {
  const shown = moveText(move);
  const words = cardsInWords(shown);
  return words === shown ? shown : `${shown}: ${words}`;
}
