/**
 * `cardsolve serve`: the JSON API under /api/v1 and the page built on it, in one Fastify
 * server. Solving runs on the solver threads, never on the event loop; every request has a
 * time limit; past the cap of solves and waiting requests the answer is a quick 503.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { redisTarget } from '../batch/queue/connection.js';
import { isInputError } from '../errors/inputError.js';
import type { Limits } from '../search/limits.js';
import { CARDSOLVE_VERSION } from '../version.js';
import { AnswerCache } from './answerCache.js';
import { Assets, webFolder } from './assets.js';
import { requireToken } from './auth.js';
import { Connections } from './connections.js';
import type { LogLevel } from './logLevels.js';
import { ServeMetrics } from './metrics.js';
import { collectOpenApi, documented } from './openapi.js';
import { Prefetcher } from './prefetch.js';
import { ResultsSource } from './resultsSource.js';
import { dealRoutes, Refused } from './routes/deals.js';
import { gameRoutes } from './routes/games.js';
import { listRoutes } from './routes/lists.js';
import { NoDatabaseError, resultRoutes } from './routes/results.js';
import { type Notice, SharedCache } from './sharedCache.js';
import { BusyError, SolverPool } from './solverPool.js';
import { storeAnalysis } from './storeAnalysis.js';

export interface ServeOptions {
  /** The results database (opened read-only unless `store`). */
  db: string;
  /** Keep the analyses solved while serving in the database. */
  store: boolean;
  /** Each request's time limit. */
  maxTimeMs: number;
  /** Node and memory limits of each solve. */
  limits: Limits;
  /** Solves at once (one thread each) and requests that may wait for one. */
  threads: number;
  queue: number;
  /** Answers kept (hints and analyses), least recently used out first. */
  cacheEntries: number;
  /** Where errors the client does not see are written (the server's log), without `logLevel`. */
  log?: (line: string) => void;
  /** Every route under /api/ but the health route, and /metrics, need `Authorization: Bearer token`. */
  token?: string;
  /** The origins allowed to call the API from a browser (CORS); none when empty. */
  corsOrigins?: readonly string[];
  /** Requests a minute per client address; past it a 429 with Retry-After. Off when absent. */
  rateLimitPerMinute?: number;
  /** Fastify's logger (pino) at this level, as JSON lines: one per request. Quiet when absent. */
  logLevel?: LogLevel;
  /** Where the JSON lines go (default: standard error). */
  logStream?: NodeJS.WritableStream;
  /** A Redis URL (redis://HOST:PORT): the answer cache shared by replicas. */
  sharedCacheUrl?: string;
  /**
   * Once stopping, how long a connection may stay idle before it is closed (default 1 s): a
   * client that has just connected still gets an answer to the request it is sending.
   */
  stopGraceMs?: number;
}

/** The most a request body may hold, and the longest URL (its query) taken. */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_URL_CHARS = 24 * 1024;

/** The default of `stopGraceMs`. */
const STOP_GRACE_MS = 1000;

/**
 * No inline script (the page's script is a file of its own), no outside origin: the page
 * works offline, and injected markup cannot run.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export interface Server {
  app: FastifyInstance;
  /** The answer cache: memory, and Redis when shared. */
  cache: SharedCache;
  /**
   * Starts draining: the health route turns unready (503 with `ready=true`) so that a load
   * balancer stops sending requests, and every answer from now on carries `Connection: close`,
   * so that clients' kept-alive sockets close after their next answer. Requests are still
   * answered meanwhile; `close` ends it.
   */
  drain(): void;
  /**
   * Stops taking requests: stops listening, answers the requests in flight, refuses (503) those
   * still coming on open connections, each closing its connection; then the solver threads and
   * the database.
   */
  close(): Promise<void>;
}

export async function buildServer(options: ServeOptions): Promise<Server> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // With --store the file is made if need be, before it is opened for reading.
  let source: ResultsSource | null = null;
  const store = options.store ? storeAnalysis(options.db, () => source?.invalidate()) : null;
  source = ResultsSource.open(options.db);
  source?.warm();
  // The metrics are made below, with the pool's load; a solve is only answered once both exist.
  const pool = new SolverPool({ threads: options.threads, queue: options.queue, observe: (...solve) => metrics.solved(...solve) });
  const aliases = new AnswerCache<string>(options.cacheEntries);
  const assets = new Assets(webFolder());
  const metrics = new ServeMetrics(pool);

  const app = Fastify({
    // The request lines are this server's own (onResponse below): one line each, no headers.
    logger:
      options.logLevel === undefined
        ? false
        : { level: options.logLevel, stream: options.logStream ?? process.stderr, redact: ['req.headers.authorization'] },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { maxParamLength: 200 },
    // Query values are read as the schemas type them (page=2 is a number).
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false } },
  });
  const openapi = collectOpenApi(app);
  const connections = new Connections(app.server, options.stopGraceMs ?? STOP_GRACE_MS);
  let closing = false;
  // What the operator must hear: in the JSON log with --log, else a line on standard error.
  const notice: Notice = (level, message) => {
    if (options.logLevel !== undefined) app.log[level](message);
    else log(`cardsolve serve: ${message}`);
  };
  const cache = new SharedCache(
    new AnswerCache<string>(options.cacheEntries),
    options.sharedCacheUrl === undefined ? null : redisTarget(options.sharedCacheUrl, '--cache'),
    notice,
  );
  const prefetch = new Prefetcher(pool, cache, options.limits, 1000);

  if (options.logLevel !== undefined) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        {
          method: request.method,
          route: request.routeOptions.url ?? null,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    });
  }
  metrics.install(app);
  if (options.corsOrigins !== undefined && options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...options.corsOrigins],
      methods: ['GET', 'POST'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Retry-After', 'X-Cache'],
    });
  }
  if (options.rateLimitPerMinute !== undefined) {
    const max = options.rateLimitPerMinute;
    await app.register(rateLimit, {
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => request.ip,
      onExceeded: (request) => request.log.warn({ address: request.ip, route: request.routeOptions.url ?? null }, 'refused: rate limit'),
      // A load balancer's probe is never turned away.
      allowList: (request) => request.url.split('?')[0] === '/api/v1/health',
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`too many requests: at most ${max} a minute from one address; try again in ${Math.ceil(context.ttl / 1000)} s`),
          {
            statusCode: 429,
          },
        ),
    });
  }
  if (options.token !== undefined) requireToken(app, options.token);

  app.addHook('onRequest', async (request, reply) => {
    // Stopping: the listener is closed, and the connections still open are answered, not reset.
    if (connections.stopping) {
      return reply.code(503).header('Retry-After', '1').send({ statusCode: 503, error: 'the server is stopping: try again' });
    }
    if (request.url.length > MAX_URL_CHARS) {
      return reply.code(414).send({
        statusCode: 414,
        error: `the URL is ${request.url.length} characters long: at most ${MAX_URL_CHARS} are taken (send long move lists in a POST body)`,
      });
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    // Stopping: the connection closes after this answer, so a client's idle keep-alive socket does not hold the stop.
    if (closing) reply.header('Connection', 'close');
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    return payload;
  });
  app.addHook('onResponse', async () => {
    prefetch.wake();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refused) return reply.code(400).type('application/json; charset=utf-8').send(error.body());
    if (error instanceof NoDatabaseError) return reply.code(404).send({ statusCode: 404, error: error.message });
    if (isInputError(error)) return reply.code(400).send({ statusCode: 400, error: error.message });
    if (error instanceof BusyError) {
      metrics.busy.inc();
      return reply.code(503).header('Retry-After', String(error.retryAfterS)).send({ statusCode: 503, error: error.message });
    }
    if (error.validation) {
      const where = error.validationContext === 'body' ? 'the request body' : 'the query';
      const first = error.validation[0];
      const unknown =
        first?.keyword === 'additionalProperties' ? (first.params as { additionalProperty?: string }).additionalProperty : undefined;
      const what =
        unknown !== undefined
          ? `unknown parameter ${unknown} (the parameters of each route: /api/v1/openapi.json)`
          : error.message.replace(/^(querystring|body)\/?/, '');
      return reply.code(400).send({ statusCode: 400, error: `${where}: ${what}` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ statusCode: status, error: error.message });
    // A bug: the log has it, the client only hears that it happened.
    if (options.logLevel !== undefined) request.log.error({ err: error, route: request.routeOptions.url ?? null }, 'internal error');
    else log(`cardsolve serve: ${request.method} ${request.url.slice(0, 200)}: ${error.stack ?? error.message}`);
    return reply.code(500).send({ statusCode: 500, error: 'internal error (the server has logged it)' });
  });

  const notFound = (method: string, url: string) => ({
    statusCode: 404,
    error: `no such route: ${method} ${url.split('?')[0]!.slice(0, 200)} (the API is described at /api/v1/openapi.json)`,
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(notFound(request.method, request.url)));

  dealRoutes(app, {
    pool,
    cache,
    aliases,
    prefetch,
    counted: (hit) => metrics.cache.inc({ result: hit ? 'hit' : 'miss' }),
    limits: options.limits,
    maxTimeMs: options.maxTimeMs,
    store,
  });
  resultRoutes(app, source, options.db);
  listRoutes(app, { pool, source, dbPath: options.db, readTimeMs: Math.max(options.maxTimeMs, 30_000) });
  gameRoutes(app, source);
  app.get('/api/v1/openapi.json', { schema: documented({ summary: 'this document' }) }, async () => openapi());
  app.get(
    '/api/v1/health',
    {
      schema: documented({
        summary:
          "the server's version, database, results table, caches and memory; status degraded, with the reasons, while the shared cache is unreachable, draining once stopping; with ready=true, 503 until the results table is loaded and once stopping (a lost shared cache keeps it ready: the answers come from memory)",
        querystring: { type: 'object', additionalProperties: false, properties: { ready: { type: 'boolean', default: false } } },
      }),
    },
    async (request, reply) => {
      const tableLoaded = source === null ? null : source.loaded;
      const reachable = cache.reachable;
      // Ready means "can serve": without the shared cache every answer still comes, from this
      // server's memory, so a Redis outage never takes every replica out of the balancer.
      const ready = tableLoaded !== false && !closing;
      const degraded = reachable === false ? [`the shared cache at ${cache.target!.shown} is unreachable: answering from memory`] : [];
      if ((request.query as { ready: boolean }).ready && !ready) reply.code(503);
      return {
        version: CARDSOLVE_VERSION,
        ready,
        status: closing ? 'draining' : degraded.length > 0 ? 'degraded' : 'ok',
        degraded,
        database: source === null ? null : options.db,
        table: { loaded: tableLoaded },
        store: options.store,
        cache: { entries: cache.size, hits: cache.hits, misses: cache.misses, prefetched: prefetch.done },
        sharedCache: cache.target === null ? null : { url: cache.target.shown, reachable },
        memory: { rssBytes: process.memoryUsage.rss(), heapUsedBytes: process.memoryUsage().heapUsed },
      };
    },
  );

  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0]!;
    const asset = path.startsWith('/api/') ? null : assets.find(path);
    if (asset === null) return reply.code(404).send(notFound(request.method, request.url));
    reply.header('Cache-Control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.type(asset.type).send(asset.body);
  });

  await app.ready();
  return {
    app,
    cache,
    drain() {
      closing = true;
    },
    async close() {
      closing = true;
      prefetch.clear();
      await connections.stop();
      await app.close();
      await pool.close();
      await cache.close();
      source?.close();
      store?.close();
    },
  };
}
