/** Reading the solver's JSON moves: matching them with the legal moves, and the cards they touch. */
import type { LegalMove, MoveJson } from '../core';

function sameCards(x: MoveJson['cards'], y: MoveJson['cards']): boolean {
  const a = Array.isArray(x) ? x : undefined;
  const b = Array.isArray(y) ? y : undefined;
  if (!a || !b) return a === b;
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((card, i) => card === sorted[i]);
}

/** Whether two JSON moves are the same move (a pair's two cards in either order). */
export function sameMove(a: MoveJson, b: MoveJson): boolean {
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

export function findLegal(legal: readonly LegalMove[], move: MoveJson): LegalMove | undefined {
  return legal.find((m) => sameMove(m.move, move));
}

/** The cards a move takes (a pair's two, a King, the card at the bottom of the cards moved). */
export function moveCards(move: MoveJson | null | undefined): string[] {
  if (!move) return [];
  if (Array.isArray(move.cards)) return move.cards;
  if (typeof move.card === 'string') return [move.card];
  return [];
}

/** Whether a card's place on the board (`foundation 3`) is the place a move names (`foundation`: any of the eight). */
export function isPlace(place: string, named: MoveJson[string]): boolean {
  if (typeof named !== 'string') return true;
  return place === named || (named === 'foundation' && place.startsWith('foundation '));
}

/** Whether the move is a click on the stock (draw, turn over, redeal): it names no card. */
export function isStockMove(move: MoveJson): boolean {
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
