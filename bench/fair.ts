/**
 * `npm run bench -- fair [--game pyramide|double|all] [--count N] [--limited-count N] [--samples N]
 * [--rules D1N] [--double-count N] [--time-limit S]`: fair hints (`hint --fair`), one thread, on
 * the first codes and the seed's random range. Pyramide (the default game): per deal the
 * position as dealt and after two draws, under the app's rules and with one turn-over
 * (`--passes 1`, where the stock's order decides wins). Goal: at 100 samples, an app-rule
 * fair hint takes at most 1 s (median and p95). Double Solitaire: see fairDouble.ts.
 */
import { dealFromNumber } from '../src/games/pyramide/deal.js';
import type { PyramideMove } from '../src/games/pyramide/engine.js';
import { fairHintPyramide } from '../src/games/pyramide/fairHint.js';
import { APP_RULES, type PyramideRules } from '../src/games/pyramide/rules.js';
import { DEFAULT_LIMITS } from '../src/search/limits.js';
import { runDoubleFair } from './fairDouble.js';
import { type Column, dealRanges, printGoal, printSideBySide } from './ranges.js';
import { formatMs, percentile } from './stats.js';

const GOAL_MS = 1000;
const DRAWS: PyramideMove[] = [{ kind: 'draw' }, { kind: 'draw' }];

interface FairArgs {
  game: 'pyramide' | 'double' | 'all';
  count: number;
  /** Deals with one turn-over, whose samples are searched in full (a state space each): slower. */
  limitedCount: number;
  samples: number;
  /** Double Solitaire: the rule set, deals per range, seconds per fair hint. */
  rules: string;
  doubleCount: number;
  timeS: number;
}

function parseArgs(args: readonly string[]): FairArgs {
  const out: FairArgs = { game: 'pyramide', count: 100, limitedCount: 10, samples: 100, rules: 'D1N', doubleCount: 5, timeS: 10 };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = args[++i] ?? '';
    if (a === '--game') {
      if (value !== 'pyramide' && value !== 'double' && value !== 'all') throw new Error('--game needs pyramide, double or all');
      out.game = value;
      continue;
    }
    if (a === '--rules') {
      if (!/^D[13][NV]$/.test(value)) throw new Error('--rules needs D1N, D3N, D1V or D3V');
      out.rules = value;
      continue;
    }
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${a} needs a whole number from 1`);
    if (a === '--count') out.count = n;
    else if (a === '--limited-count') out.limitedCount = n;
    else if (a === '--samples') out.samples = n;
    else if (a === '--double-count') out.doubleCount = n;
    else if (a === '--time-limit') out.timeS = n;
    else throw new Error(`unknown bench option ${a}`);
  }
  return out;
}

interface Figures {
  column: Column;
  median: number;
  p95: number;
}

function measure(from: number, rules: PyramideRules, count: number, b: FairArgs): Figures {
  const times: number[] = [];
  let moves = 0;
  let between = 0;
  for (let i = 0; i < count; i++) {
    const deal = dealFromNumber(from + i);
    for (const played of [[], DRAWS]) {
      const started = performance.now();
      const h = fairHintPyramide(deal, rules, played, { samples: b.samples, seed: 1, limits: { ...DEFAULT_LIMITS, timeMs: 60_000 } });
      times.push(performance.now() - started);
      moves += h.moves.length;
      between += h.moves.filter((m) => m.chance !== null && m.chance > 0 && m.chance < 1).length;
    }
  }
  times.sort((x, y) => x - y);
  const median = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  return {
    column: [
      ['fair hints', `${times.length} (${count} deals: as dealt, after two draws)`],
      ['median / p95 / max', `${formatMs(median)} / ${formatMs(p95)} / ${formatMs(times.at(-1)!)}`],
      ['moves with a chance strictly between 0 and 1', `${between} of ${moves}`],
    ],
    median,
    p95,
  };
}

export async function runFairBench(args: string[], seed: number): Promise<void> {
  const b = parseArgs(args);
  if (b.game !== 'pyramide') {
    runDoubleFair(seed, { count: b.doubleCount, rules: b.rules, samples: b.samples, timeMs: b.timeS * 1000 });
    if (b.game === 'double') return;
  }
  const ranges = dealRanges(seed, b.count);
  for (const [name, rules, count] of [
    ['app rules', APP_RULES, b.count],
    ['app rules, one turn-over (--passes 1)', { ...APP_RULES, passes: 1 }, b.limitedCount],
  ] as const) {
    const runs = ranges.map((r) => measure(r.from, rules, count, b));
    printSideBySide(
      `fair hints, Pyramide ${name}, ${b.samples} samples, one thread:`,
      ranges,
      runs.map((r) => r.column),
    );
    if (rules === APP_RULES) {
      printGoal(
        `median <= ${GOAL_MS} ms`,
        ranges,
        runs.map((r) => r.median),
        (v) => v <= GOAL_MS,
        1,
        ' ms',
      );
      printGoal(
        `p95 <= ${GOAL_MS} ms`,
        ranges,
        runs.map((r) => r.p95),
        (v) => v <= GOAL_MS,
        1,
        ' ms',
      );
    }
    console.log('');
  }
}
