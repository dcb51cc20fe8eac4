/** The service's own routes: this API's OpenAPI document, and the health a load balancer probes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, Health } from '../../contract/index.js';
import { CARDSOLVE_VERSION } from '../../version.js';
import { documented } from '../openapi.js';
import type { Prefetcher } from '../prefetch.js';
import { Params } from '../requestSchema.js';
import { responses } from '../responses.js';
import type { ResultsSource } from '../resultsSource.js';
import type { SharedCache } from '../sharedCache.js';

export interface ServiceRoutesOptions {
  openapi: () => Record<string, unknown>;
  source: ResultsSource | null;
  dbPath: string;
  store: boolean;
  cache: SharedCache;
  prefetch: Prefetcher;
  /** Whether the server is draining (stopping soon). */
  closing: () => boolean;
}

const HEALTH_SUMMARY =
  "the server's version, database, results table, caches and memory; status degraded, with the reasons, while the shared cache is unreachable, draining once stopping; with ready=true, 503 until the results table is loaded and once stopping (a lost shared cache keeps it ready: the answers come from memory)";

export const serviceRoutes: FastifyPluginAsyncTypebox<ServiceRoutesOptions> = async (app, o) => {
  app.get(
    '/openapi.json',
    {
      schema: documented({
        summary: 'this document',
        response: responses(Type.Record(Type.String(), Type.Unknown(), { description: 'the OpenAPI 3.1 document' })),
      }),
    },
    async () => o.openapi(),
  );

  const health = (): Health => {
    const tableLoaded = o.source === null ? null : o.source.loaded;
    const reachable = o.cache.reachable;
    // Ready means "can serve": without the shared cache every answer still comes, from this
    // server's memory, so a Redis outage never takes every replica out of the balancer.
    const ready = tableLoaded !== false && !o.closing();
    const degraded = reachable === false ? [`the shared cache at ${o.cache.target!.shown} is unreachable: answering from memory`] : [];
    return {
      version: CARDSOLVE_VERSION,
      ready,
      status: o.closing() ? 'draining' : degraded.length > 0 ? 'degraded' : 'ok',
      degraded,
      database: o.source === null ? null : o.dbPath,
      table: { loaded: tableLoaded },
      store: o.store,
      cache: { entries: o.cache.size, hits: o.cache.hits, misses: o.cache.misses, prefetched: o.prefetch.done },
      sharedCache: o.cache.target === null ? null : { url: o.cache.target.shown, reachable },
      memory: { rssBytes: process.memoryUsage.rss(), heapUsedBytes: process.memoryUsage().heapUsed },
    };
  };
  app.get(
    '/health',
    {
      schema: documented({
        summary: HEALTH_SUMMARY,
        querystring: Params({ ready: Type.Boolean({ default: false }) }),
        // Unready: the health itself, 503; stopping before the route is reached: the error.
        response: responses(Health, { 503: Type.Union([Health, ApiError]) }),
      }),
    },
    async (request, reply) => {
      const answer = health();
      if (request.query.ready && !answer.ready) reply.code(503);
      return answer;
    },
  );
};
