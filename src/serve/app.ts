/**
 * `cardsolve serve`: the JSON API under /api/v1 and the page built on it, in one Fastify
 * server. Solving runs on the solver threads, never on the event loop; every request has a
 * time limit; past the cap of solves and waiting requests the answer is a quick 503.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { isInputError } from '../errors/inputError.js';
import type { Limits } from '../search/limits.js';
import { CARDSOLVE_VERSION } from '../version.js';
import { AnswerCache } from './answerCache.js';
import { Assets, webFolder } from './assets.js';
import { collectOpenApi, documented } from './openapi.js';
import { Prefetcher } from './prefetch.js';
import { ResultsSource } from './resultsSource.js';
import { dealRoutes, Refused } from './routes/deals.js';
import { gameRoutes } from './routes/games.js';
import { listRoutes } from './routes/lists.js';
import { NoDatabaseError, resultRoutes } from './routes/results.js';
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
  /** Where errors the client does not see are written (the server's log). */
  log?: (line: string) => void;
}

/** The most a request body may hold, and the longest URL (its query) taken. */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_URL_CHARS = 24 * 1024;

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
  /** Stops taking requests, then the solver threads and the database. */
  close(): Promise<void>;
}

export async function buildServer(options: ServeOptions): Promise<Server> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // With --store the file is made if need be, before it is opened for reading.
  let source: ResultsSource | null = null;
  const store = options.store ? storeAnalysis(options.db, () => source?.invalidate()) : null;
  source = ResultsSource.open(options.db);
  source?.warm();
  const pool = new SolverPool({ threads: options.threads, queue: options.queue });
  const cache = new AnswerCache<string>(options.cacheEntries);
  const aliases = new AnswerCache<string>(options.cacheEntries);
  const prefetch = new Prefetcher(pool, cache, options.limits, 1000);
  const assets = new Assets(webFolder());

  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { maxParamLength: 200 },
    // Query values are read as the schemas type them (page=2 is a number).
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false } },
  });
  const openapi = collectOpenApi(app);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_CHARS) {
      return reply.code(414).send({
        statusCode: 414,
        error: `the URL is ${request.url.length} characters long: at most ${MAX_URL_CHARS} are taken (send long move lists in a POST body)`,
      });
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
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
    log(`cardsolve serve: ${request.method} ${request.url.slice(0, 200)}: ${error.stack ?? error.message}`);
    return reply.code(500).send({ statusCode: 500, error: 'internal error (the server has logged it)' });
  });

  const notFound = (method: string, url: string) => ({
    statusCode: 404,
    error: `no such route: ${method} ${url.split('?')[0]!.slice(0, 200)} (the API is described at /api/v1/openapi.json)`,
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(notFound(request.method, request.url)));

  dealRoutes(app, { pool, cache, aliases, prefetch, limits: options.limits, maxTimeMs: options.maxTimeMs, store });
  resultRoutes(app, source, options.db);
  listRoutes(app, { pool, source, dbPath: options.db, readTimeMs: Math.max(options.maxTimeMs, 30_000) });
  gameRoutes(app, source);
  app.get('/api/v1/openapi.json', { schema: documented({ summary: 'this document' }) }, async () => openapi());
  app.get('/api/v1/health', { schema: documented({ summary: "the server's version, database, cache and memory" }) }, async () => ({
    version: CARDSOLVE_VERSION,
    database: source === null ? null : options.db,
    store: options.store,
    cache: { entries: cache.size, hits: cache.hits, misses: cache.misses, prefetched: prefetch.done },
    memory: { rssBytes: process.memoryUsage.rss(), heapUsedBytes: process.memoryUsage().heapUsed },
  }));

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
    async close() {
      prefetch.clear();
      await app.close();
      await pool.close();
      source?.close();
      store?.close();
    },
  };
}
