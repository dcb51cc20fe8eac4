/**
 * Pyramide benchmark, one thread: winnability throughput over the first codes, then the
 * full analysis (minimum moves and an optimal line) per deal, with median / p95 / max
 * times and peak memory. Run with `npm run bench` (or `npm run bench -- pyramide --count 2000`).
 */
import { dealFromNumber } from '../src/games/pyramide/deal.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../src/games/pyramide/rules.js';
import { solvePyramide } from '../src/games/pyramide/solver/analyse.js';
import type { Limits } from '../src/search/limits.js';
import { flagNumber, formatMs, percentile, peakRssMb } from './stats.js';

const LIMITS: Limits = { timeMs: 10_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };

function winnability(count: number, rules: PyramideRules): void {
  let winnable = 0;
  let unknown = 0;
  const t0 = performance.now();
  for (let n = 0; n < count; n++) {
    const r = solvePyramide(dealFromNumber(n), rules, LIMITS, { winnabilityOnly: true });
    if (r.winnable === true) winnable++;
    if (r.winnable === null) unknown++;
  }
  const s = (performance.now() - t0) / 1000;
  console.log(
    `winnability (${rulesLabel(rules)}), codes PY1-N-AAAAAAA onwards, ${count} deals: ` +
      `${Math.round(count / s).toLocaleString('en-US')} deals/s, ` +
      `winnable ${winnable} (${((100 * winnable) / count).toFixed(2)}%), unknown ${unknown}`,
  );
}

function fullAnalysis(count: number, rules: PyramideRules): void {
  const times: number[] = [];
  let winnable = 0;
  let unknown = 0;
  let minMovesUnknown = 0;
  let slowest = { n: -1, ms: 0 };
  const t0 = performance.now();
  for (let n = 0; n < count; n++) {
    const t = performance.now();
    const r = solvePyramide(dealFromNumber(n), rules, LIMITS);
    const ms = performance.now() - t;
    times.push(ms);
    if (ms > slowest.ms) slowest = { n, ms };
    if (r.winnable === true) winnable++;
    if (r.winnable === null) unknown++;
    if (r.winnable === true && r.minMoves === null) minMovesUnknown++;
  }
  const s = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `full analysis (${rulesLabel(rules)}), ${count} deals: median ${formatMs(percentile(times, 0.5))}, ` +
      `p95 ${formatMs(percentile(times, 0.95))}, max ${formatMs(times[times.length - 1]!)} (deal ${slowest.n}), ` +
      `${(count / s).toFixed(1)} deals/s, winnable ${((100 * winnable) / count).toFixed(1)}%, ` +
      `unknown verdicts ${unknown}, minMoves not proven within 10 s ${minMovesUnknown}`,
  );
}

function rulesLabel(rules: PyramideRules): string {
  return rules.preset;
}

export async function runPyramideBench(args: string[]): Promise<void> {
  const count = flagNumber(args, '--count', 1000);
  const winCount = flagNumber(args, '--winnability-count', 10_000);
  const mscCount = flagNumber(args, '--msc-count', 100);
  console.log(`Pyramide, one thread, Node ${process.version}`);
  // Warm the JIT on a few deals so the first figures are not the compiler's.
  for (let n = 0; n < 50; n++) solvePyramide(dealFromNumber(100_000 + n), APP_RULES, LIMITS, { winnabilityOnly: true });
  if (winCount > 0) winnability(winCount, APP_RULES);
  if (count > 0) fullAnalysis(count, APP_RULES);
  if (mscCount > 0) fullAnalysis(mscCount, MSC_RULES);
  console.log(`peak memory (resident set): ${peakRssMb()} MB`);
}
