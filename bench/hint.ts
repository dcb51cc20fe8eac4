/**
 * Hint benchmark, one thread, in process (as a game server calls it), through the library's
 * `openDeal(...).hint(...)`: the time includes replaying the moves to the position.
 *
 * - Pyramide: a hint at every position along the optimal line of the first winnable
 *   `PY1-N` codes (`--count`, default 200); median, p95 and max per hint. Goal: p95 <= 50 ms
 *   under the app's rules, <= 500 ms under `--rules msc`.
 * - Double Solitaire D1N: a hint at every `--every`-th position (default 10) along the
 *   printed line of the first `--double-count` codes (default 50), `--time-limit` seconds per
 *   hint (default 10): the share of moves labelled winning or losing (goal >= 95%), and the
 *   median time per hint.
 *
 *   npm run bench -- hint [--game pyramide|double|all] [--rules app|msc] [--count N]
 *                         [--double-count N] [--every N] [--time-limit S]
 *
 * Both run on the first codes and on the seed's random range (ranges.ts), side by side; a
 * goal is met only where met on both.
 */

import { dealNumberLetters } from '../src/codes/dealCode.js';
import { moveText } from '../src/games/hint.js';
import { openDeal } from '../src/index.js';
import type { Limits } from '../src/search/limits.js';
import { type Column, dealRanges, printGoal, printSideBySide } from './ranges.js';
import { flagNumber, formatMs, peakRssMb, percentile } from './stats.js';

function flag(args: readonly string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
}

/** The hints along the lines of the first `count` winnable codes from `from`: their figures and p95. */
function pyramideHints(count: number, rules: string, limits: Limits, from: number): { column: Column; p95: number } {
  const times: number[] = [];
  const labels = new Map<string, number>();
  let deals = 0;
  let unknownStatus = 0;
  let slowest = { where: '', ms: 0 };
  for (let n = from; deals < count && n < from + count * 4; n++) {
    const deal = openDeal(`PY1-N-${dealNumberLetters(n)}`, { rules });
    const a = deal.analyse(limits);
    if (a.solution === null) continue;
    deals++;
    const line = a.solution.map((m) => moveText(deal.game, m));
    for (let i = 0; i < line.length; i++) {
      const moves = line.slice(0, i).join('; ');
      const t = performance.now();
      const h = deal.hint(moves, limits);
      const ms = performance.now() - t;
      times.push(ms);
      if (h.status !== 'winnable') unknownStatus++;
      for (const j of h.moves) labels.set(j.label, (labels.get(j.label) ?? 0) + 1);
      if (ms > slowest.ms) slowest = { where: `${deal.code} after ${i} moves`, ms };
    }
  }
  times.sort((x, y) => x - y);
  const judged = [...labels.values()].reduce((s, x) => s + x, 0);
  const p95 = percentile(times, 0.95);
  const column: Column = [
    ['winnable codes', String(deals)],
    ['hints', String(times.length)],
    ['per hint: median', formatMs(percentile(times, 0.5))],
    ['per hint: p95', formatMs(p95)],
    ['per hint: max', formatMs(times[times.length - 1] ?? NaN)],
    ['slowest', slowest.where],
    ['moves judged', `${judged}: ${[...labels].map(([l, k]) => `${l} ${k}`).join(', ')}`],
    ['positions not reported winnable', String(unknownStatus)],
    ['peak memory of the process so far', `${peakRssMb()} MB`],
  ];
  return { column, p95 };
}

/** A hint at every `every`-th position along the lines of `count` codes from `from`: the figures and the share decided. */
function doubleHints(count: number, every: number, limits: Limits, from: number): { column: Column; decided: number } {
  const times: number[] = [];
  let decided = 0;
  let judged = 0;
  let winning = 0;
  let losing = 0;
  let hints = 0;
  let skipped = 0;
  for (let n = from; n < from + count; n++) {
    const deal = openDeal(`DS1-D1N-${dealNumberLetters(n)}`);
    const a = deal.analyse(limits);
    if (a.solution === null) {
      skipped++;
      continue;
    }
    const line = a.solution.map((m) => moveText(deal.game, m));
    for (let i = 0; i < line.length; i += every) {
      const t = performance.now();
      const h = deal.hint(line.slice(0, i).join('; '), limits);
      times.push(performance.now() - t);
      hints++;
      for (const j of h.moves) {
        judged++;
        if (j.label === 'winning') winning++;
        if (j.label === 'losing') losing++;
        if (j.label !== 'unknown') decided++;
      }
    }
  }
  times.sort((x, y) => x - y);
  const share = (100 * decided) / Math.max(1, judged);
  const column: Column = [
    ['codes with a line (without, skipped)', `${count - skipped} (${skipped})`],
    ['hints', String(hints)],
    ['moves judged', String(judged)],
    ['winning / losing / unknown', `${winning} / ${losing} / ${judged - decided}`],
    ['decided', `${share.toFixed(1)}%`],
    ['per hint: median', formatMs(percentile(times, 0.5))],
    ['per hint: p95', formatMs(percentile(times, 0.95))],
    ['per hint: max', formatMs(times[times.length - 1] ?? NaN)],
    ['peak memory of the process so far', `${peakRssMb()} MB`],
  ];
  return { column, decided: share };
}

export async function runHintBench(args: string[], seed: number): Promise<void> {
  const game = flag(args, '--game', 'all');
  const timeMs = flagNumber(args, '--time-limit', 10) * 1000;
  const limits: Limits = { timeMs, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
  if (game === 'pyramide' || game === 'all') {
    const count = flagNumber(args, '--count', 200);
    const rules = flag(args, '--rules', 'app');
    // The search stops after four times `count` codes, lost ones included: the range leaves room for them.
    const ranges = dealRanges(seed, count * 4);
    const runs = ranges.map((r) => pyramideHints(count, rules, limits, r.from));
    printSideBySide(
      `Pyramide hints (${rules}), every position along the optimal line of the first ${count} winnable codes of each range:`,
      ranges,
      runs.map((r) => r.column),
    );
    const goal = rules === 'msc' ? 500 : 50;
    printGoal(
      `p95 <= ${goal} ms per hint`,
      ranges,
      runs.map((r) => r.p95),
      (v) => v <= goal,
      1,
      ' ms',
    );
  }
  if (game === 'double' || game === 'all') {
    const count = flagNumber(args, '--double-count', 50);
    const every = Math.max(1, flagNumber(args, '--every', 10));
    const ranges = dealRanges(seed, count);
    const runs = ranges.map((r) => doubleHints(count, every, limits, r.from));
    printSideBySide(
      `Double Solitaire D1N hints, every ${every}th position along the printed line of ${count} codes, ${timeMs / 1000} s per hint:`,
      ranges,
      runs.map((r) => r.column),
    );
    printGoal(
      'moves decided >= 95%',
      ranges,
      runs.map((r) => r.decided),
      (v) => v >= 95,
      1,
      '%',
    );
  }
}
