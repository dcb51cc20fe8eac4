/**
 * `cardsolve serve` as a service, through Fastify's inject: the token, the metrics, CORS, the
 * rate limit, the JSON log, X-Cache and the health route's readiness.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/serve/app.js';
import { bearerCheck, needsToken } from '../../src/serve/auth.js';
import { ask, expectError, startServer, stopServer } from './helpers.js';

const TOKEN = 'test-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const NO_DB = 'no-database-here.sqlite';

describe('the token', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer(NO_DB, { token: TOKEN });
  });
  afterAll(() => stopServer(server));

  it('compares a bearer header: only the exact token passes', () => {
    const check = bearerCheck(TOKEN);
    expect(check(`Bearer ${TOKEN}`)).toBe(true);
    expect(check(`bearer  ${TOKEN}`)).toBe(true);
    expect(check(`Bearer ${TOKEN}x`)).toBe(false);
    expect(check(`Bearer ${TOKEN.slice(0, -1)}`)).toBe(false);
    expect(check(TOKEN)).toBe(false);
    expect(check('Bearer ')).toBe(false);
    expect(check(undefined)).toBe(false);
    expect(bearerCheck('')(undefined)).toBe(false);
  });

  it('guards every route under /api/ and /metrics, not the health route nor the page', () => {
    expect(needsToken('/api/v1/hint')).toBe(true);
    expect(needsToken('/api/v2/anything')).toBe(true);
    expect(needsToken('/metrics')).toBe(true);
    expect(needsToken('/api/v1/health')).toBe(false);
    expect(needsToken('/')).toBe(false);
    expect(needsToken('/play/PY1-N-AAAAAAA')).toBe(false);
  });

  it('without it, a JSON 401 on the API, known routes or not, and on /metrics', async () => {
    const urls = ['/api/v1/games', '/api/v1/play?deal=PY1-N-AAAAAAA', '/api/v1/no-such-route', '/api/v1/openapi.json', '/metrics'];
    // An encoded letter reaches the same route: it must not step around the token.
    urls.push('/%61pi/v1/games', '/api/v1/%67ames', '/%6detrics', '/%61pi/v1/no-such-route');
    for (const url of urls) {
      const a = await ask(server, url);
      expectError(a, 401, /needs its token: send the header Authorization: Bearer TOKEN/);
      expect(a.headers['www-authenticate']).toBe('Bearer');
    }
    expectError(
      await ask(server, { method: 'GET', url: '/api/v1/games', headers: { authorization: 'Bearer wrong-token-0123456789' } }),
      401,
      /token/,
    );
    expectError(await ask(server, { method: 'POST', url: '/api/v1/play', payload: { deal: 'PY1-N-AAAAAAA' } }), 401, /token/);
  });

  it('with it, the API answers; the health route and the page need none', async () => {
    const play = await ask<{ code: string }>(server, { method: 'GET', url: '/api/v1/play?deal=PY1-N-AAAAAAA', headers: AUTH });
    expect(play.status, play.text).toBe(200);
    expect(play.body.code).toBe('PY1-N-AAAAAAA');
    expect((await ask(server, { method: 'GET', url: '/metrics', headers: AUTH })).status).toBe(200);
    expect((await ask(server, '/api/v1/health')).status).toBe(200);
    const page = await ask(server, '/');
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/text\/html/);
  });
});

/** The value of a metric line `name{labels} value`, or null when absent. */
function metric(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([^{\s]+)(?:\{([^}]*)\})?\s+(\S+)$/.exec(line);
    if (m === null || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return null;
}

describe('the metrics', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer(NO_DB, { threads: 1, queue: 0 });
  });
  afterAll(() => stopServer(server));

  it('count requests by route and status, time them, count cache hits, misses and 503s, and carry the process figures', async () => {
    for (let i = 0; i < 3; i++) expect((await ask(server, '/api/v1/play?deal=PY1-N-AAAAAAA')).status).toBe(200);
    expect((await ask(server, '/api/v1/play?deal=PY1-N-AAAAAAZ1')).status).toBe(400);
    const first = await ask(server, '/api/v1/hint?deal=PY1-N-AAAAAAA');
    const again = await ask(server, '/api/v1/hint?deal=PY1-N-AAAAAAA');
    expect([first.headers['x-cache'], again.headers['x-cache']]).toEqual(['miss', 'hit']);
    // One thread, no queue: of two slow analyses at once, one is a 503. Each ends within the
    // tests' time limit: which answers never depends on the machine's speed.
    const both = await Promise.all([
      ask(server, '/api/v1/analysis?deal=PY1-N-AAAAAAG'),
      ask(server, '/api/v1/analysis?deal=PY1-N-AAAAAAG&cards=en'),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 503]);

    const m = await ask(server, '/metrics');
    expect(m.status).toBe(200);
    expect(String(m.headers['content-type'])).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = m.text;
    expect(metric(text, 'cardsolve_http_requests_total', { route: '/api/v1/play', status: '200', method: 'GET' })).toBe(3);
    expect(metric(text, 'cardsolve_http_requests_total', { route: '/api/v1/play', status: '400' })).toBe(1);
    expect(metric(text, 'cardsolve_http_requests_total', { route: '/api/v1/analysis', status: '503' })).toBe(1);
    expect(metric(text, 'cardsolve_http_request_duration_seconds_count', { route: '/api/v1/play' })).toBe(4);
    expect(metric(text, 'cardsolve_http_request_duration_seconds_bucket', { route: '/api/v1/hint', le: '+Inf' })).toBe(2);
    expect(metric(text, 'cardsolve_busy_total')).toBe(1);
    expect(metric(text, 'cardsolve_cache_lookups_total', { result: 'hit' })).toBe(1);
    expect(metric(text, 'cardsolve_cache_lookups_total', { result: 'miss' })).toBe(3);
    // The solves the requests asked for (not the hints worked out ahead), each timed once on its thread and once waiting.
    expect(metric(text, 'cardsolve_solve_duration_seconds_count', { game: 'pyramide', kind: 'hint' })).toBe(1);
    expect(metric(text, 'cardsolve_solve_duration_seconds_count', { game: 'pyramide', kind: 'analysis' })).toBe(1);
    expect(metric(text, 'cardsolve_solve_wait_seconds_count', { kind: 'hint' })).toBe(1);
    expect(metric(text, 'cardsolve_solve_wait_seconds_count', { kind: 'analysis' })).toBe(1);
    expect(metric(text, 'cardsolve_solves_running')).not.toBeNull();
    expect(metric(text, 'cardsolve_solves_waiting')).toBe(0);
    expect(metric(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(metric(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

describe('CORS', () => {
  let open: Server;
  let none: Server;
  beforeAll(async () => {
    open = await startServer(NO_DB, { corsOrigins: ['https://app.example.com', 'http://127.0.0.1:3000'], token: TOKEN });
    none = await startServer(NO_DB);
  });
  afterAll(async () => {
    await stopServer(open);
    await stopServer(none);
  });

  it('allows the listed origins only, preflight included, with the token header', async () => {
    const allowed = await ask(open, { method: 'GET', url: '/api/v1/games', headers: { ...AUTH, origin: 'https://app.example.com' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await ask(open, { method: 'GET', url: '/api/v1/games', headers: { ...AUTH, origin: 'https://evil.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ask(open, {
      method: 'OPTIONS',
      url: '/api/v1/hint',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization/i);
  });

  it('allows none by default', async () => {
    const a = await ask(none, { method: 'GET', url: '/api/v1/games', headers: { origin: 'https://app.example.com' } });
    expect(a.status).toBe(200);
    expect(a.headers['access-control-allow-origin']).toBeUndefined();
  });
});

/** A stream for the server's JSON log: each line it writes goes into `lines`. */
function logInto(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => l !== ''),
      );
      done();
    },
  });
}

describe('the rate limit', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer(NO_DB, { rateLimitPerMinute: 3 });
  });
  afterAll(() => stopServer(server));

  it('past N a minute from one address: a JSON 429 with Retry-After; another address and the health route are not held', async () => {
    const from = (remoteAddress: string) => ({ method: 'GET' as const, url: '/api/v1/play?deal=PY1-N-AAAAAAA', remoteAddress });
    for (let i = 0; i < 3; i++) expect((await ask(server, from('10.0.0.1'))).status).toBe(200);
    const refused = await ask(server, from('10.0.0.1'));
    expectError(refused, 429, /too many requests: at most 3 a minute from one address; try again in \d+ s/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await ask(server, from('10.0.0.2'))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await ask(server, { ...from('10.0.0.1'), url: '/api/v1/health' })).status).toBe(200);
  });

  it('counts wrong tokens too: guesses past N a minute get 429, and the log names the address, never the guess', async () => {
    const lines: string[] = [];
    const stream = logInto(lines);
    const guarded = await startServer(NO_DB, { rateLimitPerMinute: 3, token: TOKEN, logLevel: 'info', logStream: stream });
    try {
      const guess = (i: number) => ({
        method: 'GET' as const,
        url: '/api/v1/games',
        remoteAddress: '10.0.0.3',
        headers: { authorization: `Bearer guess-number-${i}-0123456789` },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await ask(guarded, guess(i))).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // The right token from another address is not held by the guesses.
      expect((await ask(guarded, { method: 'GET', url: '/api/v1/games', remoteAddress: '10.0.0.4', headers: AUTH })).status).toBe(200);
      const refusals = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => String(l.msg).startsWith('refused'));
      expect(refusals.map((r) => [r.msg, r.address])).toEqual([
        ['refused: no token, or a wrong one', '10.0.0.3'],
        ['refused: no token, or a wrong one', '10.0.0.3'],
        ['refused: no token, or a wrong one', '10.0.0.3'],
        ['refused: rate limit', '10.0.0.3'],
        ['refused: rate limit', '10.0.0.3'],
      ]);
      expect(lines.join('\n')).not.toMatch(/guess-number|0123456789/);
    } finally {
      await stopServer(guarded);
    }
  });
});

describe('the log', () => {
  let server: Server;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = logInto(lines);
    server = await startServer(NO_DB, { logLevel: 'info', logStream: stream, token: TOKEN });
  });
  afterAll(() => stopServer(server));

  it('one JSON line per request: method, route, status and time; never the token', async () => {
    await ask(server, { method: 'GET', url: '/api/v1/play?deal=PY1-N-AAAAAAA', headers: AUTH });
    await ask(server, { method: 'GET', url: '/api/v1/games', headers: { authorization: 'Bearer not-the-token-at-all-0000' } });
    await ask(server, { method: 'GET', url: `/api/v1/nothing?x=1`, headers: AUTH });
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    expect(requests.map((r) => [r.method, r.route, r.status])).toEqual([
      ['GET', '/api/v1/play', 200],
      ['GET', '/api/v1/games', 401],
      // An unknown path under /api/ meets the catch-all route of the page's files.
      ['GET', '/*', 404],
    ]);
    for (const r of requests) {
      expect(typeof r.ms).toBe('number');
      expect(r.level).toBe(30);
      expect(typeof r.time).toBe('number');
    }
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(lines.join('\n')).not.toContain('not-the-token-at-all');
  });
});

describe('the health route', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer(NO_DB);
  });
  afterAll(() => stopServer(server));

  it('says whether the table is loaded and the shared cache reachable; ready=true answers by status', async () => {
    const h = await ask<{ ready: boolean; table: { loaded: boolean | null }; sharedCache: unknown }>(server, '/api/v1/health?ready=true');
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ready: true, status: 'ok', degraded: [], table: { loaded: null }, sharedCache: null });
  });
});

describe('the health route with a shared cache that cannot be reached', () => {
  let server: Server & { logged: string[] };
  beforeAll(async () => {
    // Port 1 on loopback: nothing listens there, so the cache is unreachable from the start.
    server = await startServer(NO_DB, { sharedCacheUrl: 'redis://cache:s3cret-password@127.0.0.1:1/2' });
  });
  afterAll(() => stopServer(server));

  it('shows the URL without its password, says unreachable, and the answers still come from memory', async () => {
    const h = await ask<{ sharedCache: { url: string; reachable: boolean }; status: string; degraded: string[] }>(
      server,
      '/api/v1/health?ready=true',
    );
    // Degraded, not unready: the server answers from its memory.
    expect(h.status).toBe(200);
    expect(h.body.sharedCache).toEqual({ url: 'redis://cache:***@127.0.0.1:1/2', reachable: false });
    expect(h.body.status).toBe('degraded');
    expect(h.body.degraded).toEqual(['the shared cache at redis://cache:***@127.0.0.1:1/2 is unreachable: answering from memory']);
    const hint = await ask(server, '/api/v1/hint?deal=PY1-N-AAAAAAC');
    expect(hint.status, hint.text).toBe(200);
    expect(hint.headers['x-cache']).toBe('miss');
    expect(JSON.stringify(h.body)).not.toContain('s3cret');
  });
});
