import type { Card } from '../cards/card.js';
import type { CodeFamily } from './dealCode.js';
import { Sfc32 } from './sfc32.js';

const SALTS: Record<CodeFamily, number> = { PY1: 0x50593100, DS1: 0x44533100 };
const DECKS: Record<CodeFamily, number> = { PY1: 1, DS1: 2 };

/**
 * The shuffled cards of deal `number` of a family: Fisher-Yates from the end, driven by sfc32.
 * Cards are physical indexes (0..103 for two decks); `card % 52` is the face.
 * Each game lays these out itself (its dealing order is part of its rules module).
 */
export function shuffledDeck(family: CodeFamily, number: number): Card[] {
  const size = 52 * DECKS[family];
  const cards = Array.from({ length: size }, (_, i) => i);
  const rng = new Sfc32(SALTS[family], number);
  for (let i = size - 1; i >= 1; i--) {
    const j = rng.uniform(i + 1);
    const tmp = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = tmp;
  }
  return cards;
}
