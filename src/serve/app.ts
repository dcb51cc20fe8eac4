/**
 * `cardsolve serve`: the JSON API under /api/v1 and the page built on it, in one Fastify
 * server. Solving runs on the solver threads, never on the event loop; every request has a
 * time limit; past the cap of solves and waiting requests the answer is a quick 503.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { redisTarget } from '../batch/queue/connection.js';
import type { Limits } from '../search/limits.js';
import { AnswerCache } from './answerCache.js';
import { writerFor } from './answerText.js';
import { API_PREFIX } from './apiPrefix.js';
import { Assets, webFolder } from './assets.js';
import { Connections } from './connections.js';
import { installErrorHandler, notFound } from './errorHandler.js';
import { installGuards, installRequestHooks, logRequests } from './hooks.js';
import type { LogLevel } from './logLevels.js';
import { ServeMetrics } from './metrics.js';
import { collectOpenApi } from './openapi.js';
import { decoratePool } from './poolDecoration.js';
import { Prefetcher } from './prefetch.js';
import { ResultsSource } from './resultsSource.js';
import { dealRoutes } from './routes/deals.js';
import { gameRoutes } from './routes/games.js';
import { listRoutes } from './routes/lists.js';
import { resultRoutes } from './routes/results.js';
import { serviceRoutes } from './routes/service.js';
import { type Notice, SharedCache } from './sharedCache.js';
import { SolverPool } from './solverPool.js';
import { type AnalysisStore, storeAnalysis } from './storeAnalysis.js';

export { MAX_URL_CHARS } from './hooks.js';

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

/** The most a request body may hold. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The default of `stopGraceMs`. */
const STOP_GRACE_MS = 1000;

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

/** What the server's routes work with besides the pool; each is closed with the server (`onClose`). */
interface Services {
  source: ResultsSource | null;
  store: AnalysisStore | null;
  cache: SharedCache;
  aliases: AnswerCache<string>;
  prefetch: Prefetcher;
  metrics: ServeMetrics;
  /** Where errors the client does not see are written without --log. */
  log: (line: string) => void;
}

/** Fastify as this server sets it up: its log, its limits, and the request types from the schemas. */
function createApp(options: ServeOptions) {
  const app = Fastify({
    // The request lines are this server's own (logRequests): one line each, no headers.
    logger:
      options.logLevel === undefined
        ? false
        : { level: options.logLevel, stream: options.logStream ?? process.stderr, redact: ['req.headers.authorization'] },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { maxParamLength: 200 },
    // Query values are read as the schemas type them (page=2 is a number).
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Every route's answers through the writers of answerText.ts: one per distinct schema (the
  // error's is the same on every route), compiled at start.
  app.setSerializerCompiler(({ schema }) => writerFor(schema as TSchema));
  return app;
}

/**
 * The results database, the caches and the work done ahead, each closed with the server. With
 * --store the file is made if need be, before it is opened for reading.
 */
function openServices(app: FastifyInstance, options: ServeOptions, pool: SolverPool, metrics: ServeMetrics): Services {
  let source: ResultsSource | null = null;
  const store = options.store ? storeAnalysis(options.db, () => source?.invalidate()) : null;
  source = ResultsSource.open(options.db);
  source?.warm();
  // What the operator must hear: in the JSON log with --log, else a line on standard error.
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
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
  app.addHook('onClose', async () => {
    prefetch.clear();
    await cache.close();
    source?.close();
    store?.close();
  });
  return { source, store, cache, aliases: new AnswerCache<string>(options.cacheEntries), prefetch, metrics, log };
}

/** The API's route groups, each a plugin under the API's prefix, and the page's files at every other path. */
async function registerRoutes(app: ReturnType<typeof createApp>, options: ServeOptions, services: Services, closing: () => boolean) {
  const { source, cache, prefetch, metrics } = services;
  const prefix = API_PREFIX;
  const openapi = collectOpenApi(app);
  await app.register(dealRoutes, {
    prefix,
    cache,
    aliases: services.aliases,
    prefetch,
    counted: (hit) => metrics.cache.inc({ result: hit ? 'hit' : 'miss' }),
    limits: options.limits,
    maxTimeMs: options.maxTimeMs,
    store: services.store,
  });
  await app.register(resultRoutes, { prefix, source, dbPath: options.db });
  await app.register(listRoutes, { prefix, source, dbPath: options.db, readTimeMs: Math.max(options.maxTimeMs, 30_000) });
  await app.register(gameRoutes, { prefix, source });
  await app.register(serviceRoutes, { prefix, openapi, source, dbPath: options.db, store: options.store, cache, prefetch, closing });

  const assets = new Assets(webFolder());
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0]!;
    const asset = path.startsWith('/api/') ? null : assets.find(path);
    if (asset === null) return reply.code(404).send(notFound(request.method, request.url));
    reply.header('Cache-Control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.type(asset.type).send(asset.body);
  });
}

/** The hooks, the error handler and the routes, then the server made ready. */
async function assemble(app: ReturnType<typeof createApp>, options: ServeOptions, services: Services, state: ServerState): Promise<void> {
  if (options.logLevel !== undefined) logRequests(app);
  services.metrics.install(app);
  await installGuards(app, options);
  installRequestHooks(app, state);
  app.addHook('onResponse', async () => services.prefetch.wake());
  installErrorHandler(app, { metrics: services.metrics, logged: options.logLevel !== undefined, log: services.log });
  await registerRoutes(app, options, services, state.closing);
  await app.ready();
}

/** Whether the server has begun to stop taking requests, and to close its connections after each answer. */
interface ServerState {
  stopping: () => boolean;
  closing: () => boolean;
}

export async function buildServer(options: ServeOptions): Promise<Server> {
  const app = createApp(options);
  // The metrics read the pool's load, and the pool reports each solve to them.
  const pool = new SolverPool({ threads: options.threads, queue: options.queue, observe: (...solve) => metrics.solved(...solve) });
  const metrics = new ServeMetrics(pool);
  decoratePool(app, pool);
  const connections = new Connections(app.server, options.stopGraceMs ?? STOP_GRACE_MS);
  let closing = false;
  let services: Services;
  try {
    services = openServices(app, options, pool, metrics);
    await assemble(app, options, services, { stopping: () => connections.stopping, closing: () => closing });
  } catch (error) {
    // Nothing started is left running: the pool's threads, the caches and the database close.
    await app.close();
    throw error;
  }
  return {
    app,
    cache: services.cache,
    drain() {
      closing = true;
    },
    async close() {
      closing = true;
      services.prefetch.clear();
      await connections.stop();
      await app.close();
    },
  };
}
