/**
 * The API's token (`serve --token`): every route under /api/ but the health route, and the
 * metrics, need `Authorization: Bearer TOKEN`. The comparison takes the same time whatever the
 * guess, so that a client cannot find the token a character at a time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** The routes open without the token: what a load balancer probes. */
const OPEN = new Set(['/api/v1/health']);

/** Whether a path (no query) needs the token. */
export function needsToken(path: string): boolean {
  if (OPEN.has(path) || OPEN.has(path.replace(/\/+$/, ''))) return false;
  return path.startsWith('/api/') || path === '/metrics' || path.startsWith('/metrics/');
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

/** Answers 401 to a request without the token on a guarded route. CORS preflights (OPTIONS) pass: they carry no header. */
export function requireToken(app: FastifyInstance, token: string): void {
  const check = bearerCheck(token);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return;
    const path = request.url.split('?')[0]!;
    if (!needsToken(path) || check(request.headers.authorization)) return;
    return reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer')
      .send({ statusCode: 401, error: 'this server needs its token: send the header Authorization: Bearer TOKEN' });
  });
}
