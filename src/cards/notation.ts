import { InputError } from '../errors/inputError.js';
import { type Card, makeCard, rankOf, type Suit, suitOf } from './card.js';

/** How cards are written in output: `10♣` (symbols), `10C` (en) or the app's French `D♣` (fr). */
export type CardStyle = 'symbols' | 'en' | 'fr';
export const CARD_STYLES: readonly CardStyle[] = ['symbols', 'en', 'fr'];

const SUIT_SYMBOLS = ['♠', '♥', '♦', '♣'] as const;
const SUIT_LETTERS = ['S', 'H', 'D', 'C'] as const;
const RANK_EN = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const RANK_FR = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'V', 'D', 'R'] as const;

const SUIT_INPUT: Record<string, Suit> = {
  S: 0,
  H: 1,
  D: 2,
  C: 3,
  '♠': 0,
  '♥': 1,
  '♦': 2,
  '♣': 3,
  '♤': 0,
  '♡': 1,
  '♢': 2,
  '♧': 3,
};

const RANK_INPUT: Record<string, number> = {
  A: 1,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  '10': 10,
  T: 10,
  J: 11,
  Q: 12,
  K: 13,
  // The app's French letters: valet, dame, roi.
  V: 11,
  D: 12,
  R: 13,
};

/**
 * Reads one card: rank then suit, case-insensitive (`10♣`, `10C`, `TC`, `DC` = Q♣, `R♦` = K♦).
 * The suit is always the last character, so `D` is a rank in first place and a suit in last.
 * Returns null when the text is not a card; `parseCard` throws instead.
 */
export function tryParseCard(text: string): Card | null {
  // U+FE0F (emoji presentation) sometimes follows a pasted suit symbol.
  const t = text
    .trim()
    .replace(/\uFE0F/g, '')
    .toUpperCase();
  if (t.length < 2) return null;
  const suit = SUIT_INPUT[t.slice(-1)];
  const rank = RANK_INPUT[t.slice(0, -1)];
  if (suit === undefined || rank === undefined) return null;
  return makeCard(rank, suit);
}

export function parseCard(text: string): Card {
  const card = tryParseCard(text);
  if (card === null) {
    throw new InputError(
      `"${text}" is not a card: expected a rank (A 2-10 J Q K, T for 10, or French V D R) ` +
        `then a suit (S H D C or ♠ ♥ ♦ ♣), for example 10♣, TC or D♦`,
    );
  }
  return card;
}

export function formatCard(card: Card, style: CardStyle = 'symbols'): string {
  const rank = rankOf(card) - 1;
  const suit = suitOf(card);
  switch (style) {
    case 'symbols':
      return RANK_EN[rank] + SUIT_SYMBOLS[suit];
    case 'en':
      return RANK_EN[rank] + SUIT_LETTERS[suit];
    case 'fr':
      return RANK_FR[rank] + SUIT_SYMBOLS[suit];
  }
}

export function formatCards(cards: readonly Card[], style: CardStyle = 'symbols'): string {
  return cards.map((c) => formatCard(c, style)).join(' ');
}

/** A card written in symbols, as results carry them (`10♣`, `K♦`): nothing else matches. */
const SYMBOL_CARD = /^(?:10|[2-9AJQK])[♠♥♦♣]$/;

/**
 * JSON text of a result with every card in `style`: results write their cards in symbols,
 * each card a string of its own, so `--json` follows `--cards` as the text does.
 */
export function jsonInStyle(value: unknown, style: CardStyle): string {
  if (style === 'symbols') return JSON.stringify(value);
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && SYMBOL_CARD.test(v) ? formatCard(parseCard(v), style) : v));
}

export function parseCardStyle(text: string): CardStyle {
  const style = text.toLowerCase() as CardStyle;
  if (!CARD_STYLES.includes(style)) {
    throw new InputError(`--cards "${text}" is not a card style: expected one of ${CARD_STYLES.join(', ')}`);
  }
  return style;
}
