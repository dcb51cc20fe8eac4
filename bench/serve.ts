/**
 * `cardsolve serve` under load, the real server as a child process on 127.0.0.1:
 *
 * - hint load: `--connections` clients (default 50, autocannon) ask for hints for `--duration`
 *   seconds (default 30) on Pyramide positions (app rules) of `--deals` deals per range
 *   (default 100): as dealt, along each deal's line and just off it. Per range a fresh server
 *   with an empty cache (`--warm`: each position asked once first): the cold load, reported;
 *   then each position asked once and the same load again, the steady state. Goals: no error
 *   (503s counted apart) in both; in the steady state no 503, p99 <= 100 ms, memory flat (end
 *   RSS <= start x 1.25 + 50 MB).
 * - results table: a synthetic database of `--rows` rows (default 1,000,000, cached in the OS
 *   temp folder), the time the server takes to load it, and a matrix of filters, sorts and
 *   pages (`--deep-page`, default 2000). Goal: every request under 100 ms.
 *
 * - service (serveService.ts): 200 clients on a warm cache (`hot`), two replicas sharing a
 *   Redis cache (`replicas`), a soak over every route (`soak`, `--soak-minutes`, default 10).
 *
 *   npm run bench -- serve [--only load,table,hot,replicas,soak] [--duration S] [--connections N]
 *                          [--deals N] [--warm] [--rows N] [--deep-page N] [--hot-connections N]
 *                          [--soak-minutes M] [--soak-connections N]
 *
 * The load runs on the first codes and on the seed's random range (ranges.ts), side by side;
 * the table is one synthetic set of rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dealRanges, printGoal, printSideBySide } from './ranges.js';
import { type LoadArgs, type LoadFigures, loadRange, type RangePositions, rangePositions, rssAllowed } from './serveLoad.js';
import { closeClient, mb, startServer } from './serveServer.js';
import { runServiceBench } from './serveService.js';
import { runTable } from './serveTable.js';

const TABLE_GOAL_MS = 100;
const P99_GOAL_MS = 100;

interface ServeArgs extends LoadArgs {
  only: Set<string>;
  rows: number;
  deepPage: number;
  hotConnections: number;
  soakMinutes: number;
  soakConnections: number;
}

const SUITES = ['load', 'table', 'hot', 'replicas', 'soak'];
const SERVICE = ['hot', 'replicas', 'soak'];

function parseArgs(args: readonly string[]): ServeArgs {
  const out: ServeArgs = {
    only: new Set(SUITES),
    deals: 100,
    durationS: 30,
    connections: 50,
    warm: false,
    rows: 1_000_000,
    deepPage: 2000,
    hotConnections: 200,
    soakMinutes: 10,
    soakConnections: 8,
  };
  const whole = (a: string, v: string | undefined, min: number): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`${a} needs a whole number from ${min}`);
    return n;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--warm') out.warm = true;
    else if (a === '--only') out.only = new Set((args[++i] ?? '').split(','));
    else if (a === '--duration') out.durationS = whole(a, args[++i], 1);
    else if (a === '--connections') out.connections = whole(a, args[++i], 1);
    else if (a === '--deals') out.deals = whole(a, args[++i], 1);
    else if (a === '--rows') out.rows = whole(a, args[++i], 1);
    else if (a === '--deep-page') out.deepPage = whole(a, args[++i], 2);
    else if (a === '--hot-connections') out.hotConnections = whole(a, args[++i], 2);
    else if (a === '--soak-connections') out.soakConnections = whole(a, args[++i], 1);
    else if (a === '--soak-minutes') {
      const m = Number(args[++i]);
      if (!(m > 0 && m <= 120)) throw new Error('--soak-minutes needs a number of minutes from 0.1 to 120');
      out.soakMinutes = m;
    } else throw new Error(`unknown bench option ${a}`);
  }
  for (const o of out.only) if (!SUITES.includes(o)) throw new Error(`--only ${o}: expected some of ${SUITES.join(', ')}`);
  return out;
}

async function runLoad(b: ServeArgs, seed: number, dir: string): Promise<void> {
  const ranges = dealRanges(seed, b.deals);
  // The positions are worked out on a server of their own: the measured ones start cold.
  const prep = await startServer(join(dir, 'none.sqlite'));
  const positions: RangePositions[] = [];
  try {
    for (const r of ranges) positions.push(await rangePositions(prep.base, r, b.deals, seed));
  } finally {
    await prep.stop();
  }
  const runs: LoadFigures[] = [];
  for (const p of positions) runs.push(await loadRange(join(dir, 'none.sqlite'), p, b));
  const head = `${b.connections} clients for ${b.durationS} s, Pyramide app rules, ${b.deals} deals per range, a fresh server per range (default threads and queue)`;
  printSideBySide(
    `serve: hints under load, cold (the first ${b.durationS} s of a fresh server), ${head}:`,
    ranges,
    runs.map((r) => r.cold.column),
  );
  printGoal(
    'cold: no error (non-2xx but 503, socket errors, timeouts)',
    ranges,
    runs.map((r) => r.cold.errors),
    (v) => v === 0,
    0,
  );
  console.log('');
  printSideBySide(
    `serve: hints under load, steady (the same load again, once every position has been asked), ${head}:`,
    ranges,
    runs.map((r) => r.steady.column),
  );
  const steady = runs.map((r) => r.steady);
  printGoal(
    'steady: no error (non-2xx but 503, socket errors, timeouts)',
    ranges,
    steady.map((r) => r.errors),
    (v) => v === 0,
    0,
  );
  printGoal(
    'steady: no 503 (busy)',
    ranges,
    steady.map((r) => r.busy),
    (v) => v === 0,
    0,
  );
  printGoal(
    `steady: p99 <= ${P99_GOAL_MS} ms`,
    ranges,
    steady.map((r) => r.p99),
    (v) => v <= P99_GOAL_MS,
    0,
    ' ms',
  );
  // Memory as the end's headroom under the allowance: met at >= 0.
  printGoal(
    'steady: memory flat, end RSS <= start RSS x 1.25 + 50 MB (MB to spare)',
    ranges,
    steady.map((r) => mb(rssAllowed(r.startRss) - r.endRss)),
    (v) => v >= 0,
    0,
    ' MB',
  );
}

async function runTableSuite(b: ServeArgs): Promise<void> {
  const { lines, maxMs } = await runTable({ rows: b.rows, deepPage: b.deepPage });
  console.log(`serve: the results table over ${b.rows.toLocaleString('en-US')} synthetic Pyramide rows (app), one request at a time:`);
  const width = Math.max(...lines.map(([l]) => l.length));
  for (const [l, v] of lines) console.log(`  ${l.padEnd(width)}  ${v}`);
  const met = maxMs < TABLE_GOAL_MS;
  console.log(`  goal every page and filter under ${TABLE_GOAL_MS} ms: ${met ? 'met' : 'NOT MET'} (max ${formatMax(maxMs)})`);
}

const formatMax = (ms: number): string => `${ms.toFixed(1)} ms`;

export async function runServeBench(args: string[], seed: number): Promise<void> {
  const b = parseArgs(args);
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-bench-serve-'));
  try {
    if (b.only.has('load')) await runLoad(b, seed, dir);
    if (b.only.has('load') && b.only.has('table')) console.log('');
    if (b.only.has('table')) await runTableSuite(b);
    if (SERVICE.some((s) => b.only.has(s))) {
      if (b.only.has('load') || b.only.has('table')) console.log('');
      await runServiceBench(b, b.only, seed);
    }
  } finally {
    closeClient();
    rmSync(dir, { recursive: true, force: true });
  }
}
