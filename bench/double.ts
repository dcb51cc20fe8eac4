/**
 * Double Solitaire benchmark: solves the codes DS1-<rules>-<from> onwards, one after the
 * other on one core, for D1N, D3N, D1V and D3V, and prints per rule set the share decided within
 * the per-deal time limit, median / p95 / max ms among decided deals, nodes per second and
 * the peak resident memory, the length of the printed winning lines (median / max), how
 * far they are from the proven lower bound on the moves of any win (median ratio) and their
 * turn-overs (median / max), for the undecided deals the most foundation cards reached, and
 * for the deals not won the length of the line printed to that figure.
 *
 *   --count N       deals per rule set (default 200)
 *   --rules A,B     rule sets (default D1N,D3N,D1V,D3V)
 *   --time-limit S  seconds per deal (default 10)
 *   --from N        first deal number of the first range (default 0)
 *   --optimize      search for the fewest moves too, and count the minimums proven
 *   --batch N       deals per `batch` run below (default 2000 for the verdicts, a tenth of it, at least 20, for full analyses; 0: none)
 *
 * Each rule set runs on the first codes and on the seed's random range (ranges.ts), side by side:
 * first `--winnability-only` (the verdict alone, every deal in one process, as a batch worker
 * solves them), then the full analysis, with where its time goes by phase (phases.ts). Last,
 * for D1N, the `batch` command as a user runs it (2 workers, a fresh database), timed by the
 * clock: deals per second, verdicts alone and full analyses.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dealNumberLetters } from '../src/codes/dealCode.js';
import { threadContext } from '../src/games/double/context.js';
import { openDouble } from '../src/games/double/index.js';
import { PHASES } from '../src/games/double/phases.js';
import type { Limits } from '../src/search/limits.js';
import { type Column, dealRanges, printSideBySide } from './ranges.js';
import { flagText, percentile } from './stats.js';

interface Run {
  rules: string;
  from: number;
  count: number;
  limits: Limits;
  optimize: boolean;
  verbose: boolean;
}

/** One rule set over `count` codes from `from`: its figures and its peak resident memory. */
function measure({ rules, from, count, limits, optimize, verbose }: Run): { column: Column; peak: number } {
  const decidedMs: number[] = [];
  const lineMoves: number[] = [];
  const lineTurns: number[] = [];
  const overBound: number[] = [];
  /** The undecided deals' most foundation cards reached (a lower bound on what a line can reach). */
  const unknownReach: number[] = [];
  /** Deals not won: the length of the line printed to their figure, and how many lack one. */
  const stuckMoves: number[] = [];
  let stuckMissing = 0;
  let winnable = 0;
  let unwinnable = 0;
  let unknown = 0;
  let minProved = 0;
  let nodes = 0;
  let ms = 0;
  let rulePeak = process.memoryUsage().rss;
  threadContext().phases.reset();
  for (let n = from; n < from + count; n++) {
    const deal = openDouble({ kind: 'code', code: `DS1-${rules}-${dealNumberLetters(n)}` }, {});
    const started = performance.now();
    const a = deal.analyse(limits, { optimize });
    const took = performance.now() - started;
    nodes += a.nodes;
    ms += took;
    if (a.verdict === 'winnable') winnable++;
    else if (a.verdict === 'unwinnable') unwinnable++;
    else {
      unknown++;
      if (a.maxFoundation !== null) unknownReach.push(a.maxFoundation);
    }
    if (a.verdict !== 'winnable') {
      if (a.stuckLine !== null) stuckMoves.push(a.stuckLine.length);
      else stuckMissing++;
    }
    if (a.minMovesProved === true) minProved++;
    if (a.verdict !== 'unknown') decidedMs.push(took);
    if (a.moves !== null) {
      lineMoves.push(a.moves);
      if (a.turnOvers !== null) lineTurns.push(a.turnOvers);
      if (a.movesLowerBound !== null) overBound.push(a.moves / a.movesLowerBound);
    }
    const rss = process.memoryUsage().rss;
    if (rss > rulePeak) rulePeak = rss;
    if (verbose) {
      console.log(
        `  ${deal.code}  ${a.verdict.padEnd(10)} ${String(a.moves ?? '').padStart(4)} moves (bound ${a.movesLowerBound})  max ${a.maxFoundation}  ${a.nodes} nodes  ${took.toFixed(0)} ms`,
      );
    }
  }
  decidedMs.sort((x, y) => x - y);
  lineMoves.sort((x, y) => x - y);
  lineTurns.sort((x, y) => x - y);
  overBound.sort((x, y) => x - y);
  unknownReach.sort((x, y) => x - y);
  stuckMoves.sort((x, y) => x - y);
  const decided = decidedMs.length;
  const column: Column = [
    ['decided', `${decided}/${count} (${((100 * decided) / count).toFixed(1)}%)`],
    ['winnable / unwinnable / unknown', `${winnable} / ${unwinnable} / ${unknown}`],
    ['decided deals: median', `${percentile(decidedMs, 0.5).toFixed(1)} ms`],
    ['decided deals: p95', `${percentile(decidedMs, 0.95).toFixed(1)} ms`],
    ['decided deals: max', `${(decidedMs[decided - 1] ?? NaN).toFixed(1)} ms`],
    ['nodes/s', Math.round(nodes / Math.max(ms / 1000, 1e-9)).toLocaleString('en-US')],
    [
      'undecided: most foundation cards, median (min-max)',
      unknown > 0 ? `${percentile(unknownReach, 0.5)} (${unknownReach[0]}-${unknownReach[unknownReach.length - 1]})` : '-',
    ],
    [
      'not won: lines printed (median / max moves), none',
      winnable < count
        ? `${stuckMoves.length} (${percentile(stuckMoves, 0.5)} / ${stuckMoves[stuckMoves.length - 1] ?? NaN}), ${stuckMissing}`
        : '-',
    ],
    ...(optimize ? ([['--optimize: fewest moves proven', `${minProved}/${count}`]] as Column) : []),
    ['winning lines: median / max moves', `${percentile(lineMoves, 0.5)} / ${lineMoves[lineMoves.length - 1] ?? NaN}`],
    ['winning lines: median x the lower bound', percentile(overBound, 0.5).toFixed(2)],
    ['winning lines: turn-overs median / max', `${percentile(lineTurns, 0.5)} / ${lineTurns[lineTurns.length - 1] ?? NaN}`],
    ['peak memory', `${(rulePeak / 1024 ** 2).toFixed(0)} MB`],
    ...phaseRows(count, ms),
  ];
  return { column, peak: rulePeak };
}

/** Where the analyses' time went: per phase, ms a deal (mean) and share of the whole. */
function phaseRows(count: number, totalMs: number): Column {
  const times = threadContext().phases.times();
  return PHASES.map((p) => [
    `time by phase: ${p}`,
    `${(times[p] / count).toFixed(1)} ms/deal (${((100 * times[p]) / Math.max(totalMs, 1e-9)).toFixed(0)}%)`,
  ]);
}

/** The verdicts alone (`--winnability-only`) over `count` codes from `from`, in this one process. */
function measureVerdicts(rules: string, from: number, count: number, limits: Limits): Column {
  const took: number[] = [];
  const decidedMs: number[] = [];
  let unknown = 0;
  let nodes = 0;
  const started = performance.now();
  for (let n = from; n < from + count; n++) {
    const deal = openDouble({ kind: 'code', code: `DS1-${rules}-${dealNumberLetters(n)}` }, {});
    const t = performance.now();
    const a = deal.analyse(limits, { winnabilityOnly: true });
    const ms = performance.now() - t;
    took.push(ms);
    nodes += a.nodes;
    if (a.verdict === 'unknown') unknown++;
    else decidedMs.push(ms);
  }
  const wall = performance.now() - started;
  decidedMs.sort((x, y) => x - y);
  const decided = decidedMs.length;
  return [
    ['decided', `${decided}/${count}, ${unknown} unknown`],
    ['decided deals: median', `${percentile(decidedMs, 0.5).toFixed(2)} ms`],
    ['decided deals: p95', `${percentile(decidedMs, 0.95).toFixed(1)} ms`],
    ['decided deals: max', `${(decidedMs[decided - 1] ?? NaN).toFixed(1)} ms`],
    ['deals/s, one thread', (count / (wall / 1000)).toFixed(0)],
    ['positions a deal, mean', (nodes / count).toFixed(0)],
  ];
}

/** `cardsolve batch` over `count` D1N codes from `from`, 2 workers, a fresh database: deals per second by the clock. */
function batchRate(from: number, count: number, winnabilityOnly: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-bench-double-'));
  const cli = fileURLToPath(new URL('../../bin/cardsolve.js', import.meta.url));
  const args = [cli, 'batch', `DS1-D1N-${dealNumberLetters(from)}`, '--count', String(count), '--workers', '2'];
  args.push('--db', join(dir, 'deals.sqlite'), '--no-progress', ...(winnabilityOnly ? ['--winnability-only'] : []));
  try {
    const started = performance.now();
    execFileSync(process.execPath, args, { stdio: 'ignore' });
    const s = (performance.now() - started) / 1000;
    return `${(count / s).toFixed(1)} deals/s (${count} deals in ${s.toFixed(1)} s)`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runDoubleBench(args: string[], seed: number): Promise<void> {
  const count = Number(flagText(args, '--count') ?? 200);
  const from = Number(flagText(args, '--from') ?? 0);
  const timeMs = Number(flagText(args, '--time-limit') ?? 10) * 1000;
  const ruleSets = (flagText(args, '--rules') ?? 'D1N,D3N,D1V,D3V').split(',').map((r) => r.trim().toUpperCase());
  const limits = { timeMs, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
  const optimize = args.includes('--optimize');
  const verbose = args.includes('--verbose');
  const ranges = dealRanges(seed, count, from);
  let peakRss = process.memoryUsage().rss;
  const batch = Number(flagText(args, '--batch') ?? 2000);
  console.log(`Double Solitaire: ${count} deals per rule set and range, ${timeMs / 1000} s per deal, one core`);
  for (const rules of ruleSets) {
    const verdicts = ranges.map((r) => measureVerdicts(rules, r.from, count, limits));
    printSideBySide(`${rules}, --winnability-only:`, ranges, verdicts);
  }
  for (const rules of ruleSets) {
    const columns = ranges.map((r) => {
      const { column, peak } = measure({ rules, from: r.from, count, limits, optimize, verbose });
      if (peak > peakRss) peakRss = peak;
      return column;
    });
    printSideBySide(`${rules}:`, ranges, columns);
  }
  console.log(`peak memory over the run: ${(peakRss / 1024 ** 2).toFixed(0)} MB`);
  if (batch > 0) {
    const full = Math.max(20, Math.round(batch / 10));
    const rows: Column[] = ranges.map((r) => [
      ['--winnability-only', batchRate(r.from, batch, true)],
      ['full analysis', batchRate(r.from, full, false)],
    ]);
    printSideBySide('D1N, cardsolve batch, 2 workers, by the clock:', ranges, rows);
  }
}
