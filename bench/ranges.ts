/**
 * The two ranges every per-deal figure is measured on: the first codes, which the solvers
 * were tuned on, and a range starting at a deal number drawn from a seed, so that speed
 * found only on the first codes shows as such. `--seed N` repeats a run's range exactly.
 */
import { randomInt } from 'node:crypto';
import { MAX_DEAL_NUMBER } from '../src/codes/dealCode.js';

export interface DealRange {
  /** The column's heading. */
  name: string;
  /** The first deal number. */
  from: number;
}

const SEED_LIMIT = 2 ** 32;

/** `--seed N` taken out of the arguments, or a fresh seed. */
export function takeSeed(args: string[]): number {
  const i = args.indexOf('--seed');
  if (i < 0) return randomInt(SEED_LIMIT);
  const seed = Number(args[i + 1]);
  if (!Number.isInteger(seed) || seed < 0 || seed >= SEED_LIMIT) throw new Error(`--seed needs a whole number from 0 to ${SEED_LIMIT - 1}`);
  args.splice(i, 2);
  return seed;
}

/** A 32-bit generator: a counter stepped by the golden ratio, through an avalanching mix. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A deal number uniform over 0..MAX_DEAL_NUMBER from the seed (the same for every suite). */
function randomDealNumber(seed: number): number {
  const next = generator(seed);
  const span = MAX_DEAL_NUMBER + 1;
  // 53 random bits, the draws past the last whole multiple of the span refused: no bias.
  const bits = 2 ** 53;
  const ceiling = bits - (bits % span);
  for (;;) {
    const x = (next() >>> 11) * 2 ** 32 + next();
    if (x < ceiling) return x % span;
  }
}

/**
 * The first codes (from `first`, 0 unless a suite's option moves it) and the seed's range,
 * moved back where `count` deals from it would run past the last deal number.
 */
export function dealRanges(seed: number, count: number, first = 0): [DealRange, DealRange] {
  const from = Math.min(randomDealNumber(seed), MAX_DEAL_NUMBER + 1 - Math.max(1, count));
  return [
    { name: first === 0 ? 'first codes' : 'start given', from: first },
    { name: `random range (seed ${seed})`, from },
  ];
}

/** A figure per range, by row. */
export type Column = Array<[label: string, value: string]>;

/** Prints the columns side by side, a row per label, under a heading with each range's start. */
export function printSideBySide(title: string, ranges: readonly DealRange[], columns: readonly Column[]): void {
  const labels: string[] = [];
  for (const c of columns) for (const [l] of c) if (!labels.includes(l)) labels.push(l);
  const cell = (c: Column, l: string): string => c.find(([k]) => k === l)?.[1] ?? '';
  const heads = ranges.map((r) => `${r.name}, deal ${r.from}`);
  const lw = Math.max(...labels.map((l) => l.length), 0);
  const widths = heads.map((h, i) => Math.max(h.length, ...labels.map((l) => cell(columns[i]!, l).length)));
  const row = (first: string, cells: string[]): string =>
    `  ${first.padEnd(lw)}  ${cells.map((c, i) => c.padStart(widths[i]!)).join('  ')}`.trimEnd();
  console.log(title);
  console.log(row('', heads));
  for (const l of labels)
    console.log(
      row(
        l,
        columns.map((c) => cell(c, l)),
      ),
    );
}

/** A goal checked on every range: met only where met on all. */
export function printGoal(
  goal: string,
  ranges: readonly DealRange[],
  values: readonly number[],
  met: (v: number) => boolean,
  digits = 2,
  unit = '',
): void {
  const all = values.every(met);
  const each = ranges.map((r, i) => `${r.name}: ${values[i]!.toFixed(digits)}${unit}${met(values[i]!) ? '' : ' (not met)'}`).join('; ');
  console.log(`  goal ${goal}: ${all ? 'met on both ranges' : 'NOT MET (it must hold on both ranges)'} (${each})`);
}
