/**
 * What every request passes through: a log line each (with --log), the CORS and rate-limit
 * plugins and the token when asked for, a quick 503 once stopping, a 414 for a URL too long,
 * and the security headers on every answer.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './apiPrefix.js';
import { requireToken } from './auth.js';

/** The longest URL (its query) taken. */
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

export interface Guards {
  token?: string;
  corsOrigins?: readonly string[];
  rateLimitPerMinute?: number;
}

/** One JSON line per request: the route, never the URL's values (deals, moves) nor headers. */
export function logRequests(app: FastifyInstance): void {
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

/** CORS for the origins given, the rate limit and the token, each when asked for. */
export async function installGuards(app: FastifyInstance, guards: Guards): Promise<void> {
  if (guards.corsOrigins !== undefined && guards.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...guards.corsOrigins],
      methods: ['GET', 'POST'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Retry-After', 'X-Cache'],
    });
  }
  if (guards.rateLimitPerMinute !== undefined) {
    const max = guards.rateLimitPerMinute;
    await app.register(rateLimit, {
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => request.ip,
      onExceeded: (request) => request.log.warn({ address: request.ip, route: request.routeOptions.url ?? null }, 'refused: rate limit'),
      // A load balancer's probe is never turned away.
      allowList: (request) => request.url.split('?')[0] === `${API_PREFIX}/health`,
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`too many requests: at most ${max} a minute from one address; try again in ${Math.ceil(context.ttl / 1000)} s`),
          { statusCode: 429 },
        ),
    });
  }
  if (guards.token !== undefined) requireToken(app, guards.token);
}

/**
 * Once `stopping()`, the connections still open are answered 503, not reset; once
 * `closing()`, every answer carries `Connection: close`, so that idle keep-alive sockets do
 * not hold the stop. Every answer carries the security headers.
 */
export function installRequestHooks(app: FastifyInstance, state: { stopping: () => boolean; closing: () => boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (state.stopping()) {
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
    if (state.closing()) reply.header('Connection', 'close');
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    return payload;
  });
}
