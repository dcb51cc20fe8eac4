/**
 * `batch` timed as a user runs it: a child process of `node bin/cardsolve.js batch FIRST..LAST
 * --workers 1` into a new database, its whole wall time (start-up, threads, storing) over
 * the deals, on the first codes and on the seed's random range, winnability only and full
 * analysis. Each range three ways: the built-in codes; the same deals through a dealer module
 * (one that deals the built-in codes' cards as deal text, taking over their codes, as an app's
 * dealer would its own); and the example dealer of docs/dealers.md over the same deal numbers
 * (its own deals, so its rates carry the other deals' solving too). Goal: the same deals
 * through a dealer at least 0.8 x the built-in codes, in both modes, on both ranges.
 *
 * Options (with `batch`): --count N (winnability deals, default 10000), --full-count N (full
 * analysis deals, default 300), --repeats N (runs of each, interleaved, the median kept;
 * default 3), --as-user-only (leave out the in-process rows).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDealCode } from '../src/codes/dealCode.js';
import { type Column, dealRanges, printGoal, printSideBySide } from './ranges.js';

const BIN = fileURLToPath(new URL('../../bin/cardsolve.js', import.meta.url));
const EXAMPLE_DEALER = fileURLToPath(new URL('../../examples/dealers/acme.js', import.meta.url));
/** The example dealer's codes run to ACME-999999999. */
const EXAMPLE_NUMBERS = 1_000_000_000;

export interface AsUserArgs {
  count: number;
  fullCount: number;
  repeats: number;
}

/**
 * A dealer that deals the built-in Pyramide codes' own cards as deal text (so both sides
 * solve the same deals), written for the run: it imports the built core.
 */
function sameDealsDealer(dir: string): string {
  const deal = new URL('../src/games/pyramide/deal.js', import.meta.url).href;
  const codes = new URL('../src/codes/dealCode.js', import.meta.url).href;
  const path = join(dir, 'same-deals.js');
  writeFileSync(
    path,
    `import { dealFromNumber, formatDealText } from '${deal}';
import { formatDealCode, parseDealCode } from '${codes}';
export default {
  name: 'same-deals',
  pattern: /^PY1-N-[A-Z]{7}$/,
  deal: (code) => formatDealText(dealFromNumber(parseDealCode(code).number), false, 'en'),
  code: (n) => formatDealCode({ family: 'PY1', options: 'N', number: n }),
  number: (code) => parseDealCode(code).number,
};
`,
  );
  return path;
}

interface Variant {
  name: string;
  range: (from: number, count: number) => string;
  dealer?: string;
}

const builtInRange = (from: number, count: number): string =>
  `${formatDealCode({ family: 'PY1', options: 'N', number: from })}..${formatDealCode({ family: 'PY1', options: 'N', number: from + count - 1 })}`;

/** Seconds of one whole `batch` command. */
function timeBatch(dir: string, variant: Variant, range: string, winnability: boolean, count: number): number {
  const db = join(dir, `run-${process.hrtime.bigint()}.sqlite`);
  const args = [
    BIN,
    'batch',
    range,
    '--workers',
    '1',
    '--db',
    db,
    '--no-progress',
    '--json',
    ...(winnability ? ['--winnability-only'] : []),
  ];
  if (variant.dealer) args.push('--dealer', variant.dealer);
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  rmSync(db, { force: true });
  rmSync(`${db}-wal`, { force: true });
  rmSync(`${db}-shm`, { force: true });
  if (r.status !== 0) throw new Error(`batch ${range} (${variant.name}) failed: ${r.stderr}`);
  const analysed = (JSON.parse(r.stdout) as { analysed: number }).analysed;
  if (analysed !== count) throw new Error(`batch ${range} (${variant.name}) analysed ${analysed} deals, not ${count}`);
  return seconds;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function runAsUser(a: AsUserArgs, seed: number): void {
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-bench-user-'));
  try {
    const variants: Variant[] = [
      { name: 'built-in codes', range: builtInRange },
      { name: 'same deals, dealer module', range: builtInRange, dealer: sameDealsDealer(dir) },
      {
        name: 'example dealer (its own deals)',
        range: (from, count) => {
          const start = from % (EXAMPLE_NUMBERS - count);
          return `ACME-${start}..ACME-${start + count - 1}`;
        },
        dealer: EXAMPLE_DEALER,
      },
    ];
    console.log(
      `batch as a user runs it: node bin/cardsolve.js batch FIRST..LAST --workers 1, whole-command wall time, median of ${a.repeats}`,
    );
    console.log(
      `  load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    for (const [mode, winnability, count] of [
      ['winnability only', true, a.count],
      ['full analysis', false, a.fullCount],
    ] as const) {
      const ranges = dealRanges(seed, count);
      const columns: Column[] = [];
      const ratios: number[] = [];
      const exampleRatios: number[] = [];
      for (const range of ranges) {
        const seconds = variants.map(() => [] as number[]);
        for (let r = 0; r < a.repeats; r++) {
          // Interleaved: the machine's drift falls on every variant alike.
          for (const [i, v] of variants.entries()) seconds[i]!.push(timeBatch(dir, v, v.range(range.from, count), winnability, count));
        }
        const column: Column = [];
        const rates = variants.map((v, i) => {
          const s = median(seconds[i]!);
          const rate = count / s;
          column.push([`${v.name}: range`, v.range(range.from, count)]);
          column.push([`${v.name}: ${mode}, deals, seconds`, `${count}, ${s.toFixed(2)} s`]);
          column.push([`${v.name}: deals/s`, rate.toFixed(1)]);
          return rate;
        });
        column.push(['same deals through a dealer / built-in', (rates[1]! / rates[0]!).toFixed(2)]);
        column.push(['example dealer / built-in', (rates[2]! / rates[0]!).toFixed(2)]);
        ratios.push(rates[1]! / rates[0]!);
        exampleRatios.push(rates[2]! / rates[0]!);
        columns.push(column);
      }
      printSideBySide(`batch as a user runs it, Pyramide, ${mode}, ${count} deals`, ranges, columns);
      printGoal(`${mode}: the same deals through a dealer >= 0.8 x the built-in codes`, ranges, ratios, (v) => v >= 0.8);
      // Not a goal: the example dealer's deals are other deals, easier or harder to solve.
      console.log(
        `  the example dealer's own deals / built-in (other deals: not the goal): ${ranges.map((r, i) => `${r.name}: ${exampleRatios[i]!.toFixed(2)}`).join('; ')}`,
      );
    }
    console.log(
      `  load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
