/**
 * The API's token (`serve --token`): every route under /api/ but the health route, and the
 * metrics, need `Authorization: Bearer TOKEN`. The comparison takes the same time whatever the
 * guess, so that a client cannot find the token a character at a time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './apiPrefix.js';

/** The routes open without the token: what a load balancer probes. */
const OPEN = new Set([`${API_PREFIX}/health`]);

/** Whether a path (no query) needs the token. */
export function needsToken(path: string): boolean {
  if (OPEN.has(path) || OPEN.has(path.replace(/\/+$/, ''))) return false;
  return path.startsWith('/api/') || path === '/metrics' || path.startsWith('/metrics/');
}

/**
 * The path the token rule judges: the route the router matched (it decodes the URL, so
 * `/%61pi/...` is `/api/...`), else, for the page's catch-all route, the path sent, decoded.
 */
export function guardedPath(route: string | undefined, url: string): string {
  if (route !== undefined && route !== '/*') return route;
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A check of an `Authorization` header against `token`, in constant time. */
export function bearerCheck(token: string): (header: string | undefined) => boolean {
  // Both sides hashed: equal lengths for timingSafeEqual, and no length told by the time taken.
  const expected = createHash('sha256').update(token, 'utf8').digest();
  return (header) => {
    const found = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
    const given = createHash('sha256')
      .update(found?.[1] ?? '', 'utf8')
      .digest();
    return timingSafeEqual(given, expected) && found !== null;
  };
}

/**
 * Answers 401 to a request without the token on a guarded route, and logs the client's
 * address (never what it sent). CORS preflights (OPTIONS) pass: they carry no header.
 *
 * The check runs before the body is read but after the rate limit (a route's own
 * `onRequest` hook, which runs after the server's): wrong guesses count against the limit,
 * so a client cannot try tokens faster than it could ask for answers.
 */
export function requireToken(app: FastifyInstance, token: string): void {
  const check = bearerCheck(token);
  app.addHook('preParsing', async (request, reply) => {
    if (request.method === 'OPTIONS') return;
    const path = guardedPath(request.routeOptions.url, request.url);
    if (!needsToken(path) || check(request.headers.authorization)) return;
    request.log.warn({ address: request.ip, route: request.routeOptions.url ?? null }, 'refused: no token, or a wrong one');
    return reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer')
      .send({ statusCode: 401, error: 'this server needs its token: send the header Authorization: Bearer TOKEN' });
  });
}
