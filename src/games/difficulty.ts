/**
 * Difficulty as a player meets it, game-neutral: the tiers, the score's bands and the
 * interval a sampled rate is given with. Each game computes its own figures
 * (`games/<game>/difficulty.ts`) and maps them to a score; the tiers cut that score at
 * fixed thresholds per game and rule set, taken from the percentiles of a reference sample.
 */

export type Tier = 'easy' | 'medium' | 'hard' | 'expert';
export const TIERS: readonly Tier[] = ['easy', 'medium', 'hard', 'expert'];
/** A tier, or `unknown` when a figure behind the score could not be established. */
export type TierOrUnknown = Tier | 'unknown';

/**
 * Score thresholds: a winnable deal with score < easy is `easy`, < medium `medium`, < hard
 * `hard`, otherwise `expert`. Keyed by game then rule-set name.
 */
export interface TierThresholds {
  easy: number;
  medium: number;
  hard: number;
  /** How the cuts were made, for the README and `--help`. */
  sample: string;
}

/**
 * The cuts, at the 25th, 50th and 75th percentiles of the scores of the winnable deals of
 * the reference sample (so each tier holds a quarter of the winnable deals of the sample).
 * Regenerated with `npm run bench -- difficulty --thresholds` over a database of the sample.
 */
const THRESHOLDS: Readonly<Record<string, Readonly<Record<string, TierThresholds>>>> = {
  pyramide: {
    app: {
      easy: 2.22,
      medium: 5.48,
      hard: 10.29,
      sample: 'the 4,284 winnable deals among the first 6,500 codes, PY1-N-AAAAAAA to PY1-N-AAAAJPZ',
    },
  },
  double: {
    D1N: {
      easy: 3.86,
      medium: 7.61,
      hard: 14.6,
      sample: 'the winnable deals with a score among the first 1,000 codes, DS1-D1N-AAAAAAA to DS1-D1N-AAAABML',
    },
  },
};

export function thresholdsFor(game: string, rules: string): TierThresholds | null {
  return THRESHOLDS[game]?.[rules] ?? null;
}

/** The tier of a score under a game's rule set; `unknown` without a score or thresholds. */
export function tierOf(game: string, rules: string, score: number | null | undefined): TierOrUnknown {
  const t = thresholdsFor(game, rules);
  if (t === null || score === null || score === undefined || !Number.isFinite(score)) return 'unknown';
  if (score < t.easy) return 'easy';
  if (score < t.medium) return 'medium';
  if (score < t.hard) return 'hard';
  return 'expert';
}

/** The score range [min, max) of a tier, for queries over stored scores. */
export function tierRange(game: string, rules: string, tier: Tier): { min: number; max: number } | null {
  const t = thresholdsFor(game, rules);
  if (t === null) return null;
  switch (tier) {
    case 'easy':
      return { min: -Infinity, max: t.easy };
    case 'medium':
      return { min: t.easy, max: t.medium };
    case 'hard':
      return { min: t.medium, max: t.hard };
    case 'expert':
      return { min: t.hard, max: Infinity };
  }
}

/** The Wilson 95% interval of `wins` out of `n` trials. */
export function wilson95(wins: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const z = 1.959964;
  const p = wins / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** A percentile (0..100) of sorted numbers, nearest rank. */
export function percentile(sorted: readonly number[], pct: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((pct / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Pearson correlation of two equal-length series. */
export function correlation(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
