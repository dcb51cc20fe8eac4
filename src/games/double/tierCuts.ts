/**
 * Double Solitaire's difficulty scale: the cuts at the 25th, 50th and 75th percentiles of the
 * scores of the winnable deals of the reference sample, per rule set (D1N and D3N); under
 * Vegas scoring the percentiles of the foundation cards the best line found reaches, over
 * every deal of the sample (tiers by the dollars a player can count on). Regenerated with
 * `npm run bench -- difficulty --thresholds`.
 */
import type { DifficultyScale } from '../difficulty.js';

export const DOUBLE_SCALE: DifficultyScale = {
  field: 'difficulty',
  cuts: {
    D1N: {
      easy: 3.97,
      medium: 8.14,
      hard: 14.6,
      sample: 'the 984 winnable deals with a score among the first 1,000 codes, DS1-D1N-AAAAAAA to DS1-D1N-AAAABML',
    },
    D3N: {
      easy: 8.74,
      medium: 13.51,
      hard: 23.05,
      sample: 'the 958 winnable deals with a score among the first 1,000 codes, DS1-D3N-AAAAAAA to DS1-D3N-AAAABML',
    },
    // Vegas: on the foundation cards the best line found reaches (every verdict), more is easier.
    D1V: {
      by: 'reach',
      easy: 57,
      medium: 48,
      hard: 40,
      sample: 'the first 400 codes, DS1-D1V-AAAAAAA to DS1-D1V-AAAAAPJ, analysed to 2,000,000 positions each (44 won, 356 unknown)',
    },
    D3V: {
      by: 'reach',
      easy: 37,
      medium: 27,
      hard: 19,
      sample:
        'the first 400 codes, DS1-D3V-AAAAAAA to DS1-D3V-AAAAAPJ, analysed to 2,000,000 positions each (14 won, 61 lost, 325 unknown)',
    },
  },
};
