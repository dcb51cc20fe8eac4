/**
 * `cardsolve serve` run as a service, every server a child process on 127.0.0.1 (and a private
 * redis-server there for the replicas):
 *
 * - hot: `--hot-connections` clients (default 200) for `--duration` seconds asking for hints
 *   on Pyramide positions (app rules) a server has already answered once (a warm cache), each
 *   client asking again as soon as answered. Goals: no error (any non-2xx, 503 included,
 *   socket errors, timeouts), p99 <= 50 ms.
 * - replicas: two servers sharing a Redis cache (`--cache redis://...`); the positions are
 *   asked once on the first, then once on the second (the share it finds in Redis, by its
 *   X-Cache header), then the clients are split between them for `--duration` seconds: the
 *   second's share of hits is reported.
 * - soak: `--soak-connections` clients (default 8, under the cap: no 503 is possible) for
 *   `--soak-minutes` minutes (default 10) over a mix of every route (deal routes GET and POST,
 *   fair hints, lines, results, export, stats, curate, daily, games, health, metrics, the page),
 *   with a token. Goals: no error; the resident memory at the end within 10% of its value
 *   after the first minute.
 *
 * Positions come from the first `--deals` codes (default 100). Bounded in count and time:
 * every load has its duration, the servers are stopped at the end.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedis } from '../test/support/redis.js';
import type { Column, DealRange } from './ranges.js';
import { autocannon, type CannonRequest, type LoadArgs, phase, type RangePositions, rangePositions } from './serveLoad.js';
import { getJson, health, mb, startServer } from './serveServer.js';

const BIN = fileURLToPath(new URL('../../bin/cardsolve.js', import.meta.url));
const HOT_P99_GOAL_MS = 50;
const SOAK_DRIFT_GOAL = 0.1;
const TOKEN = 'bench-token-0123456789abcdef0123';
const AUTH = { authorization: `Bearer ${TOKEN}` };

export interface ServiceArgs {
  deals: number;
  durationS: number;
  hotConnections: number;
  soakConnections: number;
  soakMinutes: number;
}

function printColumns(title: string, heads: readonly string[], columns: readonly Column[]): void {
  const labels: string[] = [];
  for (const c of columns) for (const [l] of c) if (!labels.includes(l)) labels.push(l);
  const cell = (c: Column, l: string): string => c.find(([k]) => k === l)?.[1] ?? '';
  const lw = Math.max(...labels.map((l) => l.length));
  const widths = heads.map((h, i) => Math.max(h.length, ...labels.map((l) => cell(columns[i]!, l).length)));
  const row = (first: string, cells: string[]): string =>
    `  ${first.padEnd(lw)}  ${cells.map((c, i) => c.padStart(widths[i]!)).join('  ')}`.trimEnd();
  console.log(title);
  console.log(row('', [...heads]));
  for (const l of labels)
    console.log(
      row(
        l,
        columns.map((c) => cell(c, l)),
      ),
    );
}

const goal = (text: string, met: boolean, value: string): void => console.log(`  goal ${text}: ${met ? 'met' : 'NOT MET'} (${value})`);

/**
 * Each path asked once, one at a time: the positions' answers are kept. Then the positions
 * judged ahead along their lines are let finish (at most a minute), so that the load measures
 * the cache, not the solver threads still working beside it.
 */
async function warm(base: string, paths: readonly string[]): Promise<void> {
  for (const p of paths) await getJson<unknown>(base + p);
  let last = -1;
  for (let waited = 0; waited < 60_000; waited += 1000) {
    const done = (await health(base)).cache.prefetched;
    if (done === last) break;
    last = done;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function runHot(positions: RangePositions, db: string, a: ServiceArgs): Promise<void> {
  const server = await startServer(db);
  try {
    await warm(server.base, positions.paths);
    const load: LoadArgs = { deals: a.deals, durationS: a.durationS, connections: a.hotConnections, warm: true };
    const f = await phase(server, positions.paths, load, 'warm (each position asked once)');
    printColumns(
      `serve: hints with a warm cache, ${a.hotConnections} clients for ${a.durationS} s, each asking again as soon as answered, Pyramide app rules, the first ${a.deals} deals (${positions.paths.length} positions):`,
      ['one server'],
      [f.column],
    );
    goal('no error (any non-2xx, 503 included; socket errors, timeouts)', f.errors + f.busy === 0, `${f.errors + f.busy}`);
    goal(`p99 <= ${HOT_P99_GOAL_MS} ms`, f.p99 <= HOT_P99_GOAL_MS, `${f.p99} ms`);
  } finally {
    await server.stop();
  }
}

/** The value of an unlabelled-or-labelled metric line, 0 when absent. */
function metricValue(text: string, name: string, label: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(label));
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

async function cacheLookups(base: string): Promise<{ hits: number; misses: number }> {
  const text = await (await fetch(`${base}/metrics`, { headers: AUTH })).text();
  return {
    hits: metricValue(text, 'cardsolve_cache_lookups_total', 'result="hit"'),
    misses: metricValue(text, 'cardsolve_cache_lookups_total', 'result="miss"'),
  };
}

const share = (part: number, whole: number): string => `${part} of ${whole} (${((100 * part) / Math.max(1, whole)).toFixed(1)}%)`;

async function runReplicas(positions: RangePositions, db: string, a: ServiceArgs): Promise<void> {
  const redis = await startRedis();
  const extra = ['--cache', redis.url];
  const first = await startServer(db, extra);
  const second = await startServer(db, extra);
  try {
    await warm(
      first.base,
      positions.paths.map((p) => p),
    );
    // Wait for the first's writes: each position once more on it is answered from its memory, after its Redis write.
    await new Promise((resolve) => setTimeout(resolve, 500));
    let foundInRedis = 0;
    for (const p of positions.paths) {
      const r = await fetch(second.base + p, { headers: AUTH });
      await r.arrayBuffer();
      if (r.headers.get('x-cache') === 'hit') foundInRedis++;
    }
    const half = Math.ceil(a.hotConnections / 2);
    const load: LoadArgs = { deals: a.deals, durationS: a.durationS, connections: half, warm: true };
    const before = await cacheLookups(second.base);
    const [fa, fb] = await Promise.all([
      phase(first, positions.paths, load, 'warm (asked once on the first replica)'),
      phase(second, positions.paths, load, 'what Redis held from the first'),
    ]);
    const after = await cacheLookups(second.base);
    const hits = after.hits - before.hits;
    const misses = after.misses - before.misses;
    fb.column.unshift(['positions it had never seen, found in Redis', share(foundInRedis, positions.paths.length)]);
    fb.column.push(['its hits during the load (metrics)', share(hits, hits + misses)]);
    printColumns(
      `serve: two replicas sharing a Redis cache, ${half} clients on each for ${a.durationS} s, the positions asked once on the first only:`,
      ['first replica', 'second replica'],
      [fa.column, fb.column],
    );
    console.log(
      `  second replica: share of hits ${((100 * (hits + foundInRedis)) / Math.max(1, hits + misses + positions.paths.length)).toFixed(1)}% (its first look at each position and the load)`,
    );
    goal(
      'no error on either (any non-2xx, 503 included)',
      fa.errors + fa.busy + fb.errors + fb.busy === 0,
      `${fa.errors + fa.busy} / ${fb.errors + fb.busy}`,
    );
  } finally {
    await first.stop();
    await second.stop();
    await redis.stop();
  }
}

/** A deal's solution as the line route takes it, from an analysis. */
async function solutionOf(base: string, code: string): Promise<unknown[]> {
  const r = await fetch(`${base}/api/v1/analysis?deal=${code}`, { headers: AUTH });
  const body = (await r.json()) as { solution: unknown[] | null };
  return (body.solution ?? []).slice(0, 20);
}

async function runSoak(positions: RangePositions, dir: string, a: ServiceArgs): Promise<void> {
  const db = join(dir, 'soak.sqlite');
  const batch = spawnSync(process.execPath, [BIN, 'batch', 'PY1-N-AAAAAAA..PY1-N-AAAAABE', '--db', db, '--no-progress'], {
    encoding: 'utf8',
  });
  if (batch.status !== 0) throw new Error(`the soak's database: ${batch.stderr}`);
  const server = await startServer(db, ['--token', TOKEN]);
  try {
    const line = await solutionOf(server.base, 'PY1-N-AAAAAAB');
    const json = { ...AUTH, 'content-type': 'application/json' };
    const get = (path: string): CannonRequest => ({ method: 'GET', path, headers: AUTH });
    const post = (path: string, body: unknown): CannonRequest => ({ method: 'POST', path, headers: json, body: JSON.stringify(body) });
    const mix: CannonRequest[] = [];
    for (let i = 0; i < 8; i++) mix.push(get(positions.paths[i % positions.paths.length]!));
    mix.push(
      get('/api/v1/analysis?deal=PY1-N-AAAAAAC'),
      post('/api/v1/analysis', { deal: 'PY1-N-AAAAAAD' }),
      post('/api/v1/hint', { deal: 'PY1-N-AAAAAAE', moves: '' }),
      get('/api/v1/hint?deal=PY1-N-AAAAAAA&moves=J%E2%99%A6%20%2B%202%E2%99%A6&fair=true&samples=10'),
      get('/api/v1/play?deal=PY1-N-AAAAAAA&moves=J%E2%99%A6%20%2B%202%E2%99%A6'),
      post('/api/v1/play', { deal: 'DS1-D1N-AAAAAAB' }),
      post('/api/v1/line', { deal: 'PY1-N-AAAAAAB', line }),
      get('/api/v1/results?verdict=winnable&sort=minMoves&pageSize=10'),
      get('/api/v1/results?tier=hard&order=desc&page=2&pageSize=5'),
      get('/api/v1/export?format=csv'),
      get('/api/v1/export?format=jsonl&verdict=unwinnable'),
      get('/api/v1/stats'),
      get('/api/v1/curate?count=5&order=difficulty'),
      get('/api/v1/daily?tier=hard&date=2026-12-05'),
      get('/api/v1/daily/month?month=2026-12'),
      get('/api/v1/games'),
      get('/api/v1/rule-sets'),
      get('/api/v1/openapi.json'),
      get('/api/v1/health'),
      get('/metrics'),
      get('/'),
    );
    const durationS = Math.round(a.soakMinutes * 60);
    const start = await health(server.base);
    // Memory every 15 s, so that a drift is seen as a curve, not as two points.
    const samples: { s: number; rss: number; heap: number }[] = [{ s: 0, rss: start.memory.rssBytes, heap: start.memory.heapUsedBytes }];
    const began = Date.now();
    const sampler = setInterval(() => {
      health(server.base).then(
        (h) => samples.push({ s: (Date.now() - began) / 1000, rss: h.memory.rssBytes, heap: h.memory.heapUsedBytes }),
        () => {},
      );
    }, 15_000);
    let next = 0;
    const result = await autocannon({
      url: server.base,
      connections: a.soakConnections,
      duration: durationS,
      requests: [{ setupRequest: (r) => ({ ...r, ...mix[next++ % mix.length]! }) }],
    });
    clearInterval(sampler);
    const end = await health(server.base);
    samples.push({ s: durationS, rss: end.memory.rssBytes, heap: end.memory.heapUsedBytes });
    // The sample nearest the end of the first minute (or of the first half of a shorter soak).
    const mark = Math.min(60, durationS / 2);
    const first = samples.reduce((best, x) => (Math.abs(x.s - mark) < Math.abs(best.s - mark) ? x : best)).rss;
    const drift = (end.memory.rssBytes - first) / first;
    const byMinute = (pick: (x: { rss: number; heap: number }) => number): string => {
      const points: string[] = [];
      for (let m = 0; m <= Math.ceil(durationS / 60); m++) {
        const near = samples.reduce((best, x) => (Math.abs(x.s - m * 60) < Math.abs(best.s - m * 60) ? x : best));
        if (Math.abs(near.s - m * 60) <= 15) points.push(String(mb(pick(near))));
      }
      return points.join(' ');
    };
    const statuses = Object.entries(result.statusCodeStats)
      .map(([s, c]) => `${s} ${c.count}`)
      .join(', ');
    const errors = result.non2xx + result.errors + result.timeouts;
    printColumns(
      `serve: soak, ${a.soakConnections} clients for ${a.soakMinutes} min over a mix of every route (${mix.length} requests in turn), with a token:`,
      ['one server'],
      [
        [
          ['requests answered', `${result.latency.totalCount.toLocaleString('en-US')} in ${result.duration} s`],
          ['requests/s', result.requests.average.toFixed(0)],
          ['latency p50 / p99 / max', `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max} ms`],
          ['status codes', statuses],
          ['errors: non-2xx / socket errors / timeouts', `${result.non2xx} / ${result.errors} / ${result.timeouts}`],
          ['RSS: start / after the first minute / end', `${mb(start.memory.rssBytes)} / ${mb(first)} / ${mb(end.memory.rssBytes)} MB`],
          ['RSS at each minute', `${byMinute((x) => x.rss)} MB`],
          ['JS heap used at each minute', `${byMinute((x) => x.heap)} MB`],
        ],
      ],
    );
    goal('no error', errors === 0, String(errors));
    goal(
      `end RSS within ${SOAK_DRIFT_GOAL * 100}% of its value after the first minute`,
      Math.abs(drift) <= SOAK_DRIFT_GOAL,
      `${(drift * 100).toFixed(1)}%`,
    );
  } finally {
    await server.stop();
  }
}

export async function runServiceBench(a: ServiceArgs, only: Set<string>, seed: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-bench-service-'));
  try {
    const db = join(dir, 'none.sqlite');
    const prep = await startServer(db);
    let positions: RangePositions;
    const range: DealRange = { name: 'first codes', from: 0 };
    try {
      positions = await rangePositions(prep.base, range, a.deals, seed);
    } finally {
      await prep.stop();
    }
    if (only.has('hot')) await runHot(positions, db, a);
    if (only.has('replicas')) {
      console.log('');
      await runReplicas(positions, db, a);
    }
    if (only.has('soak')) {
      console.log('');
      await runSoak(positions, dir, a);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
