/** Pyramide in the page: its board, its clicks (pairs adding to 13), its stuck figure (the most pyramid cards removed), its rules. */
import type { PyramideBoard } from '../../core';
import { PyramideView } from './pyramideBoard';
import { pickPyramideCard } from './pyramidePicks';
import type { GameAdapter, RulesPicture } from './types';

/** The pyramid of 28 cards face up, the stock face down and its first card beside it. */
function picture(): RulesPicture {
  const cards: { x: number; y: number; up: boolean }[] = [];
  for (let row = 0; row < 7; row++)
    for (let col = 0; col <= row; col++) cards.push({ x: 4 + (6 - row) * 9 + col * 18, y: 4 + row * 12, up: true });
  cards.push({ x: 4, y: 100, up: false }, { x: 24, y: 100, up: true });
  return { label: 'picturePyramide', width: 134, height: 126, cards };
}

export const pyramide: GameAdapter<PyramideBoard> = {
  id: 'pyramide',
  name: 'gamePyramide',
  rules: ['pyrGoal', 'pyrLayout', 'pyrAvailable', 'pyrPairs', 'pyrKing', 'pyrStock', 'pyrEnd', 'pyrScore'],
  picture: picture(),
  sample: 'PY1-N-AAAAAAA',
  stuck: (figures) => figures.maxRemoved ?? null,
  stuckPays: () => '',
  warningMost: 'warningMostRemoved',
  // A move names its cards, each in one place only.
  movesFrom: () => true,
  drawBoard: (board, events) => <PyramideView board={board} events={events} />,
  pickCard: pickPyramideCard,
};
