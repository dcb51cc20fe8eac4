/** The options the batch and queue benchmarks share: which deals, under which limits. */
import { BatchPlan } from '../src/batch/inputs.js';
import { formatDealCode, parseDealCode } from '../src/codes/dealCode.js';
import type { AnalyseOptions } from '../src/games/types.js';
import { parseCount, parseDuration } from '../src/search/limitParsing.js';
import { DEFAULT_LIMITS, type Limits } from '../src/search/limits.js';
import { type DealRange, dealRanges } from './ranges.js';

export interface DealBenchArgs {
  count: number;
  start: string;
  options: AnalyseOptions;
  limits: Limits;
}

/**
 * Reads `--count`, `--start`, `--winnability-only`, `--time-limit` and `--node-limit`; a
 * suite's own options go to `own` (true when it took the option). Anything else is refused.
 */
export function parseDealBenchArgs<T extends DealBenchArgs>(
  args: readonly string[],
  suite: string,
  out: T,
  own: (option: string, next: () => string, out: T) => boolean = () => false,
): T {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--count') out.count = Number(next());
    else if (a === '--start') out.start = next();
    else if (a === '--winnability-only') out.options = { winnabilityOnly: true };
    else if (a === '--time-limit') out.limits.timeMs = parseDuration(next());
    else if (a === '--node-limit') out.limits.nodes = parseCount(next());
    else if (a !== suite && !own(a, next, out)) throw new Error(`unknown bench option ${a}`);
  }
  if (!Number.isInteger(out.count) || out.count < 1) throw new Error('--count must be a whole number of deals');
  return out;
}

/** The benchmark's deals as a batch plan. */
export function planOf(b: DealBenchArgs): BatchPlan {
  const plan = new BatchPlan({});
  plan.addCodeOrRange(b.start, b.count);
  return plan;
}

/**
 * The first range (from `--start`) and the seed's random range of the same game and rule
 * letters, each as the arguments with its own start, labelled.
 */
export function withRanges<T extends DealBenchArgs>(b: T, seed: number): Array<{ range: DealRange; args: T }> {
  const first = parseDealCode(b.start);
  const ranges = dealRanges(seed, b.count, first.number);
  return ranges.map((range) => ({ range, args: { ...b, start: formatDealCode({ ...first, number: range.from }) } }));
}

export function defaultDealBenchArgs(count: number): DealBenchArgs {
  return { count, start: 'PY1-N-AAAAAAA', options: {}, limits: { ...DEFAULT_LIMITS } };
}
