import type { Card } from '../cards/card.js';
import { Sfc32 } from './sfc32.js';

/**
 * The shuffled cards of deal `number` of a generator family, given by its salt and its number
 * of 52-card decks: Fisher-Yates from the end, driven by sfc32 (deal-codes.md).
 * Cards are physical indexes (0..103 for two decks); `card % 52` is the face.
 * Each game lays these out itself (its dealing order is part of its rules module).
 */
export function shuffledDeck(salt: number, decks: number, number: number): Card[] {
  const size = 52 * decks;
  // A plain loop: every deal opened starts here, and Array.from's callback costs more than the shuffle.
  const cards: Card[] = [];
  for (let i = 0; i < size; i++) cards.push(i);
  const rng = new Sfc32(salt, number);
  for (let i = size - 1; i >= 1; i--) {
    const j = rng.uniform(i + 1);
    const tmp = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = tmp;
  }
  return cards;
}
