/**
 * Double Solitaire in the page: its board, its clicks (a card, then where it goes), its stuck
 * figure (the most cards on the foundations, and under Vegas what they pay), its rules.
 */
import type { DoubleBoard } from '../../core';
import { dollarsText } from '../../games/double/vegasDollars';
import { isPlace } from '../moves';
import { DoubleView } from './doubleBoard';
import { pickDoubleCard, pickDoubleTarget, sendHome } from './doublePicks';
import type { GameAdapter, RulesPicture } from './types';

/** The stock, the eight foundations' places face down, and nine columns with their top cards face up. */
function picture(): RulesPicture {
  const h = 22;
  const cards: { x: number; y: number; up: boolean }[] = [];
  for (let i = 0; i < 8; i++) cards.push({ x: 4 + 40 + i * 19 + 19, y: 4, up: false });
  cards.push({ x: 4, y: 4, up: false });
  for (let c = 0; c < 9; c++) for (let i = 0; i <= c; i++) cards.push({ x: 4 + c * 19, y: 32 + i * 7, up: i === c });
  return { label: 'pictureDouble', width: 4 + 9 * 19 + 4, height: 32 + 8 * 7 + h + 4, cards };
}

export const double: GameAdapter<DoubleBoard> = {
  id: 'double',
  name: 'gameDouble',
  rules: ['dblGoal', 'dblLayout', 'dblBuild', 'dblRuns', 'dblEmpty', 'dblFoundations', 'dblStock', 'dblEnd'],
  picture: picture(),
  sample: 'DS1-D1N-AAAAAAB',
  stuck: (figures) => figures.maxFoundation ?? null,
  stuckPays: (figures) => dollarsText(figures.dollarsAtLeast),
  warningMost: 'warningMostFoundations',
  // Two decks: the same card may lie in two places; the move names the one it takes from.
  movesFrom: (place, move) => isPlace(place, move?.from),
  drawBoard: (board, events) => <DoubleView board={board} events={events} />,
  pickCard: pickDoubleCard,
  pickTarget: pickDoubleTarget,
  quickMove: sendHome,
};
