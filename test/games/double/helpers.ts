import { parseCard } from '../../../src/cards/notation.js';
import { type DoubleRules, DoubleState } from '../../../src/games/double/engine.js';

export const D1N: DoubleRules = { draw: 1, vegas: false };
export const D3N: DoubleRules = { draw: 3, vegas: false };
export const D1V: DoubleRules = { draw: 1, vegas: true };
export const D3V: DoubleRules = { draw: 3, vegas: true };

export function cards(text: string): number[] {
  return text
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((w) => parseCard(w));
}

export interface PositionSpec {
  /** Up to 9 columns, bottom to top; missing ones are empty. */
  columns: string[];
  /** Face-down cards per column (default 0). */
  down?: number[];
  stock?: string;
  /** Top rank of each of the 8 piles (spades, spades, hearts, hearts, ...). */
  foundations?: number[];
  /** Cards in the game, the foundations' included (default all 104): won when all are up. */
  total?: number;
}

/** A position part-way through a game (the cards need not add up to 104). */
export function position(spec: PositionSpec, rules: DoubleRules = D1N): DoubleState {
  const columns = Array.from({ length: 9 }, (_, i) => cards(spec.columns[i] ?? ''));
  return new DoubleState(
    {
      columns,
      stock: cards(spec.stock ?? ''),
      down: Array.from({ length: 9 }, (_, i) => spec.down?.[i] ?? 0),
      foundations: spec.foundations ?? [0, 0, 0, 0, 0, 0, 0, 0],
      ...(spec.total !== undefined ? { total: spec.total } : {}),
    },
    rules,
  );
}

/** Column c (0-based) as text, face-down cards in brackets. */
export function columnText(state: DoubleState, c: number): string {
  const out: string[] = [];
  for (let i = 0; i < state.len[c]!; i++) {
    const face = state.card(c, i);
    const rank = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'][face % 13]!;
    const suit = ['♠', '♥', '♦', '♣'][Math.floor(face / 13)]!;
    out.push(i < state.down[c]! ? `[${rank}${suit}]` : rank + suit);
  }
  return out.join(' ');
}

/**
 * The random tests' columns: the cards dealt among 3 to 6 of the 9 columns, each column with a
 * random number of them face down (its top card always up). `pick(n)` draws in [0, n).
 */
export function dealColumns(deck: readonly number[], pick: (n: number) => number): { columns: number[][]; down: number[] } {
  const used = 3 + pick(4);
  const columns: number[][] = Array.from({ length: 9 }, () => []);
  for (const c of deck) columns[pick(used)]!.push(c);
  const down = columns.map((col) => (col.length === 0 ? 0 : pick(col.length)));
  return { columns, down };
}

/**
 * A reduced game dealt at random (both copies of Ace to 2 or Ace to 3 of every suit, a few
 * columns with some cards face down, a stock of 2 to 7): the deal, rules apart. `pick(n)`
 * draws a whole number below n; the caller seeds it and may draw on for the rules.
 */
export function reducedGame(pick: (n: number) => number): { columns: number[][]; down: number[]; stock: number[]; total: number } {
  const ranks = 2 + pick(2);
  const deck: number[] = [];
  for (let suit = 0; suit < 4; suit++) for (let rank = 1; rank <= ranks; rank++) deck.push(suit * 13 + rank - 1, suit * 13 + rank - 1);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const stock = deck.splice(0, 2 + pick(6));
  const { columns, down } = dealColumns(deck, pick);
  return { columns, down, stock, total: 8 * ranks };
}
