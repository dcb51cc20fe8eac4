/**
 * `npm run bench -- fairplay`: the fair player (`cardsolve fairplay`: each step the best
 * move of a fair hint), one thread.
 *
 * - **Rule sets.** Its win rate on winnable deals, per Pyramide rule set, on the first codes
 *   and on the seed's random range: the first `--count` winnable deals (default 100) under
 *   the app's rules, `--limited-count` (default 10) under `msc`, two turn-overs and one; each
 *   deal `--games` games (default 2) at `--samples` deals a hint (default 10). Also how many
 *   deals it won sometimes but not always, and the time per deal.
 * - **Tiers.** Its win rate per tier of the shipped lists (`data/lists/pyramide-app-*.csv`),
 *   on `--list-count` deals of each (default 100), one game each, against the tier order
 *   easy ≥ medium ≥ hard ≥ expert.
 * - **Double Solitaire.** Its win rate on `--double-count` deals (default 10) per range under
 *   D1N and D3N (every deal of the first codes the solver decides is winnable), one game
 *   each at `--double-samples` samples a plan (default 3); under D1V and D3V on the Vegas deals
 *   the solver has won among the first 100 codes (`--vegas-codes`, from `npm run bench -- double`),
 *   first codes only: finding more takes a scan of hours.
 *
 *   npm run bench -- fairplay [--count N] [--limited-count N] [--games N] [--samples N] [--list-count N] [--skip-lists]
 *     [--skip-pyramide] [--double-count N] [--double-samples N] [--skip-double]
 */
import { readFileSync } from 'node:fs';
import { parseDealCode } from '../src/codes/dealCode.js';
import { parseList } from '../src/games/daily.js';
import { TIERS, wilson95 } from '../src/games/difficulty.js';
import { dealFromNumber as doubleDeal, parseRules } from '../src/games/double/deal.js';
import { DoubleState } from '../src/games/double/engine.js';
import { fairPlayDouble } from '../src/games/double/fairPlayer.js';
import { solve as solveDouble, VERDICT_ONLY } from '../src/games/double/solver.js';
import { dealFromNumber } from '../src/games/pyramide/deal.js';
import { fairPlayPyramide } from '../src/games/pyramide/fairPlayer.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../src/games/pyramide/rules.js';
import { solvePyramide } from '../src/games/pyramide/solver/analyse.js';
import { poolPath } from '../src/lists/daily.js';
import { Budget, DEFAULT_LIMITS } from '../src/search/limits.js';
import { type Column, dealRanges, printSideBySide } from './ranges.js';
import { flagNumber, formatMs, peakRssMb, percentile } from './stats.js';

const LIMITS = { ...DEFAULT_LIMITS, timeMs: 600_000 };

interface Args {
  count: number;
  limitedCount: number;
  games: number;
  samples: number;
  listCount: number;
  skipLists: boolean;
}

const percent = (wins: number, n: number): string => {
  if (n === 0) return 'no game';
  const w = wilson95(wins, n);
  return `${((100 * wins) / n).toFixed(1)}% (${(100 * w.low).toFixed(1)}-${(100 * w.high).toFixed(1)}%) of ${n.toLocaleString('en-US')} games`;
};

function winnable(n: number, rules: PyramideRules): boolean {
  return solvePyramide(dealFromNumber(n), rules, LIMITS, { winnabilityOnly: true }).winnable === true;
}

/** The fair player on the first `count` winnable deals from `from`. */
function onRange(from: number, rules: PyramideRules, count: number, a: Args): Column {
  let wins = 0;
  let games = 0;
  let mixed = 0;
  let unfinished = 0;
  let scanned = 0;
  const times: number[] = [];
  for (let n = from, deals = 0; deals < count; n++) {
    scanned++;
    if (!winnable(n, rules)) continue;
    deals++;
    const started = performance.now();
    const run = fairPlayPyramide(dealFromNumber(n), rules, { games: a.games, samples: a.samples, seed: 1, limits: LIMITS });
    times.push(performance.now() - started);
    const won = run.played.filter((g) => g.end === 'won').length;
    const done = run.played.filter((g) => g.end !== 'limit').length;
    wins += won;
    games += done;
    unfinished += run.played.length - done;
    if (won > 0 && won < done) mixed++;
  }
  times.sort((x, y) => x - y);
  return [
    ['winnable deals (codes scanned)', `${count} (${scanned})`],
    ['fair player wins', percent(wins, games)],
    ['deals won sometimes, not always', `${mixed} of ${count}`],
    ['games cut short by the limit', String(unfinished)],
    [
      'per deal, median / p95 / max',
      `${formatMs(percentile(times, 0.5))} / ${formatMs(percentile(times, 0.95))} / ${formatMs(times.at(-1)!)}`,
    ],
  ];
}

function onLists(a: Args): void {
  console.log(
    `fair player on the shipped Pyramide lists (app rules): ${a.listCount} deals a tier, 1 game each, ${a.samples} samples a hint`,
  );
  for (const tier of TIERS) {
    const entries = parseList(readFileSync(poolPath('pyramide', 'app', tier), 'utf8')).entries.slice(0, a.listCount);
    let wins = 0;
    let games = 0;
    for (const e of entries) {
      const run = fairPlayPyramide(dealFromNumber(parseDealCode(e.code).number), APP_RULES, {
        games: 1,
        samples: a.samples,
        seed: 1,
        limits: LIMITS,
      });
      for (const g of run.played) {
        if (g.end === 'limit') continue;
        games++;
        if (g.end === 'won') wins++;
      }
    }
    console.log(`  ${tier.padEnd(7)} ${percent(wins, games)}`);
  }
}

/** The Vegas deals won by the solver among the first 100 codes of each rule set (bench/README.md, the Double suite). */
const VEGAS_WON: Record<string, number[]> = { D1V: [1, 76, 92], D3V: [77] };

function onDoubleRange(from: number, rulesName: string, count: number, samples: number): Column {
  const rules = parseRules(rulesName);
  let wins = 0;
  let games = 0;
  let unfinished = 0;
  let scanned = 0;
  let plans = 0;
  const times: number[] = [];
  for (let n = from, deals = 0; deals < count; n++) {
    scanned++;
    const deal = doubleDeal(n);
    const verdict = solveDouble(() => new DoubleState(deal, rules), new Budget(DEFAULT_LIMITS), VERDICT_ONLY).verdict;
    if (verdict !== 'winnable') continue;
    deals++;
    const started = performance.now();
    const run = fairPlayDouble(deal, rules, { games: 1, samples, seed: 1, limits: LIMITS });
    times.push(performance.now() - started);
    for (const g of run.played) {
      plans += g.plans;
      if (g.end === 'limit') unfinished++;
      else games++;
      if (g.end === 'won') wins++;
    }
  }
  times.sort((x, y) => x - y);
  return [
    ['winnable deals (codes scanned)', `${count} (${scanned})`],
    ['fair player wins', percent(wins, games)],
    ['games without a plan (samples undecided)', String(unfinished)],
    ['sampled deals solved per game', (plans / Math.max(1, count)).toFixed(1)],
    [
      'per game, median / p95 / max',
      `${formatMs(percentile(times, 0.5))} / ${formatMs(percentile(times, 0.95))} / ${formatMs(times.at(-1)!)}`,
    ],
  ];
}

function onDouble(seed: number, count: number, samples: number): void {
  for (const rules of ['D1N', 'D3N']) {
    const ranges = dealRanges(seed, count * 2);
    printSideBySide(
      `fair player, Double Solitaire ${rules}: 1 game a winnable deal, up to ${samples} sampled deals a plan`,
      ranges,
      ranges.map((r) => onDoubleRange(r.from, rules, count, samples)),
    );
  }
  for (const [rulesName, numbers] of Object.entries(VEGAS_WON)) {
    const rules = parseRules(rulesName);
    const ends = numbers.map((n) => {
      const run = fairPlayDouble(doubleDeal(n), rules, { games: 1, samples, seed: 1, limits: LIMITS });
      const g = run.played[0]!;
      return `${n}: ${g.end} (${g.plans} samples solved, ${formatMs(run.ms)})`;
    });
    console.log(`fair player, Double Solitaire ${rulesName}, the deals the solver won among the first 100 codes: ${ends.join('; ')}`);
  }
}

export async function runFairPlayBench(args: string[], seed: number): Promise<void> {
  const a: Args = {
    count: flagNumber(args, '--count', 100),
    limitedCount: flagNumber(args, '--limited-count', 10),
    games: flagNumber(args, '--games', 2),
    samples: flagNumber(args, '--samples', 10),
    listCount: flagNumber(args, '--list-count', 100),
    skipLists: args.includes('--skip-lists'),
  };
  if (!args.includes('--skip-double')) onDouble(seed, flagNumber(args, '--double-count', 10), flagNumber(args, '--double-samples', 3));
  if (args.includes('--skip-pyramide')) {
    console.log(`  peak memory ${peakRssMb()} MB`);
    return;
  }
  const sets: Array<[string, PyramideRules, number]> = [
    ['app rules', APP_RULES, a.count],
    ['msc', MSC_RULES, a.limitedCount],
    ['app rules, two turn-overs (--passes 2)', { ...APP_RULES, passes: 2 }, a.limitedCount],
    ['app rules, one turn-over (--passes 1)', { ...APP_RULES, passes: 1 }, a.limitedCount],
  ];
  for (const [name, rules, count] of sets) {
    const ranges = dealRanges(seed, count * 4);
    printSideBySide(
      `fair player, Pyramide, ${name}: ${a.games} games a winnable deal, ${a.samples} samples a hint`,
      ranges,
      ranges.map((r) => onRange(r.from, rules, count, a)),
    );
  }
  if (!a.skipLists) onLists(a);
  console.log(`  peak memory ${peakRssMb()} MB`);
}
