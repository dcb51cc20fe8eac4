/**
 * Double Solitaire's difficulty scale: the cuts at the 25th, 50th and 75th percentiles of the
 * scores of the winnable deals of the reference sample (D1N only: the other rule sets have no
 * tiers yet). Regenerated with `npm run bench -- difficulty --thresholds`.
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
  },
};
