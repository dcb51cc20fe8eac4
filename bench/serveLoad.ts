/**
 * Hint load on `cardsolve serve`: concurrent clients (autocannon) asking for hints on Pyramide
 * positions (app rules) along play, on a fresh server per range. The positions are worked out
 * first on a server of their own, so the measured server starts with an empty cache.
 */
import { createRequire } from 'node:module';
import { dealNumberLetters } from '../src/codes/dealCode.js';
import type { MoveJson, PlayResponse } from '../src/core.js';
import { benchRandom } from './random.js';
import type { Column, DealRange } from './ranges.js';
import { getJson, type Health, health, mb, startServer } from './serveServer.js';

// autocannon ships no types: the part of its API used here.
export interface CannonRequest {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: CannonRequest) => CannonRequest;
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  requests: CannonRequest[];
}
interface CannonHistogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}
interface CannonResult {
  latency: CannonHistogram & { totalCount: number };
  requests: CannonHistogram & { sent: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: CannonOptions) => PromiseLike<CannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadArgs {
  deals: number;
  durationS: number;
  connections: number;
  /** Ask every position once, one at a time, before the load (a warm cache). */
  warm: boolean;
}

interface AnalysisAnswer {
  verdict: string;
  solution: MoveJson[] | null;
  stuckLine?: MoveJson[] | null;
}

/** The query of a hint after `moves` (texts in the notation `moves=` reads). */
function hintPath(code: string, moves: readonly string[]): string {
  return moves.length === 0 ? `/api/v1/hint?deal=${code}` : `/api/v1/hint?deal=${code}&moves=${encodeURIComponent(moves.join('; '))}`;
}

interface DealPositions {
  paths: string[];
  onLine: number;
  offLine: number;
  winnable: boolean;
  /** The line's move was not among the legal moves `play` listed (should not happen). */
  lineBroken: boolean;
}

/**
 * A deal's positions: as dealt, after a quarter, half and three quarters of its line (the
 * solution, or for a lost deal the line to the most cards removed), and after a legal move
 * off that line at a quarter and at half way. Move texts come from `play`'s legal moves.
 */
async function dealPositions(base: string, code: string, random: () => number): Promise<DealPositions> {
  const a = await getJson<AnalysisAnswer>(`${base}/api/v1/analysis?deal=${code}`);
  const line = a.solution ?? a.stuckLine ?? [];
  const n = line.length;
  const stops = new Set([0, Math.floor(n / 4), Math.floor(n / 2), Math.floor((3 * n) / 4)]);
  const offAt = new Set(n >= 4 ? [Math.floor(n / 4), Math.floor(n / 2)] : [0]);
  const last = Math.max(...stops, ...offAt);
  const paths: string[] = [];
  const texts: string[] = [];
  let onLine = 0;
  let offLine = 0;
  let lineBroken = false;
  for (let k = 0; k <= last; k++) {
    if (stops.has(k)) {
      paths.push(hintPath(code, texts));
      onLine++;
    }
    const query = texts.length === 0 ? '' : `&moves=${encodeURIComponent(texts.join('; '))}`;
    const play = await getJson<PlayResponse>(`${base}/api/v1/play?deal=${code}${query}`);
    const next = k < n ? JSON.stringify(line[k]) : null;
    if (offAt.has(k)) {
      const others = play.legalMoves.filter((m) => JSON.stringify(m.move) !== next);
      const pick = others[Math.floor(random() * others.length)];
      if (pick !== undefined) {
        paths.push(hintPath(code, [...texts, pick.text]));
        offLine++;
      }
    }
    if (k === last || next === null) break;
    const on = play.legalMoves.find((m) => JSON.stringify(m.move) === next);
    if (on === undefined) {
      lineBroken = true;
      break;
    }
    texts.push(on.text);
  }
  return { paths, onLine, offLine, winnable: a.verdict === 'winnable', lineBroken };
}

export interface RangePositions {
  paths: string[];
  column: Column;
}

/** The positions of `count` deals from the range's start, 4 deals at a time. */
export async function rangePositions(base: string, range: DealRange, count: number, seed: number): Promise<RangePositions> {
  const results: DealPositions[] = new Array(count);
  let nextDeal = 0;
  const t0 = performance.now();
  const worker = async (): Promise<void> => {
    while (nextDeal < count) {
      const i = nextDeal++;
      // A generator per deal: the picks do not depend on which deal answered first.
      results[i] = await dealPositions(base, `PY1-N-${dealNumberLetters(range.from + i)}`, benchRandom(seed ^ (range.from + i)));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const paths = results.flatMap((r) => r.paths);
  const random = benchRandom(seed ^ range.from);
  // Shuffled: consecutive requests land on different deals, as players' would.
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  const sum = (f: (r: DealPositions) => number): number => results.reduce((s, r) => s + f(r), 0);
  const column: Column = [
    ['deals (winnable)', `${count} (${sum((r) => (r.winnable ? 1 : 0))})`],
    ['positions: on the line / off it', `${paths.length}: ${sum((r) => r.onLine)} / ${sum((r) => r.offLine)}`],
    ['lines not followed to the end (a move play did not list)', String(sum((r) => (r.lineBroken ? 1 : 0)))],
    ['time to work the positions out', `${((performance.now() - t0) / 1000).toFixed(1)} s`],
  ];
  return { paths, column };
}

export interface PhaseFigures {
  column: Column;
  errors: number;
  busy: number;
  p99: number;
  startRss: number;
  endRss: number;
}

export interface LoadFigures {
  /** The first `--duration` seconds of a fresh server, its cache empty. */
  cold: PhaseFigures;
  /** The same load again on that server once every position has been asked: its steady state. */
  steady: PhaseFigures;
}

/** One load of `--duration` seconds on a running server. */
export async function phase(
  server: { base: string; startMs: number },
  paths: readonly string[],
  a: LoadArgs,
  cache: string,
): Promise<PhaseFigures> {
  const { base } = server;
  const before = await health(base);
  let peakRss = before.memory.rssBytes;
  const sampler = setInterval(() => {
    health(base).then(
      (h) => {
        peakRss = Math.max(peakRss, h.memory.rssBytes);
      },
      () => {
        // A sample lost under load is only a sample.
      },
    );
  }, 2000);
  let next = 0;
  let result: CannonResult;
  try {
    result = await autocannon({
      url: base,
      connections: a.connections,
      duration: a.durationS,
      requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: paths[next++ % paths.length]! }) }],
    });
  } finally {
    clearInterval(sampler);
  }
  const after: Health = await health(base);
  peakRss = Math.max(peakRss, after.memory.rssBytes);
  const busy = result.statusCodeStats['503']?.count ?? 0;
  const otherNon2xx = result.non2xx - busy;
  const hits = after.cache.hits - before.cache.hits;
  const misses = after.cache.misses - before.cache.misses;
  const answered = result.latency.totalCount;
  const statuses = Object.entries(result.statusCodeStats)
    .map(([s, c]) => `${s} ${c.count}`)
    .join(', ');
  const column: Column = [
    ['cache before the load', `${cache}: ${before.cache.entries} entries`],
    ['requests answered', `${answered.toLocaleString('en-US')} in ${result.duration} s`],
    ['requests/s (mean of 1 s samples)', result.requests.average.toFixed(0)],
    ['latency p50', `${result.latency.p50} ms`],
    ['latency p99', `${result.latency.p99} ms`],
    ['latency max', `${result.latency.max} ms`],
    ['status codes', statuses],
    ['errors: non-2xx but 503 / socket errors (timeouts)', `${otherNon2xx} / ${result.errors} (${result.timeouts})`],
    ['503 busy', `${busy} (${((100 * busy) / Math.max(1, answered)).toFixed(1)}%)`],
    ['cache hits during the load', `${hits} of ${hits + misses} (${((100 * hits) / Math.max(1, hits + misses)).toFixed(1)}%)`],
    ['cache entries / prefetched at the end', `${after.cache.entries} / ${after.cache.prefetched}`],
    ['server RSS: start / end / highest seen', `${mb(before.memory.rssBytes)} / ${mb(after.memory.rssBytes)} / ${mb(peakRss)} MB`],
  ];
  return {
    column,
    errors: otherNon2xx + result.errors,
    busy,
    p99: result.latency.p99,
    startRss: before.memory.rssBytes,
    endRss: after.memory.rssBytes,
  };
}

/**
 * The load on a fresh server (its database a path with no file: hints only), cold; then every
 * position asked once, one at a time (what a server that has run a while has seen), and the
 * load again: the steady state the goals are about.
 */
export async function loadRange(db: string, positions: RangePositions, a: LoadArgs): Promise<LoadFigures> {
  const server = await startServer(db);
  try {
    const { paths } = positions;
    if (a.warm) for (const p of paths) await getJson<unknown>(server.base + p);
    const cold = await phase(server, paths, a, a.warm ? 'warm (each position asked once)' : 'empty (fresh server)');
    cold.column.unshift(...positions.column, ['server start (spawn to listening)', `${(server.startMs / 1000).toFixed(2)} s`]);
    const settle = performance.now();
    for (const p of paths) await getJson<unknown>(server.base + p);
    const steady = await phase(server, paths, a, 'after the cold load and each position asked once');
    steady.column.unshift(['time to ask each position once', `${((performance.now() - settle) / 1000).toFixed(1)} s`]);
    return { cold, steady };
  } finally {
    await server.stop();
  }
}

/** The memory goal: end RSS <= start x 1.25 + 50 MB (room for the cache and the threads' heaps). */
export function rssAllowed(startRss: number): number {
  return startRss * 1.25 + 50 * 1024 ** 2;
}
