/**
 * The results table of `cardsolve serve` over a synthetic database of a million Pyramide rows:
 * how long the server takes to load it, and a matrix of filters, sorts and pages timed one
 * request at a time from a single client on 127.0.0.1.
 *
 * The database is built with the project's own store (created and migrated as any new file),
 * then cached in the OS temp folder under the schema version, so a rerun reuses it.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dealNumberLetters } from '../src/codes/dealCode.js';
import { openDatabase } from '../src/store/database.js';
import { SCHEMA_VERSION } from '../src/store/schema.js';
import { benchRandom } from './random.js';
import { type Answer, get, health, mb, startServer } from './serveServer.js';
import { formatMs, percentile } from './stats.js';

/** Bump when the rows generated change: the cached file's name carries it. */
const GENERATOR = 2;
/** Rows per transaction while building. */
const CHUNK = 50_000;
/** Deal numbers step by this, so the codes spread over the numbering (and stay distinct and in order). */
const CODE_STEP = 997;

export function cachedTablePath(rows: number): string {
  return join(tmpdir(), `cardsolve-bench-serve-schema${SCHEMA_VERSION}-g${GENERATOR}-${rows}.sqlite`);
}

/** Builds the synthetic database at `path` (through a temporary name: a build cut short is never reused). */
function buildTable(path: string, rows: number): void {
  const building = `${path}.building-${process.pid}`;
  const db = openDatabase(building, { createdBy: 'cardsolve bench serve (synthetic rows)' });
  try {
    // A throwaway file: no fsync; a large page cache for the four indexes.
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    const insert = db.prepare(
      `INSERT INTO results (game, deal_key, code, fingerprint, rules, mode, solver_version, verdict, winnable, min_moves,
         min_moves_proved, moves, stuck, stuck_figure, stuck_exact, solution, nodes, ms, limit_hit, notes, analysed_at, limits, extra)
       VALUES ('pyramide', ?, ?, ?, 'app', 'full', '3', ?, ?, ?, 1, ?, ?, 'maxRemoved', 1, NULL, ?, ?, NULL, '[]', ?, ?, ?)`,
    );
    const limits = JSON.stringify({ timeMs: 10000, nodes: null, memoryBytes: 2147483648 });
    const random = benchRandom(0x5e12e);
    const base = Date.parse('2025-01-01T00:00:00Z');
    const chunk = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const n = i * CODE_STEP;
        const code = `PY1-N-${dealNumberLetters(n)}`;
        const fingerprint = (Math.imul(n, 0x9e3779b1) >>> 0).toString(16).padStart(8, '0') + (i >>> 0).toString(16).padStart(8, '0');
        const winnable = random() < 0.66;
        // Two uniforms summed: figures bunch in the middle of their span, as real ones do.
        const middle = (random() + random()) / 2;
        const minMoves = winnable ? 30 + Math.round(middle * 80) : null;
        const stuck = winnable ? 28 : Math.round(middle * 27);
        // Scores skewed low with a long tail, cut at 30; one in 20 winnable deals has none.
        const score = winnable && random() >= 0.05 ? Math.round(Math.min(30, -Math.log(1 - random()) * 7.4) * 100) / 100 : null;
        const extra = JSON.stringify({
          deadEndReachable: random() < 0.5,
          forgiveness: winnable ? Math.round(random() * 100) / 100 : null,
          randomWinRate: winnable ? Math.round(random() * 1e4) / 1e6 : 0,
          randomExact: true,
          difficulty: score,
        });
        insert.run(
          code,
          code,
          fingerprint,
          winnable ? 'winnable' : 'unwinnable',
          winnable ? 1 : 0,
          minMoves,
          minMoves,
          stuck,
          Math.floor(1000 + random() * 5e6),
          Math.round((0.5 + random() * random() * 500) * 100) / 100,
          new Date(base + i * 1000).toISOString(),
          limits,
          extra,
        );
      }
    });
    for (let from = 0; from < rows; from += CHUNK) chunk(from, Math.min(rows, from + CHUNK));
    db.pragma('wal_checkpoint(TRUNCATE)');
    // One self-contained file for the cache.
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    db.close();
    // A build cut short is not left behind.
    for (const p of [building, `${building}-wal`, `${building}-shm`]) rmSync(p, { force: true });
    throw error;
  }
  db.close();
  renameSync(building, path);
}

interface TableRequest {
  query: string;
  page: number;
}

const VERDICTS = [undefined, 'winnable', 'unwinnable'] as const;
const TIERS = [undefined, 'easy', 'expert', 'unknown'] as const;
const MIN_MOVES = [undefined, '40..80'] as const;
const STUCK = [undefined, '20..28'] as const;
const SORTS = ['code', 'minMoves', 'stuck', 'difficulty'] as const;
const ORDERS = ['asc', 'desc'] as const;

/** Every mix of the filters, sorts, orders and pages. */
function matrix(deepPage: number): TableRequest[] {
  const out: TableRequest[] = [];
  for (const verdict of VERDICTS)
    for (const tier of TIERS)
      for (const minMoves of MIN_MOVES)
        for (const stuck of STUCK)
          for (const sort of SORTS)
            for (const order of ORDERS)
              for (const page of [1, deepPage]) {
                const q = new URLSearchParams();
                if (verdict) q.set('verdict', verdict);
                if (tier) q.set('tier', tier);
                if (minMoves) q.set('minMoves', minMoves);
                if (stuck) q.set('stuck', stuck);
                q.set('sort', sort);
                q.set('order', order);
                q.set('page', String(page));
                out.push({ query: q.toString(), page });
              }
  return out;
}

export interface TableArgs {
  rows: number;
  deepPage: number;
}

export interface TableFigures {
  lines: Array<[string, string]>;
  maxMs: number;
}

export async function runTable(a: TableArgs): Promise<TableFigures> {
  const lines: Array<[string, string]> = [];
  const path = cachedTablePath(a.rows);
  const name = path.slice(tmpdir().length + 1);
  if (existsSync(path)) lines.push(['synthetic database', `${name} in the OS temp folder, reused (built by an earlier run)`]);
  else {
    const t = performance.now();
    buildTable(path, a.rows);
    lines.push([
      'synthetic database',
      `${name} in the OS temp folder, built in ${((performance.now() - t) / 1000).toFixed(1)} s (kept for reruns)`,
    ]);
  }
  const server = await startServer(path);
  try {
    const { base } = server;
    const t0 = performance.now();
    const first = await get(`${base}/api/v1/results?pageSize=1`);
    const loadMs = performance.now() - t0;
    if (first.status !== 200) throw new Error(`first /api/v1/results: ${first.status} ${first.body.slice(0, 300)}`);
    const { total } = JSON.parse(first.body) as { total: number };
    const loaded = await health(base);
    const requests = matrix(a.deepPage);
    const timed: Array<{ r: TableRequest; answer: Answer; total: number; rows: number }> = [];
    for (const r of requests) {
      const answer = await get(`${base}/api/v1/results?${r.query}`);
      if (answer.status !== 200) throw new Error(`/api/v1/results?${r.query}: ${answer.status} ${answer.body.slice(0, 300)}`);
      const page = JSON.parse(answer.body) as { total: number; rows: unknown[] };
      timed.push({ r, answer, total: page.total, rows: page.rows.length });
    }
    const after = await health(base);
    const stats = (list: typeof timed): string => {
      const ms = list.map((t) => t.answer.ms).sort((x, y) => x - y);
      return `median ${formatMs(percentile(ms, 0.5))}, p95 ${formatMs(percentile(ms, 0.95))}, max ${formatMs(ms[ms.length - 1] ?? NaN)}`;
    };
    const maxMs = Math.max(...timed.map((t) => t.answer.ms));
    lines.push(
      ['rows in the table', total.toLocaleString('en-US')],
      ['server start (spawn to listening)', `${(server.startMs / 1000).toFixed(2)} s`],
      ['table loaded (first /results answer after listening)', `${(loadMs / 1000).toFixed(2)} s`],
      ['server RSS with the table loaded / after the matrix', `${mb(loaded.memory.rssBytes)} / ${mb(after.memory.rssBytes)} MB`],
      [
        'requests timed (one at a time)',
        `${timed.length}: verdict ${VERDICTS.length} x tier ${TIERS.length} x minMoves ${MIN_MOVES.length} x stuck ${STUCK.length} x sort ${SORTS.length} x order 2 x page (1, ${a.deepPage}), 50 rows a page`,
      ],
      ['all', stats(timed)],
      [`page 1`, stats(timed.filter((t) => t.r.page === 1))],
      [`page ${a.deepPage}`, stats(timed.filter((t) => t.r.page !== 1))],
    );
    for (const sort of SORTS) lines.push([`sort ${sort}`, stats(timed.filter((t) => t.r.query.includes(`sort=${sort}&`)))]);
    const slowest = [...timed].sort((x, y) => y.answer.ms - x.answer.ms).slice(0, 3);
    for (const [i, s] of slowest.entries())
      lines.push([
        `slowest ${i + 1}`,
        `${formatMs(s.answer.ms)}: ${decodeURIComponent(s.r.query)} (${s.total} rows match, ${s.rows} on the page)`,
      ]);
    return { lines, maxMs };
  } finally {
    await server.stop();
  }
}
