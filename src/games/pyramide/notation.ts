/** Pyramide moves in app terms and back: `K♦`, `10♣ + 3♠`, `draw`, `turn over`, and as JSON. */
import { type CardStyle, formatCard, parseCard } from '../../cards/notation.js';
import { InputError } from '../../errors/inputError.js';
import type { MoveJson } from '../types.js';
import type { PyramideMove } from './engine.js';

export function formatMove(move: PyramideMove, style: CardStyle = 'symbols'): string {
  switch (move.kind) {
    case 'king':
      return formatCard(move.card, style);
    case 'pair':
      return `${formatCard(move.cards[0], style)} + ${formatCard(move.cards[1], style)}`;
    case 'draw':
      return 'draw';
    case 'turn-over':
      return 'turn over';
  }
}

/** JSON for other programs: cards always with suit symbols so any program can replay the line. */
export function moveToJson(move: PyramideMove): MoveJson {
  switch (move.kind) {
    case 'king':
      return { move: 'king', card: formatCard(move.card) };
    case 'pair':
      return { move: 'pair', cards: [formatCard(move.cards[0]), formatCard(move.cards[1])] };
    case 'draw':
      return { move: 'draw' };
    case 'turn-over':
      return { move: 'turn-over' };
  }
}

/** One move as a person types it: `K♦`, `10♣+3♠`, `RD`, `draw`, `turn over`. */
export function parseMove(text: string): PyramideMove {
  const t = text.trim();
  const word = t.toLowerCase().replace(/[\s_-]+/g, ' ');
  if (word === 'draw' || word === 'd') return { kind: 'draw' };
  if (word === 'turn over' || word === 'turnover' || word === 'reset') return { kind: 'turn-over' };
  const parts = t.split('+').map((p) => p.trim());
  if (parts.length === 1 && parts[0] !== '') return { kind: 'king', card: parseMoveCard(parts[0]!, t) };
  if (parts.length === 2 && parts[0] !== '' && parts[1] !== '') {
    return { kind: 'pair', cards: [parseMoveCard(parts[0]!, t), parseMoveCard(parts[1]!, t)] };
  }
  throw new InputError(`"${t}" is not a move: expected a King (K♦), a pair (10♣ + 3♠), draw or turn over`);
}

function parseMoveCard(text: string, move: string): number {
  try {
    return parseCard(text);
  } catch {
    throw new InputError(`"${move}" is not a move: "${text}" is not a card; expected a King (K♦), a pair (10♣ + 3♠), draw or turn over`);
  }
}

/** A list of moves separated by `;`, `,` or line breaks. */
export function parseMoveList(text: string): PyramideMove[] {
  return text
    .split(/[;,\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(parseMove);
}
