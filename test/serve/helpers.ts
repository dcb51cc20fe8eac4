/** What the tests of `cardsolve serve` share: a server in process, its answers as JSON, a small database. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { buildServer, type ServeOptions, type Server } from '../../src/serve/app.js';
import { BIN, cardsolve, ROOT } from '../support/cli.js';

/**
 * The time limit of the tests' servers: generous, so that an answer compared with the command
 * line's is the same on a busy machine (a request that waited for a thread under load got
 * `unknown` with 2 s). The tests about the limit give their own (timeLimit, maxTimeMs).
 */
export const TEST_MAX_TIME_MS = 60_000;

/** A server on `db` with the limits the brief of these tests uses; `log` collects what the client never sees. */
export async function startServer(db: string, overrides: Partial<ServeOptions> = {}): Promise<Server & { logged: string[] }> {
  const logged: string[] = [];
  const server = await buildServer({
    db,
    store: false,
    maxTimeMs: TEST_MAX_TIME_MS,
    limits: { timeMs: TEST_MAX_TIME_MS, nodes: Number.POSITIVE_INFINITY, memoryBytes: 512 * 1024 ** 2 },
    threads: 2,
    queue: 8,
    cacheEntries: 1000,
    log: (line) => logged.push(line),
    ...overrides,
  });
  return Object.assign(server, { logged });
}

/**
 * Stops a server. The solver threads may still be judging positions nobody asked for yet
 * (prefetch); a turn of the event loop first lets their finished answers arrive, so that the
 * close tested here is the ordinary one (the race itself has a test of its own).
 */
export async function stopServer(server: Server | undefined): Promise<void> {
  if (server === undefined) return;
  await new Promise((resolve) => setTimeout(resolve, 50));
  await server.close();
}

export interface Answer<T> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
  ms: number;
}

/** A request through Fastify's inject (no network), its body parsed when JSON. */
export async function ask<T = Record<string, unknown>>(server: Server, request: string | InjectOptions): Promise<Answer<T>> {
  const options: InjectOptions = typeof request === 'string' ? { method: 'GET', url: request } : request;
  const started = performance.now();
  const r = await server.app.inject(options);
  const ms = performance.now() - started;
  const type = String(r.headers['content-type'] ?? '');
  const body = (type.startsWith('application/json') ? JSON.parse(r.body) : r.body) as T;
  return { status: r.statusCode, body, text: r.body, headers: r.headers, ms };
}

/** A query string from parameters, every value encoded. */
export function query(params: Record<string, string | number | boolean>): string {
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

/** An error answer: the status, a message, and no stack trace anywhere in it. */
export function expectError(answer: Answer<unknown>, status: number, message: RegExp): void {
  expect(answer.status, answer.text).toBe(status);
  expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
  const body = answer.body as { statusCode: number; error: string };
  expect(body.statusCode).toBe(status);
  expect(body.error).toMatch(message);
  expectNoStack(answer.text);
}

/** No line of a stack trace (`    at f (file.js:1:2)`) nor a source position (`app.js:12:5`). */
export function expectNoStack(text: string): void {
  expect(text).not.toMatch(/(?:^|\\n|\n)\s*at \S|\bat \S+ \([^)]*:\d+:\d+\)|\.(?:js|ts|mjs|cjs):\d+:\d+/);
}

/** `cardsolve ARGS`, which must succeed; its standard output. */
export function cli(args: readonly string[]): string {
  const r = cardsolve(args);
  expect(r.status, `cardsolve ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** `cardsolve ARGS`, which must succeed, without blocking: several run at once on the two cores. */
export function cliAsync(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 ** 2 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`cardsolve ${args.join(' ')}: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** `cardsolve ARGS --json`, parsed. */
export function cliJson<T = Record<string, unknown>>(args: readonly string[]): T {
  return JSON.parse(cli([...args, '--json'])) as T;
}

/** A database of the analyses of a range of codes, made by `cardsolve batch`. */
export function batchDatabase(dir: string, range: string, name = 'results.sqlite'): string {
  const db = join(dir, name);
  const r = cardsolve(['batch', range, '--db', db, '--no-progress']);
  expect(r.status, r.stderr).toBe(0);
  return db;
}

/** A copy without the fields that measure time (how long, and so how far, a search went). */
export function withoutTiming(value: Record<string, unknown>): Record<string, unknown> {
  const { ms: _ms, ...rest } = value;
  return rest;
}
