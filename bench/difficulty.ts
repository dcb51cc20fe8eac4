/**
 * Difficulty benchmark, one thread, in process:
 *
 * - the difficulty figures (crossroads, forgiveness, 1,000 seeded random playouts) of the
 *   winnable deals among the first `--count` `PY1-N` codes (default 1000), app rules: deals/s,
 *   median, p95 and max ms (the winnability search before it is not counted);
 * - the scripted player (a King when one is free, else a random available pair, else a
 *   draw; see src/games/pyramide/scriptedPlayer.ts) on every deal of the shipped lists
 *   data/lists/pyramide-app-<tier>.csv, `--games` games each (default 100): its win rate per
 *   tier, which must fall strictly from easy to expert;
 * - the correlation of the score with minMoves and with the scripted player's win rate,
 *   over the same deals.
 *
 * - Double Solitaire D1N: the difficulty figures (every move off the line found judged,
 *   the random progress player's playouts) of the first `--double-count` codes (default 50),
 *   after the solver's line: deals/s, median, p95 and max ms; and the scripted Double player
 *   (src/games/double/progressPlayer.ts) on every deal of the shipped lists
 *   data/lists/double-D1N-<tier>.csv and double-D3N-<tier>.csv, `--double-games` games each (default 20).
 *
 * `--thresholds DB` instead prints the tier cuts (25th, 50th, 75th percentiles of the score
 * (Vegas rule sets: of the foundation cards the best line found reaches, every verdict)
 * of the winnable deals) of the rows stored in a database for `--game` (default pyramide)
 * and `--rules` (default app, or D1N), `--to CODE` the last code.
 *
 * The speed entries run on the first codes and on the seed's random range (ranges.ts), side
 * by side; the scripted players play the shipped lists, which are no range of codes.
 *
 * The shipped lists themselves are made by `cardsolve curate` (see the README).
 *
 *   npm run bench -- difficulty [--count N] [--games N] [--double-count N] [--double-games N] [--skip-speed] [--skip-player]
 *     [--skip-pyramide] [--skip-double] [--db DB]
 *     (--db: also the correlations over the full analyses stored in DB, which have minMoves)
 *   npm run bench -- difficulty --thresholds data/reference.sqlite [--game double --rules D1N] [--to CODE]
 */
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { parseDealCode } from '../src/codes/dealCode.js';
import { type ListEntry, parseList } from '../src/games/daily.js';
import { correlation, percentile as pct, TIERS, wilson95 } from '../src/games/difficulty.js';
import { dealFromNumber as doubleDealFromNumber } from '../src/games/double/deal.js';
import { doubleDifficulty } from '../src/games/double/difficulty.js';
import { DoubleState } from '../src/games/double/engine.js';
import { scriptedDoubleWins } from '../src/games/double/progressPlayer.js';
import { PLAIN_LINE, solve as solveDouble } from '../src/games/double/solver.js';
import { dealFromNumber } from '../src/games/pyramide/deal.js';
import { pyramideDifficulty } from '../src/games/pyramide/difficulty.js';
import { APP_RULES } from '../src/games/pyramide/rules.js';
import { scriptedWins } from '../src/games/pyramide/scriptedPlayer.js';
import { solvePyramide } from '../src/games/pyramide/solver/analyse.js';
import { poolPath } from '../src/lists/daily.js';
import { Budget } from '../src/search/limits.js';
import { type Column, dealRanges, printSideBySide } from './ranges.js';
import { flagNumber, formatMs, peakRssMb, percentile } from './stats.js';

const D1N = { draw: 1 as const, vegas: false };
const D3N = { draw: 3 as const, vegas: false };

function flag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function thresholds(path: string, game: string, rules: string, to: string | undefined): void {
  const db = new Database(path, { readonly: true });
  const last = to ?? (game === 'double' ? 'DS1-ZZZ-ZZZZZZZ' : 'PY1-N-ZZZZZZZ');
  if (game === 'double' && rules.endsWith('V')) {
    // Vegas: cuts on the cards the best line found reaches, every verdict (a win reaches all), more is easier.
    const reached = (
      db
        .prepare(
          `SELECT stuck AS s FROM results WHERE game = ? AND rules = ? AND mode = 'full' AND stuck IS NOT NULL AND code <= ? ORDER BY s`,
        )
        .all(game, rules, last) as Array<{ s: number }>
    ).map((r) => r.s);
    const span = db
      .prepare(
        `SELECT min(code) AS first, max(code) AS last, sum(verdict = 'winnable') AS w FROM results WHERE game = ? AND rules = ? AND mode = 'full' AND code <= ?`,
      )
      .get(game, rules, last) as { first: string; last: string; w: number };
    db.close();
    console.log(`reference sample: ${reached.length} codes, ${span.first} to ${span.last}, ${span.w} won`);
    console.log(
      `thresholds (foundation cards reached): easy >= ${pct(reached, 75)}, medium >= ${pct(reached, 50)}, hard >= ${pct(reached, 25)}, expert below`,
    );
    return;
  }
  const rows = db
    .prepare(
      `SELECT json_extract(extra, '$.difficulty') AS s FROM results WHERE game = ? AND rules = ? AND mode = 'full'
       AND verdict = 'winnable' AND json_extract(extra, '$.difficulty') IS NOT NULL AND code <= ? ORDER BY s`,
    )
    .all(game, rules, last) as Array<{ s: number }>;
  const all = db
    .prepare(
      `SELECT count(*) AS n, sum(verdict = 'winnable') AS w, min(code) AS first, max(code) AS last FROM results WHERE game = ? AND rules = ? AND mode = 'full' AND code <= ?`,
    )
    .get(game, rules, last) as { n: number; w: number; first: string; last: string };
  db.close();
  const scores = rows.map((r) => r.s);
  console.log(`reference sample: ${all.n} codes, ${all.first} to ${all.last}, ${all.w} winnable, ${scores.length} with a score`);
  console.log(`thresholds: easy < ${pct(scores, 25)}, medium < ${pct(scores, 50)}, hard < ${pct(scores, 75)}, expert from there`);
}

/** The rate, median, p95 and max of per-deal times (ms), and the peak memory so far. */
function timeColumn(times: readonly number[], unknown: number, rateDigits: number): Column {
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  return [
    ['winnable (timed)', String(times.length)],
    ['without figures', String(unknown)],
    ['deals/s', (times.length / (total / 1000)).toFixed(rateDigits)],
    ['median', formatMs(percentile(sorted, 0.5))],
    ['p95', formatMs(percentile(sorted, 0.95))],
    ['max', formatMs(sorted[sorted.length - 1] ?? 0)],
    ['peak RSS of the process so far', `${peakRssMb()} MB`],
  ];
}

/**
 * A scripted player on every deal of a game's shipped lists, `games` games each: its win
 * rate per tier, which must fall strictly from easy to expert. `winsOf` plays one deal's
 * games; `onDeal` sees each entry with its wins.
 */
function tierWinRates(
  game: string,
  rules: string,
  winsOf: (number: number) => number,
  games: number,
  onDeal: (entry: ListEntry, wins: number) => void = () => {},
): void {
  const rates: number[] = [];
  for (const tier of TIERS) {
    const path = poolPath(game, rules, tier);
    if (!existsSync(path)) {
      console.log(`  ${tier.padEnd(7)} no list at data/lists/${game}-${rules}-${tier}.csv`);
      continue;
    }
    const list = parseList(readFileSync(path, 'utf8'));
    let wins = 0;
    for (const e of list.entries) {
      const w = winsOf(parseDealCode(e.code).number);
      wins += w;
      onDeal(e, w);
    }
    const n = list.entries.length * games;
    const ci = wilson95(wins, n);
    rates.push(wins / n);
    console.log(
      `  ${tier.padEnd(7)} ${list.entries.length} deals: wins ${((100 * wins) / n).toFixed(1)}% (95% CI ${(100 * ci.low).toFixed(1)}-${(100 * ci.high).toFixed(1)}%)`,
    );
  }
  const falling = rates.length === TIERS.length && rates.every((r, i) => i === 0 || r < rates[i - 1]!);
  console.log(`  falls strictly from easy to expert: ${falling ? 'yes' : 'NO'}`);
}

/**
 * The difficulty figures of the winnable deals among codes from to from + count - 1, timed alone:
 * `figuresOf` solves deal n and returns the call that computes its figures (null when the
 * deal is not winnable), so that only that call is timed.
 */
function timeFigures(
  from: number,
  count: number,
  figuresOf: (n: number) => (() => { difficulty: number | null }) | null,
): { times: number[]; unknown: number } {
  const times: number[] = [];
  let unknown = 0;
  for (let n = from; n < from + count; n++) {
    const figures = figuresOf(n);
    if (figures === null) continue;
    const t = performance.now();
    const d = figures();
    times.push(performance.now() - t);
    if (d.difficulty === null) unknown++;
  }
  return { times, unknown };
}

function speed(count: number, from: number): Column {
  const limits = { timeMs: 60_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
  const { times, unknown } = timeFigures(from, count, (n) => {
    const deal = dealFromNumber(n);
    if (solvePyramide(deal, APP_RULES, limits, { winnabilityOnly: true }).verdict !== 'winnable') return null;
    return () => pyramideDifficulty(deal, APP_RULES);
  });
  return timeColumn(times, unknown, 1);
}

function player(games: number): void {
  const scores: number[] = [];
  const minMoves: number[] = [];
  const dealRates: number[] = [];
  console.log(`scripted player (King when free, else a random available pair, else a draw), ${games} games per deal, app rules:`);
  tierWinRates(
    'pyramide',
    'app',
    (number) => scriptedWins(dealFromNumber(number), APP_RULES, games, number),
    games,
    (e, w) => {
      if (typeof e.difficulty === 'number' && typeof e.minMoves === 'number') {
        scores.push(e.difficulty);
        minMoves.push(e.minMoves);
        dealRates.push(w / games);
      }
    },
  );
  if (scores.length > 1) {
    console.log(
      `correlation over these ${scores.length} deals: score with minMoves r = ${correlation(scores, minMoves).toFixed(3)}; score with the scripted win rate r = ${correlation(scores, dealRates).toFixed(3)}; minMoves with the scripted win rate r = ${correlation(minMoves, dealRates).toFixed(3)}`,
    );
  }
}

/** The score against minMoves (and the scripted player) over the full analyses stored in a database. */
function correlations(path: string, games: number): void {
  const db = new Database(path, { readonly: true });
  const rows = db
    .prepare(
      `SELECT code, min_moves AS m, json_extract(extra, '$.difficulty') AS s FROM results WHERE game = 'pyramide' AND rules = 'app' AND mode = 'full'
       AND verdict = 'winnable' AND min_moves_proved = 1 AND json_extract(extra, '$.difficulty') IS NOT NULL ORDER BY code`,
    )
    .all() as Array<{ code: string; m: number; s: number }>;
  db.close();
  const rates = rows.map((r) => {
    const n = parseDealCode(r.code).number;
    return scriptedWins(dealFromNumber(n), APP_RULES, games, n) / games;
  });
  const s = rows.map((r) => r.s);
  const m = rows.map((r) => r.m);
  console.log(
    `over ${rows.length} winnable deals with a proven minMoves in ${path}: score with minMoves r = ${correlation(s, m).toFixed(3)}; score with the scripted win rate r = ${correlation(s, rates).toFixed(3)}; minMoves with the scripted win rate r = ${correlation(m, rates).toFixed(3)}`,
  );
}

function doubleSpeed(count: number, from: number): Column {
  const limits = { timeMs: 10_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
  const { times, unknown } = timeFigures(from, count, (n) => {
    const deal = doubleDealFromNumber(n);
    const r = solveDouble(() => new DoubleState(deal, D1N), new Budget(limits), PLAIN_LINE);
    const line = r.verdict === 'winnable' ? r.line : null;
    return line === null ? null : () => doubleDifficulty(deal, D1N, line);
  });
  return timeColumn(times, unknown, 2);
}

function doublePlayer(games: number): void {
  for (const rules of [D1N, D3N]) {
    const name = rules.draw === 1 ? 'D1N' : 'D3N';
    console.log(
      `scripted Double player (foundations, else a card turned up, else a card freed for the foundations, else the waste to a column, else the talon), ${games} games per deal, ${name}:`,
    );
    tierWinRates('double', name, (number) => scriptedDoubleWins(doubleDealFromNumber(number), rules, games, number), games);
  }
}

export async function runDifficultyBench(args: string[], seed: number): Promise<void> {
  const db = flag(args, '--thresholds');
  if (db !== undefined) {
    const game = flag(args, '--game') ?? 'pyramide';
    thresholds(db, game, flag(args, '--rules') ?? (game === 'double' ? 'D1N' : 'app'), flag(args, '--to'));
    return;
  }
  if (!args.includes('--skip-pyramide')) {
    if (!args.includes('--skip-speed')) {
      const count = flagNumber(args, '--count', 1000);
      const ranges = dealRanges(seed, count);
      printSideBySide(
        `difficulty figures of the winnable deals among ${count} PY1-N codes, app rules:`,
        ranges,
        ranges.map((r) => speed(count, r.from)),
      );
    }
    if (!args.includes('--skip-player')) player(flagNumber(args, '--games', 100));
  }
  const db2 = flag(args, '--db');
  if (db2 !== undefined) correlations(db2, flagNumber(args, '--games', 100));
  if (!args.includes('--skip-double')) {
    if (!args.includes('--skip-speed')) {
      const count = flagNumber(args, '--double-count', 50);
      const ranges = dealRanges(seed, count);
      printSideBySide(
        `Double D1N difficulty figures of the winnable deals among ${count} codes:`,
        ranges,
        ranges.map((r) => doubleSpeed(count, r.from)),
      );
    }
    if (!args.includes('--skip-player')) doublePlayer(flagNumber(args, '--double-games', 20));
  }
}
