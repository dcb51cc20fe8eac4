/**
 * Pyramide's difficulty scale: the cuts at the 25th, 50th and 75th percentiles of the scores
 * of the winnable deals of the reference sample (so each tier holds a quarter of them).
 * Regenerated with `npm run bench -- difficulty --thresholds` over a database of the sample.
 */
import type { DifficultyScale } from '../difficulty.js';

export const PYRAMIDE_SCALE: DifficultyScale = {
  field: 'difficulty',
  cuts: {
    app: {
      easy: 2.22,
      medium: 5.48,
      hard: 10.29,
      sample: 'the 4,284 winnable deals among the first 6,500 codes, PY1-N-AAAAAAA to PY1-N-AAAAJPZ',
    },
  },
};
