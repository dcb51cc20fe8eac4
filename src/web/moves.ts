/** Reading the solver's JSON moves: matching them with the legal moves, and the cards they touch. */
import type { ApiLegalMove, ApiMove } from '../serve/apiTypes';

function sameCards(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((card, i) => card === sorted[i]);
}

/** Whether two JSON moves are the same move (a pair's two cards in either order). */
export function sameMove(a: ApiMove, b: ApiMove): boolean {
  if (a.move !== b.move) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (key === 'cards') {
      if (!sameCards(a.cards, b.cards)) return false;
    } else if (key !== 'move' && JSON.stringify(a[key]) !== JSON.stringify(b[key])) {
      return false;
    }
  }
  return true;
}

export function findLegal(legal: readonly ApiLegalMove[], move: ApiMove): ApiLegalMove | undefined {
  return legal.find((m) => sameMove(m.move, move));
}

/** The cards a move takes (a pair's two, a King, the card at the bottom of the cards moved). */
export function moveCards(move: ApiMove | null | undefined): string[] {
  if (!move) return [];
  if (Array.isArray(move.cards)) return move.cards;
  if (typeof move.card === 'string') return [move.card];
  return [];
}

/** Whether a card's place on the board (`foundation 3`) is the place a move names (`foundation`: any of the eight). */
export function isPlace(place: string, named: string | undefined): boolean {
  if (named === undefined) return true;
  return place === named || (named === 'foundation' && place.startsWith('foundation '));
}

/** Whether the move is a click on the stock (draw, turn over, redeal): it names no card. */
export function isStockMove(move: ApiMove): boolean {
  return moveCards(move).length === 0;
}

/** The moves text for `moves=`: the legal moves' own texts, joined. */
export function joinMoves(texts: readonly string[]): string {
  return texts.join('; ');
}

export function splitMoves(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(';')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** A move in words for the lists, when no text from the server is at hand. */
export function describeMove(move: ApiMove): string {
  const cards = moveCards(move);
  if (move.move === 'pair' && cards.length === 2) return `${cards[0]} + ${cards[1]}`;
  if (cards.length > 0) {
    const count = typeof move.count === 'number' && move.count > 1 ? ` (${move.count} cards)` : '';
    const where = move.from || move.to ? ` ${move.from ?? ''} → ${move.to ?? ''}` : '';
    return `${cards[0]}${count}${where}`;
  }
  return move.move.replace(/-/g, ' ');
}
