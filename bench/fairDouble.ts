/**
 * The Double Solitaire part of the fair-hint suite (`npm run bench -- fair --game double`):
 * fair hints (`hint --fair`) on `--double-count` deals per range (default 5), at three
 * positions each: as dealt, after three draws, and a third of the way along the deal's
 * printed line (columns partly turned up, the stock partly seen), under `--rules` (default
 * D1N). Each runs at 10, 30 and `--samples` (default 100) samples, one thread, through the
 * library (`openDeal(...).fairHint`), with `--time-limit` seconds per fair hint (default 10,
 * the command line's): a sample the solver cannot decide quickly (a loss is proved only by a
 * complete search, and some wins are hard to find) gets what the others leave, so a hint with
 * one takes its whole limit.
 */
import { dealNumberLetters } from '../src/codes/dealCode.js';
import type { FairHintResult } from '../src/games/fairHintTypes.js';
import { moveText } from '../src/games/hint.js';
import { DEFAULT_LIMITS, openDeal } from '../src/index.js';
import type { Limits } from '../src/search/limits.js';
import { type Column, dealRanges, printSideBySide } from './ranges.js';
import { formatMs, percentile } from './stats.js';

export interface DoubleFairArgs {
  count: number;
  rules: string;
  samples: number;
  timeMs: number;
}

/** The moves of each position measured of a deal, in the `play` notation. */
function positionsOf(code: string): string[] {
  const deal = openDeal(code);
  const positions = ['', 'draw; draw; draw'];
  // Part way along a line the columns are partly turned up and the stock partly seen.
  const a = deal.analyse(DEFAULT_LIMITS);
  if (a.solution !== null) {
    const line = a.solution.map((m) => moveText(deal.game, m));
    positions.push(line.slice(0, Math.floor(line.length / 3)).join('; '));
  }
  return positions;
}

function measure(positions: readonly { code: string; moves: string }[], samples: number, limits: Limits): Column {
  const times: number[] = [];
  const perSample: number[] = [];
  let judgements = 0;
  let decided = 0;
  let moves = 0;
  let between = 0;
  let stopped = 0;
  let hidden = 0;
  for (const p of positions) {
    const deal = openDeal(p.code);
    const started = performance.now();
    const h: FairHintResult = deal.fairHint!(p.moves, { samples, seed: 1, limits });
    const ms = performance.now() - started;
    times.push(ms);
    perSample.push(ms / h.samples);
    hidden += h.hidden;
    moves += h.moves.length;
    judgements += h.moves.length * h.samples;
    decided += h.moves.reduce((sum, m) => sum + m.decided, 0);
    between += h.moves.filter((m) => m.chance !== null && m.chance > 0 && m.chance < 1).length;
    if (h.limit !== null) stopped++;
  }
  times.sort((x, y) => x - y);
  perSample.sort((x, y) => x - y);
  const share = (100 * decided) / Math.max(1, judgements);
  return [
    ['fair hints', String(times.length)],
    ['unseen cards, mean', (hidden / Math.max(1, positions.length)).toFixed(1)],
    ['median / p95 / max', `${formatMs(percentile(times, 0.5))} / ${formatMs(percentile(times, 0.95))} / ${formatMs(times.at(-1) ?? NaN)}`],
    ['per sample: median / p95', `${formatMs(percentile(perSample, 0.5))} / ${formatMs(percentile(perSample, 0.95))}`],
    ['samples decided (each move in each sample)', `${decided} of ${judgements} (${share.toFixed(1)}%)`],
    ['hints stopped by a limit', `${stopped} of ${times.length}`],
    ['moves with a chance strictly between 0 and 1', `${between} of ${moves}`],
  ];
}

export function runDoubleFair(seed: number, b: DoubleFairArgs): void {
  const ranges = dealRanges(seed, b.count);
  const limits: Limits = { ...DEFAULT_LIMITS, timeMs: b.timeMs };
  // The positions first (each deal analysed once for its line), then each size on the same ones.
  const positions = ranges.map((r) =>
    Array.from({ length: b.count }, (_, i) => `DS1-${b.rules}-${dealNumberLetters(r.from + i)}`).flatMap((code) =>
      positionsOf(code).map((moves) => ({ code, moves })),
    ),
  );
  for (const samples of [...[10, 30].filter((n) => n < b.samples), b.samples]) {
    printSideBySide(
      `fair hints, Double Solitaire ${b.rules}, ${samples} samples, one thread, ${b.timeMs / 1000} s limit per hint ` +
        `(${b.count} deals: as dealt, after three draws, a third along the printed line):`,
      ranges,
      positions.map((p) => measure(p, samples, limits)),
    );
    console.log('');
  }
}
