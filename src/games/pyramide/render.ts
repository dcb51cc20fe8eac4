/** Pyramide positions drawn for people: the pyramid as a pyramid, then waste and stock. */
import { type CardStyle, formatCard } from '../../cards/notation.js';
import type { PyramideGame } from './engine.js';
import { ROWS, rowStart } from './layout.js';

const CELL = 4;

function cell(text: string): string {
  return text.padStart(3).padEnd(CELL);
}

export function drawPosition(game: PyramideGame, style: CardStyle): string {
  const lines: string[] = [];
  for (let r = 1; r <= ROWS; r++) {
    const cells: string[] = [];
    for (let i = 0; i < r; i++) {
      const pos = rowStart(r) + i;
      cells.push(cell((game.removed >> pos) & 1 ? '·' : formatCard(game.deal.pyramid[pos]!, style)));
    }
    lines.push(' '.repeat(((ROWS - r) * CELL) / 2) + cells.join('').trimEnd());
  }
  const waste = game.wasteCards();
  const wasteText =
    waste.length === 0
      ? 'empty'
      : `${formatCard(waste[waste.length - 1]!, style)} on top, ${waste.length} card${waste.length === 1 ? '' : 's'}`;
  let stockText: string;
  if (!game.talonComplete) stockText = `${game.stockCount()} cards, order not known`;
  else {
    const count = game.stockCount();
    const top = game.stockTopIndex();
    const shown = game.rules.stockTopAvailable && top >= 0 ? `, top ${formatCard(game.talon[top]!, style)} face up` : '';
    stockText = `${count} card${count === 1 ? '' : 's'}${shown}`;
  }
  lines.push('');
  lines.push(`waste: ${wasteText}`);
  lines.push(`stock: ${stockText}`);
  return lines.join('\n');
}
