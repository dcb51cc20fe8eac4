/**
 * Deals picked from analyses an app already holds, without a database: what `curate` does
 * over the stored results, for a list kept in memory (a page, a phone app, a build step).
 * Pure: the analyses in, a new array out, nothing else read or changed.
 */
import { InputError } from '../errors/inputError.js';
import { TIERS, type TierOrUnknown } from './difficulty.js';
import type { Analysis, Verdict } from './types.js';

const VERDICTS: readonly Verdict[] = ['winnable', 'unwinnable', 'unknown'];
const PICK_TIERS: readonly TierOrUnknown[] = [...TIERS, 'unknown'];

/** What `pickDeals` keeps, and in which order. */
export interface PickOptions {
  /** Only these verdicts (one or several); every verdict when left out. */
  verdict?: Verdict | readonly Verdict[];
  /** Only these tiers (`unknown`: winnable, its figures not established); every deal when left out. */
  tier?: TierOrUnknown | readonly TierOrUnknown[];
  /**
   * `difficulty`: hardest first (the highest difficulty score; deals without one last), equal
   * scores in the order given. `given` (the default): the order of the analyses passed.
   */
  order?: 'difficulty' | 'given';
  /** At most this many (a whole number, 0 or more); all that pass when left out. */
  count?: number;
}

/** The fields `pickDeals` reads: an `Analysis` has them, and so has a row an app stored itself. */
export type Pickable = Pick<Analysis, 'verdict' | 'tier' | 'difficulty'>;

/**
 * The analyses that pass `options`, in its order: for example the ten hardest winnable deals,
 * `pickDeals(analyses, { verdict: 'winnable', order: 'difficulty', count: 10 })`, or the easy
 * ones, `{ tier: 'easy' }`. A tier asked for keeps only winnable deals (other verdicts have
 * none). Options out of their range throw `InputError` naming the option.
 */
export function pickDeals<A extends Pickable>(analyses: readonly A[], options: PickOptions = {}): A[] {
  const verdicts = oneOrMany(options.verdict, VERDICTS, 'verdict');
  const tiers = oneOrMany(options.tier, PICK_TIERS, 'tier');
  const order = options.order ?? 'given';
  if (order !== 'difficulty' && order !== 'given') {
    throw new InputError(`pickDeals: order ${JSON.stringify(order)} is not one of difficulty, given`);
  }
  const count = options.count ?? Infinity;
  if (count !== Infinity && !(Number.isInteger(count) && count >= 0)) {
    throw new InputError(`pickDeals: count ${String(count)} is not a whole number of 0 or more`);
  }
  const kept = analyses.filter(
    (a) => (verdicts === null || verdicts.has(a.verdict)) && (tiers === null || (a.tier !== null && tiers.has(a.tier))),
  );
  if (order === 'difficulty') {
    // Array.prototype.sort is stable: equal scores keep the order given.
    kept.sort((a, b) => (b.difficulty ?? -Infinity) - (a.difficulty ?? -Infinity) || 0);
  }
  return count === Infinity ? kept : kept.slice(0, count);
}

/** An option of one value or several as a set, checked against what it may be; null when left out. */
function oneOrMany<T extends string>(value: T | readonly T[] | undefined, allowed: readonly T[], name: string): Set<T> | null {
  if (value === undefined) return null;
  const values: readonly T[] = typeof value === 'string' ? [value] : value;
  for (const v of values) {
    if (!allowed.includes(v)) throw new InputError(`pickDeals: ${name} ${JSON.stringify(v)} is not one of ${allowed.join(', ')}`);
  }
  return new Set(values);
}
