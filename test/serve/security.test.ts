/**
 * What `cardsolve serve` sends besides answers: the security headers on every response, the
 * page's files and nothing else (no path out of the built folder, however encoded), the size
 * caps, JSON 404s, and the OpenAPI document of every route.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_URL_CHARS, type Server } from '../../src/serve/app.js';
import { ROOT } from '../support/cli.js';
import { type Answer, ask, expectError, startServer, stopServer } from './helpers.js';

const PACKAGE_JSON = readFileSync(`${ROOT}package.json`, 'utf8');

/** The Content-Security-Policy's directives by name. */
function csp(answer: Answer<unknown>): Map<string, string[]> {
  const header = String(answer.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(answer: Answer<unknown>, where: string): void {
  const policy = csp(answer);
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts, `${where}: script-src`).toContain("'self'");
  expect(scripts, where).not.toContain("'unsafe-inline'");
  expect(scripts, where).not.toContain("'unsafe-eval'");
  expect(policy.get('default-src'), where).toEqual(["'self'"]);
  expect(answer.headers['x-content-type-options'], where).toBe('nosniff');
}

describe('cardsolve serve: headers, files, caps and the API document', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer('no-database-here.sqlite');
  });

  afterAll(async () => {
    await stopServer(server);
  });

  it('every response has the CSP (no inline script) and nosniff: answers, errors, the page, files, 404s', async () => {
    const requests = [
      '/api/v1/health',
      '/api/v1/play?deal=PY1-N-AAAAAAA',
      '/api/v1/play?deal=nonsense',
      '/api/v1/results',
      '/api/v1/openapi.json',
      '/api/v1/no-such-route',
      '/',
      '/deal/PY1-N-AAAAAAA',
      '/nothing-here.js',
      '/../package.json',
    ];
    for (const url of requests) expectSecurityHeaders(await ask(server, url), url);
    expectSecurityHeaders(await ask(server, { method: 'POST', url: '/api/v1/play', payload: { deal: 'PY1-N-AAAAAAA' } }), 'POST play');
    expectSecurityHeaders(await ask(server, { method: 'DELETE', url: '/api/v1/play' }), 'DELETE play');
  });

  it('path traversal, plain or encoded, is a 404 and never the file', async () => {
    const attempts = [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/..%2F..%2F..%2Fpackage.json',
      '/deal/..%2F..%2Fpackage.json',
      '/deal/x/../../package.json',
      '/%252e%252e/package.json',
      '/assets/%252e%252e%252f%252e%252e%252fpackage.json',
      '/..%5c..%5cpackage.json',
      '/assets/..%5c..%5cpackage.json',
      '/.%2e/.%2e/package.json',
      '/package.json',
      '/assets/%2e%2e/%2e%2e/src/serve/app.ts',
      '/deal/%2e%2e%2f%2e%2e%2fsrc%2fserve%2fapp.ts',
      '/index.html%00.js',
    ];
    for (const url of attempts) {
      const r = await ask(server, url);
      expect(r.status, url).toBe(404);
      expect(r.text, url).not.toContain('"devDependencies"');
      expect(r.text, url).not.toContain(PACKAGE_JSON.slice(0, 60));
      expect(r.text, url).not.toContain('buildServer');
      expect(String(r.headers['content-type']), url).toMatch(/^application\/json/);
    }
  });

  it('a page route is the page; an asset it lists is served with its type', async () => {
    const index = await ask(server, '/');
    expect(index.status).toBe(200);
    expect(String(index.headers['content-type'])).toBe('text/html; charset=utf-8');
    expect(index.text).toMatch(/^<!doctype html>/i);
    // No inline script: every script is a file of its own.
    expect(index.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const route of ['/deal/PY1-N-AAAAAAA', '/play/DS1-D1N-AAAAAAB', '/results', '/index.html']) {
      const page = await ask(server, route);
      expect(page.status, route).toBe(200);
      expect(page.text, route).toBe(index.text);
    }
    const scripts = [...index.text.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const js = await ask(server, src);
      expect(js.status, src).toBe(200);
      expect(String(js.headers['content-type']), src).toMatch(/^(text|application)\/javascript/);
      expect(js.text.length, src).toBeGreaterThan(100);
      expect(String(js.headers['cache-control'])).toContain('immutable');
    }
    const styles = [...index.text.matchAll(/<link[^>]*\bhref="([^"]+\.css)"/g)].map((m) => m[1]!);
    for (const href of styles) expect(String((await ask(server, href)).headers['content-type'])).toMatch(/^text\/css/);
    // A name with an extension that is not a file of the build is not the page.
    expect((await ask(server, '/assets/missing.js')).status).toBe(404);
  });

  it('unknown routes and methods answer a JSON 404 naming the API document', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['GET', '/api/v1'],
      ['GET', '/api/v2/health'],
      ['DELETE', '/api/v1/play'],
      ['PUT', '/api/v1/hint'],
    ] as const) {
      expectError(await ask(server, { method, url }), 404, /no such route.*\/api\/v1\/openapi\.json/);
    }
  });

  it('a body over 64 KB is a 413; a URL over the cap is a 414; both say so in JSON', async () => {
    const big = JSON.stringify({ deal: 'PY1-N-AAAAAAA', moves: 'draw; '.repeat(Math.ceil(MAX_BODY_BYTES / 6) + 10) });
    expect(big.length).toBeGreaterThan(64 * 1024);
    const r = await ask(server, { method: 'POST', url: '/api/v1/play', payload: big, headers: { 'content-type': 'application/json' } });
    expectError(r, 413, /too large/i);
    const long = await ask(server, `/api/v1/play?deal=PY1-N-AAAAAAA&moves=${'draw%3B'.repeat(Math.ceil(MAX_URL_CHARS / 7) + 10)}`);
    expectError(long, 414, /at most 24576 are taken/);
    expect(MAX_URL_CHARS).toBe(24 * 1024);
    // Just under the body cap, a long move list in a POST body is read (and refused as moves, not as size).
    const under = await ask(server, {
      method: 'POST',
      url: '/api/v1/play',
      payload: { deal: 'PY1-N-AAAAAAA', moves: 'draw; '.repeat(2000) },
    });
    expect(under.status, under.text).toBe(400);
    expect(under.text).not.toMatch(/too large/);
  });

  it('openapi.json: OpenAPI 3.1 with every route, each with a summary and its parameters', async () => {
    const r = await ask<{
      openapi: string;
      info: { title: string; version: string };
      paths: Record<
        string,
        Record<string, { summary: string; parameters?: { name: string; in: string; schema: unknown }[]; requestBody?: unknown }>
      >;
    }>(server, '/api/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\.1\./);
    expect(r.body.info.title).toBe('cardsolve');
    const routes: Record<string, string[]> = {
      '/api/v1/analysis': ['get', 'post'],
      '/api/v1/hint': ['get', 'post'],
      '/api/v1/play': ['get', 'post'],
      '/api/v1/results': ['get'],
      '/api/v1/export': ['get'],
      '/api/v1/rule-sets': ['get'],
      '/api/v1/stats': ['get'],
      '/api/v1/curate': ['get'],
      '/api/v1/daily': ['get'],
      '/api/v1/daily/month': ['get'],
      '/api/v1/games': ['get'],
      '/api/v1/health': ['get'],
      '/api/v1/openapi.json': ['get'],
    };
    const missing: string[] = [];
    const unsummarised: string[] = [];
    for (const [path, methods] of Object.entries(routes)) {
      for (const method of methods) {
        const op = r.body.paths[path]?.[method];
        if (op === undefined) missing.push(`${method} ${path}`);
        else if (op.summary.trim().length < 10) unsummarised.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    // The parameters are the schemas' own.
    const names = (path: string) => (r.body.paths[path]!.get!.parameters ?? []).map((p) => p.name);
    // An analysis is of the deal as dealt: it takes no moves (a hint does).
    expect(names('/api/v1/analysis')).toEqual(expect.arrayContaining(['deal', 'rules', 'cards', 'timeLimit', 'optimize']));
    expect(names('/api/v1/analysis')).not.toContain('moves');
    expect(names('/api/v1/hint')).toEqual(expect.arrayContaining(['deal', 'moves', 'rules', 'cards', 'timeLimit']));
    expect(names('/api/v1/play')).toContain('reveal');
    expect(names('/api/v1/results')).toEqual(
      expect.arrayContaining(['verdict', 'tier', 'minMoves', 'stuck', 'sort', 'order', 'page', 'pageSize']),
    );
    expect(names('/api/v1/export')).toEqual(expect.arrayContaining(['format', 'tier', 'minMoves', 'stuck']));
    expect(names('/api/v1/curate')).toEqual(expect.arrayContaining(['count', 'order', 'seed', 'format', 'crossroads']));
    expect(names('/api/v1/daily')).toEqual(expect.arrayContaining(['game', 'tier', 'date']));
    expect(names('/api/v1/daily/month')).toContain('month');
    for (const p of r.body.paths['/api/v1/analysis']!.get!.parameters!) {
      expect(p.in).toBe('query');
      expect(p.schema).toBeTypeOf('object');
    }
    expect(r.body.paths['/api/v1/hint']!.post!.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['deal'] } } },
    });
    // Only API routes are documented.
    expect(Object.keys(r.body.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
    // Every operation says what it does.
    expect(unsummarised).toEqual([]);
  });
});
