/**
 * Vegas benchmark: the full analysis of Double Solitaire deals under Vegas scoring (one pass
 * through the stock), one deal after the other on one core, on the first codes and on the
 * seed's random range (ranges.ts). Per rule set and range: the share decided within the time
 * limit (won, proven lost), the median and p95 ms of the decided deals, the best line (the
 * most foundation cards reached: exact where decided), the proven ceiling of the deals left
 * undecided (`foundationAtMost`), the peak resident memory; with `--verbose`, a line a deal.
 *
 *   --count N       deals per range (default 12)
 *   --rules A,B     rule sets (default D1V,D3V)
 *   --time-limit S  seconds per deal (default 60)
 *   --step N        distance between the deal numbers of a range (default 7919: deals far apart)
 *   --from N        one range only, from deal N (to measure the deals another solver was given)
 */
import { dealNumberLetters } from '../src/codes/dealCode.js';
import { type DoubleAnalysis, openDouble } from '../src/games/double/index.js';
import { type Column, dealRanges, printSideBySide } from './ranges.js';
import { flagNumber, flagText, peakRssMb, percentile } from './stats.js';

const median = (xs: number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

function measure(rules: string, from: number, count: number, step: number, timeMs: number, verbose: boolean): Column {
  const decidedMs: number[] = [];
  const best: number[] = [];
  const ceilings: number[] = [];
  let won = 0;
  let lost = 0;
  for (let i = 0; i < count; i++) {
    const code = `DS1-${rules}-${dealNumberLetters(from + i * step)}`;
    const deal = openDouble({ kind: 'code', code }, {});
    const t0 = performance.now();
    const a = deal.analyse({ timeMs, nodes: Infinity, memoryBytes: 4 * 1024 ** 3 }) as DoubleAnalysis;
    const ms = performance.now() - t0;
    best.push(a.maxFoundation ?? 0);
    if (a.verdict === 'winnable') won++;
    if (a.verdict === 'unwinnable') lost++;
    if (a.verdict !== 'unknown') decidedMs.push(ms);
    else ceilings.push(a.foundationAtMost);
    if (verbose) {
      const exact = a.verdict === 'winnable' || a.stuckExact ? 'exact' : 'at least';
      console.log(
        `  ${code}  ${a.verdict.padEnd(10)}  ${ms.toFixed(0).padStart(6)} ms  ${exact} ${a.maxFoundation} cards, at most ${a.foundationAtMost}`,
      );
    }
  }
  const sorted = [...decidedMs].sort((a, b) => a - b);
  const undecided = count - won - lost;
  return [
    ['decided', `${won + lost} of ${count} (${((100 * (won + lost)) / count).toFixed(0)}%): ${won} won, ${lost} lost`],
    ['decided: median / p95 ms', sorted.length ? `${percentile(sorted, 0.5).toFixed(0)} / ${percentile(sorted, 0.95).toFixed(0)}` : '-'],
    ['best line: median / min cards', `${median(best)} / ${Math.min(...best)}`],
    [
      'undecided: ceiling below 104',
      undecided ? `${ceilings.filter((c) => c < 104).length} of ${undecided}, median ${median(ceilings)}` : '-',
    ],
    ['peak RSS', `${peakRssMb().toFixed(0)} MB`],
  ];
}

export async function runVegasBench(args: string[], seed: number): Promise<void> {
  const count = flagNumber(args, '--count', 12);
  const timeMs = flagNumber(args, '--time-limit', 60) * 1000;
  const step = flagNumber(args, '--step', 7919);
  const rulesList = (flagText(args, '--rules') ?? 'D1V,D3V').split(',');
  const verbose = args.includes('--verbose');
  const from = flagText(args, '--from');
  const ranges = from === undefined ? dealRanges(seed, count * step) : [{ name: 'range given', from: Number(from) }];
  for (const rules of rulesList) {
    const columns = ranges.map((r) => measure(rules, r.from, count, step, timeMs, verbose));
    printSideBySide(`${rules}: full analysis, ${timeMs / 1000} s a deal, deals ${step} apart`, ranges, columns);
  }
}
