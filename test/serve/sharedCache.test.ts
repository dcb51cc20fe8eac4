/**
 * Replicas sharing their answers through Redis (`serve --cache redis://...`), on a redis-server
 * this test starts on 127.0.0.1: an answer solved by one is a hit on the other; with Redis gone
 * each goes on from its own memory and says so; Redis back, the answers are shared again.
 */
import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../src/serve/app.js';
import { BIN, ROOT } from '../support/cli.js';
import { missing } from '../support/programs.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { ask, startServer, stopServer } from './helpers.js';

interface Health {
  ready: boolean;
  status: 'ok' | 'degraded';
  sharedCache: { url: string; reachable: boolean } | null;
}

async function until(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Limits no busy machine reaches on these quick deals: an answer a time limit cut short is not
 * kept, so a hit expected would turn into a miss on a loaded machine.
 */
const PATIENT = { maxTimeMs: 60_000, limits: { timeMs: 60_000, nodes: Number.POSITIVE_INFINITY, memoryBytes: 512 * 1024 ** 2 } };

/** How many keys the Redis holds: an answer written there by one process, before the other asks. */
async function keysIn(url: string): Promise<number> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    return await client.dbsize();
  } finally {
    client.disconnect();
  }
}

const reachable = async (server: Server): Promise<boolean | undefined> =>
  (await ask<Health>(server, '/api/v1/health')).body.sharedCache?.reachable;

describe.skipIf(missing('redis-server'))('two replicas sharing a Redis cache', () => {
  let redis: TestRedis;
  let a: Server & { logged: string[] };
  let b: Server & { logged: string[] };

  beforeAll(async () => {
    redis = await startRedis();
    a = await startServer('no-database-here.sqlite', { ...PATIENT, sharedCacheUrl: redis.url });
    // b keeps nothing in memory: each hit of b's comes from Redis.
    b = await startServer('no-database-here.sqlite', { ...PATIENT, sharedCacheUrl: redis.url, cacheEntries: 0 });
    await until('both replicas connected', async () => (await reachable(a)) === true && (await reachable(b)) === true);
  });

  afterAll(async () => {
    await stopServer(a);
    await stopServer(b);
    await redis?.stop();
  });

  it('a position judged by one replica is a hit on the other, with the same answer', async () => {
    const first = await ask(a, '/api/v1/hint?deal=PY1-N-AAAAAAC');
    expect(first.status, first.text).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    // The write to Redis is not awaited by a's request.
    await a.cache.settled();
    const second = await ask(b, '/api/v1/hint?deal=PY1-N-AAAAAAC');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.text).toBe(first.text);
    const analysis = await ask(a, '/api/v1/analysis?deal=PY1-N-AAAAAAD');
    expect(analysis.headers['x-cache']).toBe('miss');
    await a.cache.settled();
    expect((await ask(b, '/api/v1/analysis?deal=PY1-N-AAAAAAD&cards=fr')).headers['x-cache']).toBe('hit');
    const health = await ask<Health>(b, '/api/v1/health?ready=true');
    expect(health.status).toBe(200);
    expect(health.body.sharedCache).toEqual({ url: redis.url, reachable: true });
  });

  it('Redis gone: answers go on from memory, the log and the health route say so (still ready); Redis back: shared again', async () => {
    const port = redis.port;
    const told = a.logged.length;
    const since = (): string[] => a.logged.slice(told);
    await redis.stop();
    await until('the loss seen', async () => (await reachable(a)) === false && (await reachable(b)) === false);
    const health = await ask<Health>(a, '/api/v1/health?ready=true');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ready: true, status: 'degraded' });
    // Told once, not at every reconnection attempt.
    expect(since(), a.logged.join('\n')).toHaveLength(1);
    expect(since()[0]).toMatch(/the shared cache at redis:\/\/127\.0\.0\.1:\d+ is unreachable \(.+\): answering from this server's memory/);

    const solved = await ask(a, '/api/v1/hint?deal=PY1-N-AAAAAAE');
    expect(solved.status, solved.text).toBe(200);
    expect(solved.headers['x-cache']).toBe('miss');
    expect((await ask(a, '/api/v1/hint?deal=PY1-N-AAAAAAE')).headers['x-cache']).toBe('hit');
    // Kept by a alone: b solves it itself.
    expect((await ask(b, '/api/v1/hint?deal=PY1-N-AAAAAAE')).headers['x-cache']).toBe('miss');

    redis = await startRedis({ port });
    await until('Redis seen back', async () => (await reachable(a)) === true && (await reachable(b)) === true);
    expect(since()[1]).toMatch(/the shared cache at redis:\/\/127\.0\.0\.1:\d+ is back: answers are shared again/);
    // A fresh Redis: nothing kept. What a solves now, b reads.
    expect((await ask(a, '/api/v1/hint?deal=PY1-N-AAAAAAF')).headers['x-cache']).toBe('miss');
    await a.cache.settled();
    expect((await ask(b, '/api/v1/hint?deal=PY1-N-AAAAAAF')).headers['x-cache']).toBe('hit');
  });

  it('Redis frozen (SIGSTOP, its connections open): the first command that times out is a miss, logged once; thawed, shared again', async () => {
    const told = a.logged.length;
    const since = (): string[] => a.logged.slice(told);
    redis.signal('SIGSTOP');
    try {
      // Not in a's memory: a asks Redis, which does not answer; the request is still answered.
      const frozen = await ask(b, '/api/v1/hint?deal=PY1-N-AAAAAAG');
      expect(frozen.status, frozen.text).toBe(200);
      const first = await ask(a, '/api/v1/hint?deal=PY1-N-AAAAAAG');
      expect(first.status, first.text).toBe(200);
      expect(first.headers['x-cache']).toBe('miss');
      await until('the freeze seen', async () => (await reachable(a)) === false);
      expect((await ask<Health>(a, '/api/v1/health?ready=true')).body).toMatchObject({ ready: true, status: 'degraded' });
      // Later requests do not wait on it: a answers from its memory.
      expect((await ask(a, '/api/v1/hint?deal=PY1-N-AAAAAAG')).headers['x-cache']).toBe('hit');
      expect(since(), a.logged.join('\n')).toHaveLength(1);
      expect(since()[0]).toMatch(/is unreachable \(no answer within 500 ms\): answering from this server's memory/);
    } finally {
      redis.signal('SIGCONT');
    }
    await until('Redis seen answering again', async () => (await reachable(a)) === true);
    expect(since()[1]).toMatch(/is back: answers are shared again/);
    expect((await ask<Health>(a, '/api/v1/health')).body.status).toBe('ok');
  });

  it('as the documentation runs them: two processes with --cache redis://..., a token and --log info', async () => {
    const token = 'replica-token-0123456789abcdef';
    const started: { url: string; stop: () => Promise<number | null>; stderr: () => string }[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const args = ['serve', '--port', '0', '--cache', redis.url, '--log', 'info', '--rate-limit', 'off', '--max-time', '60s'];
        const child = spawn(process.execPath, [BIN, ...args], {
          cwd: ROOT,
          env: { ...process.env, CARDSOLVE_TOKEN: token },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        const url = await new Promise<string>((resolve, reject) => {
          child.stdout!.on('data', (d: Buffer) => {
            out += d.toString();
            const m = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
            if (m) resolve(m[1]!);
          });
          void exited.then((code) => reject(new Error(`exited (${code}): ${err}`)));
        });
        started.push({
          url,
          stderr: () => err,
          stop: () => {
            // Ctrl-C: stops at once (SIGTERM would drain first, for --drain).
            child.kill('SIGINT');
            return exited;
          },
        });
      }
      const get = (i: number, path: string) => fetch(`${started[i]!.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      for (const s of started)
        await until(
          'connected',
          async () => ((await (await fetch(`${s.url}/api/v1/health`)).json()) as Health).sharedCache?.reachable === true,
        );
      const kept = await keysIn(redis.url);
      const first = await get(0, '/api/v1/hint?deal=PY1-N-AAAAAAH');
      expect(first.status).toBe(200);
      expect(first.headers.get('x-cache')).toBe('miss');
      // The first process writes its answer to Redis after answering: the second asks once it is there.
      await until('the answer written to Redis', async () => (await keysIn(redis.url)) > kept);
      const second = await get(1, '/api/v1/hint?deal=PY1-N-AAAAAAH');
      expect(second.headers.get('x-cache')).toBe('hit');
      expect(await second.text()).toBe(await first.text());
      for (const s of started) expect(await s.stop()).toBe(0);
      expect(started[1]!.stderr()).toMatch(/"route":"\/api\/v1\/hint","status":200/);
      expect(started.map((s) => s.stderr()).join('')).not.toContain(token);
    } finally {
      for (const s of started) await s.stop();
    }
  });
});
