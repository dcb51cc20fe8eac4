/**
 * A card is an integer 0..51 in the generator's deck order (deal-codes.md):
 * suits spades, hearts, diamonds, clubs; inside a suit A, 2, ..., 10, J, Q, K.
 * So `suit * 13 + (rank - 1)`: 0 = A♠, 12 = K♠, 13 = A♥, 51 = K♣.
 * Two-deck games keep a physical index 0..103; `card % 52` is its face.
 */
export type Card = number;

export const SPADES = 0;
export const HEARTS = 1;
export const DIAMONDS = 2;
export const CLUBS = 3;
export type Suit = 0 | 1 | 2 | 3;

export function makeCard(rank: number, suit: Suit): Card {
  return suit * 13 + rank - 1;
}

/** 1 (Ace) .. 13 (King). */
export function rankOf(card: Card): number {
  return (card % 13) + 1;
}

export function suitOf(card: Card): Suit {
  return (Math.floor(card / 13) % 4) as Suit;
}
