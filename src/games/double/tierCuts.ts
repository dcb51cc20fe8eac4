/**
 * Double Solitaire's difficulty scale: the cuts at the 25th, 50th and 75th percentiles of the
 * scores of the winnable deals of the reference sample, per rule set (D1N and D3N: the Vegas
 * rule sets have no tiers yet). Regenerated with `npm run bench -- difficulty --thresholds`.
 */
import type { DifficultyScale } from '../difficulty.js';

export const DOUBLE_SCALE: DifficultyScale = {
  field: 'difficulty',
  cuts: {
    D1N: {
      easy: 3.86,
      medium: 7.61,
      hard: 14.6,
      sample: 'the winnable deals with a score among the first 1,000 codes, DS1-D1N-AAAAAAA to DS1-D1N-AAAABML',
    },
    D3N: {
      easy: 7.61,
      medium: 12.64,
      hard: 18.28,
      sample: 'the 532 winnable deals with a score among the first 1,000 codes, DS1-D3N-AAAAAAA to DS1-D3N-AAAABML',
    },
  },
};
