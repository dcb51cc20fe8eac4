/**
 * `/metrics` in the Prometheus text format: requests by route and status, latency by route,
 * solves running and waiting, each solve's time on its thread (by game and kind) and its wait
 * for one, 503s, cache hits and misses, and the process's own figures. One
 * registry per server, so that servers in one process (the tests) do not mix their counts.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Solved } from '../contract/index.js';
import type { SolveTask } from './solveTask.js';

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface PoolLoad {
  readonly running: number;
  readonly waiting: number;
}

export class ServeMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly latency: Histogram<'route'>;
  readonly busy: Counter;
  readonly cache: Counter<'result'>;
  readonly solveTime: Histogram<'game' | 'kind'>;
  readonly solveWait: Histogram<'kind'>;

  constructor(pool: PoolLoad) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'cardsolve_http_requests_total',
      help: 'requests answered, by method, route and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'cardsolve_http_request_duration_seconds',
      help: 'time from the request to its answer, by route',
      labelNames: ['route'],
      buckets: SECONDS,
      registers,
    });
    this.solveTime = new Histogram({
      name: 'cardsolve_solve_duration_seconds',
      help: 'time a solve a request asked for took on its solver thread, by game and kind (analysis, hint, fair)',
      labelNames: ['game', 'kind'],
      buckets: SECONDS,
      registers,
    });
    this.solveWait = new Histogram({
      name: 'cardsolve_solve_wait_seconds',
      help: 'time a solve waited for a solver thread (and its hand-over), by kind',
      labelNames: ['kind'],
      buckets: SECONDS,
      registers,
    });
    this.busy = new Counter({ name: 'cardsolve_busy_total', help: 'requests answered 503: solver threads and queue full', registers });
    this.cache = new Counter({
      name: 'cardsolve_cache_lookups_total',
      help: 'answers looked up in the cache, by result (hit or miss)',
      labelNames: ['result'],
      registers,
    });
    new Gauge({
      name: 'cardsolve_solves_running',
      help: 'solves and reads on the solver threads now',
      registers,
      collect() {
        this.set(pool.running);
      },
    });
    new Gauge({
      name: 'cardsolve_solves_waiting',
      help: 'solves and reads waiting for a solver thread',
      registers,
      collect() {
        this.set(pool.waiting);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** A solve answered (`PoolOptions.observe`). The game is the answer's own: a label per game, never per deal. */
  solved(task: SolveTask, answer: Solved, waitMs: number): void {
    const game = answer.result.game;
    this.solveTime.observe({ game, kind: task.kind }, answer.ms / 1000);
    this.solveWait.observe({ kind: task.kind }, waitMs / 1000);
  }

  /** Counts and times every answer, and serves `/metrics`. */
  install(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the URL: a label per route, not per query.
      const route = request.routeOptions.url ?? 'none';
      this.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      this.latency.observe({ route }, reply.elapsedTime / 1000);
    });
    app.get('/metrics', async (_request, reply) => {
      const text = await this.registry.metrics();
      return reply.type(this.registry.contentType).send(text);
    });
  }
}
