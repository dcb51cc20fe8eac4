/**
 * Difficulty as a player meets it, game-neutral: the tiers, the score's bands and the
 * interval a sampled rate is given with. Each game computes its own figures
 * (`games/<game>/difficulty.ts`) and maps them to a score; the tiers cut that score at
 * thresholds the game declares per rule set (`GameModule.difficulty`), taken from the
 * percentiles of a reference sample.
 */

export type Tier = 'easy' | 'medium' | 'hard' | 'expert';
export const TIERS: readonly Tier[] = ['easy', 'medium', 'hard', 'expert'];
/** A tier, or `unknown` when a figure behind the score could not be established. */
export type TierOrUnknown = Tier | 'unknown';

/**
 * Score thresholds: a winnable deal with score < easy is `easy`, < medium `medium`, < hard
 * `hard`, otherwise `expert`. With `by: 'reach'` the cuts are on the game's stuck figure
 * instead, for every verdict, and more is easier: a deal whose best line found reaches at
 * least `easy` is `easy`, at least `medium` `medium`, at least `hard` `hard`, otherwise
 * `expert` (a win counts the figure's maximum). Vegas scoring uses it: the player plays for
 * the dollars the foundation cards pay, and most deals are not won.
 */
export interface TierThresholds {
  easy: number;
  medium: number;
  hard: number;
  /** What the cuts are on: a winnable deal's score (the default) or every deal's stuck figure. */
  by?: 'score' | 'reach';
  /** How the cuts were made, for the README and `--help`. */
  sample: string;
}

/** Whether these cuts are on the stuck figure of every deal (`by: 'reach'`). */
export function byReach(t: TierThresholds | null): boolean {
  return t?.by === 'reach';
}

/**
 * A game's difficulty scale, declared in its `GameModule`: the field of its analysis that
 * holds the score, and the tier cuts per rule-set name (a rule set without cuts has no tiers).
 */
export interface DifficultyScale {
  field: string;
  cuts: Readonly<Record<string, TierThresholds>>;
}

/** The cuts of a game's scale under a rule set, or null. */
export function thresholdsFor(scale: DifficultyScale | undefined, rules: string): TierThresholds | null {
  return scale?.cuts[rules] ?? null;
}

/** The tier of a score (the stuck figure under `by: 'reach'`) under these cuts; `unknown` without one or without cuts. */
export function tierOf(t: TierThresholds | null, score: number | null | undefined): TierOrUnknown {
  if (t === null || score === null || score === undefined || !Number.isFinite(score)) return 'unknown';
  if (t.by === 'reach') {
    if (score >= t.easy) return 'easy';
    if (score >= t.medium) return 'medium';
    if (score >= t.hard) return 'hard';
    return 'expert';
  }
  if (score < t.easy) return 'easy';
  if (score < t.medium) return 'medium';
  if (score < t.hard) return 'hard';
  return 'expert';
}

/** The score range [min, max) of a tier (of the stuck figure under `by: 'reach'`), for queries over stored figures. */
export function tierRange(t: TierThresholds | null, tier: Tier): { min: number; max: number } | null {
  if (t === null) return null;
  if (t.by === 'reach') {
    switch (tier) {
      case 'easy':
        return { min: t.easy, max: Infinity };
      case 'medium':
        return { min: t.medium, max: t.easy };
      case 'hard':
        return { min: t.hard, max: t.medium };
      case 'expert':
        return { min: -Infinity, max: t.hard };
    }
  }
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
