/**
 * Pyramide benchmark, one thread. Entries (all by default, or `--only a,b`):
 *   winnability  winnability alone (app rules), deals/s
 *   full         the full analysis (app rules): deals/s, median / p95 / p99 / max, and the
 *                minimum-move search's positions expanded and its share of f below the minimum
 *                (`--repeat N`: N runs, for full and msc, and the median run's deals/s)
 *   msc          the full analysis under msc, per deal and in total
 *   variants     every other stock-order rule set, 200 codes each: median, p95, cut short
 *   hint         a hint at every position along the optimal line of winnable codes (app, msc)
 *   bound        only when named: how far the minimum-move search's bound at the start lies
 *                below the minimum, next to the fewest turn-overs a win needs (where to
 *                strengthen the bound; `--bound-count`, default 100)
 * Every entry but the bound runs on the first codes and on the seed's random range (ranges.ts),
 * side by side. Run with `npm run bench` (or `npm run bench -- pyramide --only hint --hint-count 50`).
 */
import { dealFromNumber } from '../src/games/pyramide/deal.js';
import { hintPyramide } from '../src/games/pyramide/hint.js';
import { APP_RULES, MSC_RULES, type PyramideRules, rulesName } from '../src/games/pyramide/rules.js';
import { solvePyramide } from '../src/games/pyramide/solver/analyse.js';
import { THREAD_CONTEXT } from '../src/games/pyramide/solver/context.js';
import { FullStateSpace } from '../src/games/pyramide/solver/fullState.js';
import { MoveBound } from '../src/games/pyramide/solver/moveBound.js';
import { startPosition } from '../src/games/pyramide/solver/position.js';
import type { Limits } from '../src/search/limits.js';
import { type Column, type DealRange, dealRanges, printSideBySide } from './ranges.js';
import { flagNumber, formatMs, peakRssMb, percentile } from './stats.js';

const LIMITS: Limits = { timeMs: 10_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };

/** CPU seconds of this process since `from`: steadier than the clock on a shared machine. */
function cpuSeconds(from: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
}

function winnability(count: number, rules: PyramideRules, from: number): Column {
  let winnable = 0;
  let unknown = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let n = from; n < from + count; n++) {
    const r = solvePyramide(dealFromNumber(n), rules, LIMITS, { winnabilityOnly: true });
    if (r.winnable === true) winnable++;
    if (r.winnable === null) unknown++;
  }
  const s = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(cpu0);
  return [
    ['deals/s', Math.round(count / s).toLocaleString('en-US')],
    ['per CPU second', Math.round(count / cpu).toLocaleString('en-US')],
    ['winnable', `${winnable} (${((100 * winnable) / count).toFixed(2)}%)`],
    ['unknown', String(unknown)],
  ];
}

/** One run of the full analysis over `count` codes from `from`: its figures and its deals/s. */
function fullAnalysis(count: number, rules: PyramideRules, from: number): { rate: number; column: Column } {
  const times: number[] = [];
  let winnable = 0;
  let unknown = 0;
  let cut = 0;
  let slowest = { n: -1, ms: 0 };
  THREAD_CONTEXT.resetMinMovesCounts();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const cpuTimes: number[] = [];
  for (let n = from; n < from + count; n++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = solvePyramide(dealFromNumber(n), rules, LIMITS);
    const ms = performance.now() - t;
    cpuTimes.push(cpuSeconds(c) * 1000);
    times.push(ms);
    if (ms > slowest.ms) slowest = { n, ms };
    if (r.winnable === true) winnable++;
    if (r.winnable === null) unknown++;
    if (r.limit !== null) cut++;
  }
  const s = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    rate: count / s,
    column: [
      ['deals/s', (count / s).toFixed(1)],
      ['s in all (CPU s)', `${s.toFixed(1)} (${cpuSeconds(cpu0).toFixed(1)})`],
      ['median', formatMs(percentile(times, 0.5))],
      ['p95', formatMs(percentile(times, 0.95))],
      ['p99', formatMs(percentile(times, 0.99))],
      ['max (deal)', `${formatMs(times[times.length - 1]!)} (${slowest.n})`],
      ['winnable', `${((100 * winnable) / count).toFixed(1)}%`],
      ['unknown verdicts', String(unknown)],
      ['cut short by the 10 s limit', String(cut)],
      ['min-move search: positions expanded', THREAD_CONTEXT.minMovesCounts.expanded.toLocaleString('en-US')],
      ['  of those with f below the minimum', belowShare()],
      ['CPU per deal: median', formatMs(percentile(cpuTimes, 0.5))],
      ['CPU per deal: p95', formatMs(percentile(cpuTimes, 0.95))],
      ['CPU per deal: p99', formatMs(percentile(cpuTimes, 0.99))],
      ['CPU per deal: max', formatMs(cpuTimes[cpuTimes.length - 1]!)],
      ['peak RSS of the process so far', `${peakRssMb()} MB`],
    ],
  };
}

/**
 * The share of the positions the minimum-move searches that found their minimum expanded with
 * f below it: those only a stronger bound spares (no order among equal f can).
 */
function belowShare(): string {
  const { expandedSolved, belowMinimum } = THREAD_CONTEXT.minMovesCounts;
  if (expandedSolved === 0) return '-';
  return `${((100 * belowMinimum) / expandedSolved).toFixed(1)}% (${belowMinimum.toLocaleString('en-US')} of ${expandedSolved.toLocaleString('en-US')})`;
}

/**
 * `runs` runs of the same analysis, one after another: the work is the same each time, so
 * their spread is the machine's (how large it has been: bench/README.md), and the median
 * run is the figure to quote.
 */
function repeatedFullAnalysis(count: number, rules: PyramideRules, runs: number, ranges: readonly DealRange[]): void {
  const rates: number[][] = ranges.map(() => []);
  for (let k = 0; k < runs; k++) {
    const columns = ranges.map((r, i) => {
      const { rate, column } = fullAnalysis(count, rules, r.from);
      rates[i]!.push(rate);
      return column;
    });
    printSideBySide(`full analysis (${rulesName(rules)}), ${count} deals${runs > 1 ? `, run ${k + 1} of ${runs}` : ''}:`, ranges, columns);
  }
  if (runs < 2) return;
  const spread = (rs: number[]): Column => {
    const sorted = [...rs].sort((a, b) => a - b);
    return [
      ['deals/s, median run', percentile(sorted, 0.5).toFixed(1)],
      ['slowest', sorted[0]!.toFixed(1)],
      ['fastest', sorted[runs - 1]!.toFixed(1)],
    ];
  };
  printSideBySide(`  ${runs} runs (${rulesName(rules)}):`, ranges, rates.map(spread));
}

const VARIANTS: PyramideRules[] = [
  { ...APP_RULES, passes: 0 },
  { ...APP_RULES, passes: 1 },
  { ...APP_RULES, passes: 2 },
  { ...APP_RULES, strictWin: true },
  { ...APP_RULES, pairBeneath: true },
  { ...APP_RULES, pairCovering: true },
  { ...APP_RULES, passes: 2, strictWin: true },
  { ...APP_RULES, passes: 1, pairBeneath: true, pairCovering: true },
  { ...MSC_RULES, strictWin: true },
  { ...MSC_RULES, passes: 0 },
  { ...MSC_RULES, pairCovering: true },
];

/** A hint at every position along the optimal line of the first `count` winnable codes from `from`. */
function hints(count: number, rules: PyramideRules, from: number): Column {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let deals = 0;
  let unknown = 0;
  for (let n = from; deals < count; n++) {
    const deal = dealFromNumber(n);
    const sol = solvePyramide(deal, rules, LIMITS);
    if (!sol.solution) continue;
    deals++;
    for (let i = 0; i < sol.solution.length; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      const h = hintPyramide(deal, rules, sol.solution.slice(0, i), LIMITS);
      times.push(performance.now() - t);
      cpuTimes.push(cpuSeconds(c) * 1000);
      if (h.status !== 'winnable' || h.limit !== null) unknown++;
    }
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return [
    ['hints', String(times.length)],
    ['median', formatMs(percentile(times, 0.5))],
    ['p95', formatMs(percentile(times, 0.95))],
    ['max', formatMs(times[times.length - 1]!)],
    ['not settled', String(unknown)],
    ['CPU per hint: median', formatMs(percentile(cpuTimes, 0.5))],
    ['CPU per hint: p95', formatMs(percentile(cpuTimes, 0.95))],
    ['CPU per hint: max', formatMs(cpuTimes[cpuTimes.length - 1]!)],
  ];
}

function sideBySide(title: string, ranges: readonly DealRange[], column: (from: number) => Column): void {
  printSideBySide(
    title,
    ranges,
    ranges.map((r) => column(r.from)),
  );
}

/**
 * The bound's quality at the start of the first `count` codes under the app's rules: per
 * winnable deal the minimum, the full and the quick bound (moveBound.ts), the turn-overs of
 * the optimal line, and the fewest turn-overs any win needs (exact: the least k for which
 * the deal is winnable under `--passes k`). A bound far below the minimum makes the search
 * take every position of lower f first.
 */
function boundQuality(count: number): void {
  const byNeed = new Map<number, { gaps: number[]; quickGaps: number[]; lineTurnOvers: number[] }>();
  let winnable = 0;
  for (let n = 0; n < count; n++) {
    const deal = dealFromNumber(n);
    const r = solvePyramide(deal, APP_RULES, LIMITS);
    if (r.minMoves === null || r.solution === null) continue;
    winnable++;
    const space = new FullStateSpace(deal, APP_RULES);
    const start = startPosition(APP_RULES);
    const { lo, hi } = space.pack(start.removed, start.talonRemoved, start.next, start.passesUsed);
    const bound = new MoveBound(space);
    const full = bound.of(lo, hi, true);
    const quick = bound.of(lo, hi, false);
    // (Past 5 turn-overs, or where a limit stops the search, the deal counts as needing 6.)
    let need = 0;
    while (need < 6 && solvePyramide(deal, { ...APP_RULES, passes: need }, LIMITS, { winnabilityOnly: true }).winnable !== true) need++;
    const entry = byNeed.get(need) ?? { gaps: [], quickGaps: [], lineTurnOvers: [] };
    entry.gaps.push(r.minMoves - full);
    entry.quickGaps.push(r.minMoves - quick);
    entry.lineTurnOvers.push(r.solution.filter((m) => m.kind === 'turn-over').length);
    byNeed.set(need, entry);
  }
  const median = (xs: number[]): number =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  console.log(`bound at the start (app rules), first ${count} codes, ${winnable} winnable; per fewest turn-overs a win needs:`);
  for (const need of [...byNeed.keys()].sort((a, b) => a - b)) {
    const e = byNeed.get(need)!;
    const label = need === 6 ? '6 or more turn-overs (or unknown)' : `${need} turn-over${need === 1 ? '' : 's'}`;
    console.log(
      `  ${label}: ${e.gaps.length} deals; the full bound a median ${median(e.gaps)} moves under the minimum ` +
        `(max ${Math.max(...e.gaps)}), the quick bound ${median(e.quickGaps)}; turn-overs of the optimal lines: median ${median(e.lineTurnOvers)}`,
    );
  }
}

export async function runPyramideBench(args: string[], seed: number): Promise<void> {
  const i = args.indexOf('--only');
  const only = i >= 0 ? new Set((args[i + 1] ?? '').split(',')) : null;
  const want = (name: string): boolean => only === null || only.has(name);
  const count = flagNumber(args, '--count', 1000);
  const winCount = flagNumber(args, '--winnability-count', 10_000);
  const mscCount = flagNumber(args, '--msc-count', 50);
  const variantCount = flagNumber(args, '--variant-count', 200);
  const hintCount = flagNumber(args, '--hint-count', 200);
  const mscHintCount = flagNumber(args, '--msc-hint-count', 20);
  const boundCount = flagNumber(args, '--bound-count', 100);
  const repeat = Math.max(1, Math.floor(flagNumber(args, '--repeat', 1)));
  console.log(`Pyramide, one thread, Node ${process.version}`);
  // Warm the JIT on a few deals so the first figures are not the compiler's.
  for (let n = 0; n < 50; n++) solvePyramide(dealFromNumber(100_000 + n), APP_RULES, LIMITS, { winnabilityOnly: true });
  // Hints walk on past the codes that are lost: the random range leaves room for four times their count.
  const ranges = (n: number): DealRange[] => dealRanges(seed, n);
  if (want('winnability') && winCount > 0)
    sideBySide(`winnability (app), ${winCount} deals:`, ranges(winCount), (from) => winnability(winCount, APP_RULES, from));
  if (want('full') && count > 0) repeatedFullAnalysis(count, APP_RULES, repeat, ranges(count));
  if (want('msc') && mscCount > 0) repeatedFullAnalysis(mscCount, MSC_RULES, repeat, ranges(mscCount));
  if (want('variants') && variantCount > 0)
    for (const rules of VARIANTS)
      sideBySide(
        `full analysis (${rulesName(rules)}), ${variantCount} deals:`,
        ranges(variantCount),
        (from) => fullAnalysis(variantCount, rules, from).column,
      );
  if (want('hint')) {
    if (hintCount > 0)
      sideBySide(`hint (app), every position along the optimal line of ${hintCount} winnable deals:`, ranges(hintCount * 4), (from) =>
        hints(hintCount, APP_RULES, from),
      );
    if (mscHintCount > 0)
      sideBySide(`hint (msc), every position along the optimal line of ${mscHintCount} winnable deals:`, ranges(mscHintCount * 4), (from) =>
        hints(mscHintCount, MSC_RULES, from),
      );
  }
  // A diagnostic for whoever works on the bound, not a speed: only when named.
  if (only?.has('bound') && boundCount > 0) boundQuality(boundCount);
  console.log(`peak memory (resident set, both ranges): ${peakRssMb()} MB`);
}
