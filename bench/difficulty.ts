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
 * `--make-lists --codes N` instead analyses the first N `PY1-N` codes afresh (winnability,
 * then the difficulty figures of the winnable deals, the full analysis of the others for
 * their stuck figure), prints the percentiles of the score (the tier cuts to put in
 * src/games/difficulty.ts) and writes the shipped lists data/lists/pyramide-app-<tier>.csv
 * (the first `--per-tier` winnable deals of each tier, default 1000) and
 * data/lists/pyramide-app-stuck.csv (every unwinnable deal, by stuck figure, at most
 * `--stuck-count`, default 1000). `--cache FILE` keeps the figures (JSON lines) so that a
 * rerun after changing the cuts costs nothing.
 *
 * `--thresholds DB` instead prints the tier cuts (25th, 50th, 75th percentiles of the score
 * of the winnable deals) of the app-rule rows stored in a database, `--to CODE` the last code.
 *
 *   npm run bench -- difficulty [--count N] [--games N] [--skip-speed] [--skip-player] [--db DB]
 *     (--db: also the correlations over the full analyses stored in DB, which have minMoves)
 *   npm run bench -- difficulty --thresholds data/reference.sqlite [--to PY1-N-AAAAOUP]
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { dealNumberLetters, parseDealCode } from '../src/codes/dealCode.js';
import { correlation, percentile as pct, TIERS, thresholdsFor, tierOf, wilson95 } from '../src/games/difficulty.js';
import { dealFromNumber } from '../src/games/pyramide/deal.js';
import { pyramideDifficulty } from '../src/games/pyramide/difficulty.js';
import { pyramideGame } from '../src/games/pyramide/index.js';
import { APP_RULES } from '../src/games/pyramide/rules.js';
import { scriptedWins } from '../src/games/pyramide/scriptedPlayer.js';
import { solvePyramide } from '../src/games/pyramide/solver/analyse.js';
import { CSV_FIELDS } from '../src/lists/curate.js';
import { listsFolder, parseList, poolPath } from '../src/lists/daily.js';
import { CARDSOLVE_VERSION } from '../src/version.js';
import { flagNumber, formatMs, peakRssMb, percentile } from './stats.js';

function flag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function thresholds(path: string, to: string | undefined): void {
  const db = new Database(path, { readonly: true });
  const rows = db
    .prepare(
      `SELECT json_extract(extra, '$.difficulty') AS s FROM results WHERE game = 'pyramide' AND rules = 'app' AND mode = 'full'
       AND verdict = 'winnable' AND json_extract(extra, '$.difficulty') IS NOT NULL AND code <= ? ORDER BY s`,
    )
    .all(to ?? 'PY1-N-ZZZZZZZ') as Array<{ s: number }>;
  const all = db
    .prepare(
      `SELECT count(*) AS n, sum(verdict = 'winnable') AS w, max(code) AS last FROM results WHERE game = 'pyramide' AND rules = 'app' AND mode = 'full' AND code <= ?`,
    )
    .get(to ?? 'PY1-N-ZZZZZZZ') as { n: number; w: number; last: string };
  db.close();
  const scores = rows.map((r) => r.s);
  console.log(`reference sample: ${all.n} codes up to ${all.last}, ${all.w} winnable, ${scores.length} with a score`);
  console.log(`thresholds: easy < ${pct(scores, 25)}, medium < ${pct(scores, 50)}, hard < ${pct(scores, 75)}, expert from there`);
}

function speed(count: number): void {
  const limits = { timeMs: 60_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
  const times: number[] = [];
  let unknown = 0;
  for (let n = 0; n < count; n++) {
    const deal = dealFromNumber(n);
    if (solvePyramide(deal, APP_RULES, limits, { winnabilityOnly: true }).verdict !== 'winnable') continue;
    const t = performance.now();
    const d = pyramideDifficulty(deal, APP_RULES);
    times.push(performance.now() - t);
    if (d.difficulty === null) unknown++;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  console.log(`difficulty figures, first ${count} PY1-N codes, app rules: ${times.length} winnable, ${unknown} without figures`);
  console.log(
    `  ${(times.length / (total / 1000)).toFixed(1)} deals/s; median ${formatMs(percentile(sorted, 0.5))}, p95 ${formatMs(percentile(sorted, 0.95))}, max ${formatMs(sorted[sorted.length - 1] ?? 0)}; peak RSS ${peakRssMb()} MB`,
  );
}

function player(games: number): void {
  const rates: number[] = [];
  const scores: number[] = [];
  const minMoves: number[] = [];
  const dealRates: number[] = [];
  console.log(`scripted player (King when free, else a random available pair, else a draw), ${games} games per deal, app rules:`);
  for (const tier of TIERS) {
    const path = poolPath('pyramide', 'app', tier);
    if (!existsSync(path)) {
      console.log(`  ${tier.padEnd(7)} no list at data/lists/pyramide-app-${tier}.csv`);
      continue;
    }
    const list = parseList(readFileSync(path, 'utf8'));
    let wins = 0;
    for (const e of list.entries) {
      const number = parseDealCode(e.code).number;
      const w = scriptedWins(dealFromNumber(number), APP_RULES, games, number);
      wins += w;
      if (typeof e.difficulty === 'number' && typeof e.minMoves === 'number') {
        scores.push(e.difficulty);
        minMoves.push(e.minMoves);
        dealRates.push(w / games);
      }
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

interface Figures {
  code: string;
  verdict: string;
  maxRemoved: number | null;
  crossroads: number | null;
  forgiveness: number | null;
  randomWinRate: number | null;
  randomWinError: number | null;
  difficulty: number | null;
}

function makeLists(args: readonly string[]): void {
  const codes = flagNumber(args, '--codes', 8000);
  const perTier = flagNumber(args, '--per-tier', 1000);
  const stuckCount = flagNumber(args, '--stuck-count', 1000);
  const cache = flag(args, '--cache');
  const limits = { timeMs: 60_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
  const known = new Map<string, Figures>();
  if (cache && existsSync(cache)) {
    for (const line of readFileSync(cache, 'utf8').split('\n'))
      if (line) {
        const f = JSON.parse(line) as Figures;
        known.set(f.code, f);
      }
  }
  const figures: Figures[] = [];
  const started = performance.now();
  for (let n = 0; n < codes; n++) {
    const code = `PY1-N-${dealNumberLetters(n)}`;
    let f = known.get(code);
    if (!f) {
      const deal = dealFromNumber(n);
      const s = solvePyramide(deal, APP_RULES, limits, { winnabilityOnly: true });
      if (s.verdict === 'winnable') {
        const d = pyramideDifficulty(deal, APP_RULES);
        f = {
          code,
          verdict: s.verdict,
          maxRemoved: 28,
          crossroads: d.crossroads,
          forgiveness: d.forgiveness,
          randomWinRate: d.randomWinRate,
          randomWinError: d.randomWinError,
          difficulty: d.difficulty,
        };
      } else {
        const full = solvePyramide(deal, APP_RULES, limits);
        f = {
          code,
          verdict: full.verdict,
          maxRemoved: full.maxExact ? full.maxRemoved : null,
          crossroads: null,
          forgiveness: null,
          randomWinRate: null,
          randomWinError: null,
          difficulty: null,
        };
      }
      if (cache) appendFileSync(cache, JSON.stringify(f) + '\n');
      if ((n + 1) % 500 === 0)
        process.stderr.write(`make-lists: ${n + 1}/${codes} codes, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
    figures.push(f);
  }
  const scores = figures
    .filter((f) => f.verdict === 'winnable' && f.difficulty !== null)
    .map((f) => f.difficulty!)
    .sort((a, b) => a - b);
  console.log(
    `reference sample: the first ${codes} PY1-N codes, ${figures.filter((f) => f.verdict === 'winnable').length} winnable, ${scores.length} with a score`,
  );
  console.log(
    `score percentiles: 25th ${pct(scores, 25)}, 50th ${pct(scores, 50)}, 75th ${pct(scores, 75)} (the cuts in the code: ${JSON.stringify(thresholdsFor('pyramide', 'app'))})`,
  );
  const header = (what: string, n: number): string =>
    `# made by: npm run bench -- difficulty ${args.filter((a) => a !== '--cache' && a !== cache).join(' ')}\n# cardsolve ${CARDSOLVE_VERSION}, Pyramide rules app, solver ${pyramideGame.solverVersion}: ${what}, ${n} deals\n`;
  const cell = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  const columns = CSV_FIELDS;
  const row = (f: Figures): string => {
    const tier = f.verdict === 'winnable' ? tierOf('pyramide', 'app', f.difficulty) : '';
    const stuck = f.verdict === 'unwinnable' ? f.maxRemoved : null;
    return [f.code, f.verdict, tier, f.difficulty, null, stuck, f.crossroads, f.forgiveness, f.randomWinRate, f.randomWinError]
      .map(cell)
      .join(',');
  };
  mkdirSync(listsFolder(), { recursive: true });
  for (const tier of TIERS) {
    const chosen = figures.filter((f) => f.verdict === 'winnable' && tierOf('pyramide', 'app', f.difficulty) === tier).slice(0, perTier);
    writeFileSync(
      poolPath('pyramide', 'app', tier),
      header(`the first ${perTier} winnable deals of tier ${tier} among the first ${codes} codes, in code order`, chosen.length) +
        [columns.join(','), ...chosen.map(row)].join('\n') +
        '\n',
    );
    console.log(`  ${tier}: ${chosen.length} of ${perTier} written`);
  }
  const stuck = figures
    .filter((f) => f.verdict === 'unwinnable' && f.maxRemoved !== null)
    .sort((a, b) => a.maxRemoved! - b.maxRemoved! || (a.code < b.code ? -1 : 1))
    .slice(0, stuckCount);
  writeFileSync(
    join(listsFolder(), 'pyramide-app-stuck.csv'),
    header(
      `unwinnable deals among the first ${codes} codes by stuck figure (most pyramid cards any line removes), fewest first`,
      stuck.length,
    ) +
      [columns.join(','), ...stuck.map(row)].join('\n') +
      '\n',
  );
  console.log(`  stuck: ${stuck.length} written`);
}

export async function runDifficultyBench(args: string[]): Promise<void> {
  if (args.includes('--make-lists')) {
    makeLists(args);
    return;
  }
  const db = flag(args, '--thresholds');
  if (db !== undefined) {
    thresholds(db, flag(args, '--to'));
    return;
  }
  if (!args.includes('--skip-speed')) speed(flagNumber(args, '--count', 1000));
  if (!args.includes('--skip-player')) player(flagNumber(args, '--games', 100));
  const db2 = flag(args, '--db');
  if (db2 !== undefined) correlations(db2, flagNumber(args, '--games', 100));
}
