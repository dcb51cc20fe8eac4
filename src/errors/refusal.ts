/**
 * Why the rules refuse a move, as a stable code beside the app's words: a program (the page,
 * in the player's language) tells the reasons apart by the code, never by the English text.
 */
export type RefusalCode =
  /** Drawing from an empty stock. */
  | 'stock-empty'
  /** Drawing where the deal's stock order is not known. */
  | 'stock-unknown'
  /** Turning the waste over before the stock is empty. */
  | 'stock-not-empty'
  /** Playing or turning over an empty waste. */
  | 'waste-empty'
  /** A turn-over the rules no longer allow (passes used up, or Vegas). */
  | 'no-turn-over'
  /** A card alone that is not a King (Pyramide). */
  | 'not-a-king'
  /** A card paired with itself (Pyramide). */
  | 'same-card'
  /** Two cards that do not add up to 13 (Pyramide). */
  | 'sum-not-13'
  /** A card already removed (Pyramide). */
  | 'removed'
  /** A pyramid card still covered (Pyramide). */
  | 'covered'
  /** A talon card that is not the one playable (Pyramide: below the waste top, or in the stock). */
  | 'not-playable'
  /** A card that is not where the move takes it from. */
  | 'not-there'
  /** A card face down in its column (Double Solitaire). */
  | 'face-down'
  /** A run onto its own column, or a place that does not exist (Double Solitaire). */
  | 'no-such-place'
  /** More cards than the column shows face up (Double Solitaire). */
  | 'run-too-long'
  /** Anything but a King into an empty column (Double Solitaire). */
  | 'king-only'
  /** A card onto one that is not of the opposite colour one rank higher (Double Solitaire). */
  | 'does-not-fit'
  /** A card no foundation accepts (Double Solitaire). */
  | 'no-foundation'
  /** Taking from an empty column or foundation (Double Solitaire). */
  | 'place-empty'
  /** A move the game does not have (onto the waste, from a foundation to one). */
  | 'not-a-move';

export interface Refusal {
  code: RefusalCode;
  /** The app's reason in English, cards in the style asked. */
  text: string;
}

export function refusal(code: RefusalCode, text: string): Refusal {
  return { code, text };
}
