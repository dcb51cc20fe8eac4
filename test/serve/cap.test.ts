/**
 * The server's promises under load: past the cap of solves and waiting requests the answer is
 * a quick 503 with Retry-After, work nobody asked for does not take a requester's place, every
 * request has a time limit, and stopping the server while its threads work is clean.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../../src/contract/index.js';
import { openPosition } from '../../src/index.js';
import type { Server } from '../../src/serve/app.js';
import { ROOT } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';
import { type Answer, ask, startServer, stopServer } from './helpers.js';

/**
 * A solve that runs to its time limit answers, or, when the fixed work after its search does
 * not end within the limit's grace (a busy machine), is a 503 naming the limit: either is right,
 * and which one depends on the machine's load. Whether the answer is 200.
 */
function answeredOrOutOfTime(r: Answer<unknown>, timeMs: number): boolean {
  if (r.status === 200) return true;
  expect(r.status, r.text.slice(0, 300)).toBe(503);
  expect(r.headers['retry-after']).toBe('1');
  expect((r.body as { error: string }).error).toContain(`could not answer within this request's time limit (${timeMs}ms)`);
  return false;
}

/** Until no solver thread works (the metrics say so): a solve answered 503 by its deadline may still be ending. */
async function untilIdle(server: Server): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (/^cardsolve_solves_running 0$/m.test((await ask(server, '/metrics')).text)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the solver threads are still at work after 400 looks');
}

describe('one solver thread, no queue', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer('no-database-here.sqlite', { threads: 1, queue: 0 });
  });

  afterAll(async () => {
    await stopServer(server);
  });

  it('two slow requests at once: one answers, the other is a 503 with Retry-After, before the answer', async () => {
    // The order the answers come back in, not their times: a busy machine changes the times only.
    // An analysis that ends within the tests' time limit: its answer never depends on the machine.
    const order: number[] = [];
    const [a, b] = (await Promise.all(
      ['PY1-N-AAAAAAG', 'PY1-N-AAAAAAG&cards=en'].map((deal, i) =>
        ask<Analysis>(server, `/api/v1/analysis?deal=${deal}`).then((r) => {
          order.push(i);
          return r;
        }),
      ),
    )) as [Awaited<ReturnType<typeof ask<Analysis>>>, Awaited<ReturnType<typeof ask<Analysis>>>];
    const answered = a.status === 200 ? a : b;
    const refused = a.status === 200 ? b : a;
    expect([a.status, b.status].sort()).toEqual([200, 503]);
    expect(refused.headers['retry-after']).toBe('1');
    expect((refused.body as unknown as { error: string }).error).toMatch(/busy: 1 solving and 0 waiting/);
    // Turned away at once: before the other is solved.
    expect(order[0]).toBe(refused === a ? 0 : 1);
    expect(answered.body.verdict).toBe('winnable');
  });

  it('positions worked out ahead of time do not take a requester’s place', async () => {
    // After an answer the server judges the positions along its line while the thread is free;
    // the next request, from the same lone player, must still be served.
    const first = await ask(server, '/api/v1/hint?deal=PY1-N-AAAAAAC');
    expect(first.status, first.text).toBe(200);
    const next = await ask(server, '/api/v1/hint?deal=PY1-N-AAAAAAD');
    expect(next.status, next.text).toBe(200);
  });
});

describe('one solver thread, one waiting', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer('no-database-here.sqlite', { threads: 1, queue: 1 });
  });

  afterAll(async () => {
    await stopServer(server);
  });

  it('a request whose time limit comes while it waits for the thread is a 503 then, before the solve ahead of it ends', async () => {
    const order: string[] = [];
    // A Vegas analysis runs to its time limit: the thread stays taken for all of it.
    const ahead = ask<Analysis>(server, '/api/v1/analysis?deal=DS1-D1V-AAAAAAA&timeLimit=2s').then((r) => {
      order.push('ahead');
      return r;
    });
    // The thread taken (the metrics say so) before the second request is sent.
    let taken = false;
    for (let i = 0; i < 200 && !taken; i++) {
      taken = /^cardsolve_solves_running 1$/m.test((await ask(server, '/metrics')).text);
      if (!taken) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(taken).toBe(true);
    const waited = await ask(server, '/api/v1/hint?deal=PY1-N-AAAAAAC&timeLimit=600ms');
    order.push('waited');
    expect(waited.status, waited.text.slice(0, 300)).toBe(503);
    expect(waited.headers['retry-after']).toBe('1');
    expect((waited.body as unknown as { error: string }).error).toMatch(/no solver thread was free in this request's time limit/);
    const first = await ahead;
    if (answeredOrOutOfTime(first, 2000)) expect(first.body.verdict).toMatch(/winnable|unknown/);
    expect(order).toEqual(['waited', 'ahead']);
    // Once the thread is free again (a solve answered 503 may still be ending on it), the same request is answered.
    await untilIdle(server);
    // With the tests' time limit: whether it answers never depends on the machine's load.
    const again = await ask(server, '/api/v1/hint?deal=PY1-N-AAAAAAC');
    expect(again.status, again.text.slice(0, 300)).toBe(200);
  });
});

/** A server whose every request has 300 ms. */
const LIMITED = { maxTimeMs: 300, limits: { timeMs: 300, nodes: Number.POSITIVE_INFINITY, memoryBytes: 512 * 1024 ** 2 } };

describe('the time limit of a request', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer('no-database-here.sqlite', LIMITED);
  });

  afterAll(async () => {
    await stopServer(server);
  });

  it('a Double Solitaire hint with a 300 ms limit answers: judged, or unknown with the limit named (or a 503 naming it)', async () => {
    const deals = ['DS1-D1N-AAAAAAB', 'DS1-D1N-AAAAAAF'];
    const answers = await Promise.all(
      deals.map((deal) => ask<{ status: string; limit: string | null }>(server, `/api/v1/hint?deal=${deal}`)),
    );
    for (const r of answers) if (answeredOrOutOfTime(r, 300) && r.body.status === 'unknown') expect(r.body.limit).toBe('time');
  });

  it('a Double Solitaire analysis stops its search before the limit: the fixed-work figures after it answer (or a 503 naming the limit)', async () => {
    const deals = ['DS1-D1N-AAAAAAB', 'DS1-D1N-AAAAAAF'];
    // On a server of their own, one after the other: the hints above left positions to judge
    // ahead, which take the threads, and a request that finds no thread within its 300 ms is
    // rightly a 503. An analysis cut by its limit leaves nothing to judge ahead, and a solve
    // still ending after its 503 takes one thread of two.
    const answers = [];
    const alone = await startServer('no-database-here.sqlite', LIMITED);
    try {
      for (const deal of deals) answers.push(await ask<Analysis>(alone, `/api/v1/analysis?deal=${deal}`));
    } finally {
      await stopServer(alone);
    }
    for (const [i, r] of answers.entries()) {
      const deal = deals[i]!;
      if (!answeredOrOutOfTime(r, 300)) continue;
      expect(r.body.verdict, deal).toMatch(/^(winnable|unwinnable|unknown)$/);
      if (r.body.verdict === 'unknown') expect(r.body.limit, deal).toBe('time');
      if (r.body.solution !== null) {
        // A solution found in a hurry still wins when replayed.
        const position = openPosition(deal);
        for (const move of r.body.solution) position.move(move);
        expect(position.playStatus(), deal).toBe('won');
      }
    }
  });
});

describe('stopping the server', () => {
  it('close() while a solver thread’s answer is on its way does not crash the process', () => {
    const { dir, cleanup } = tempDir();
    try {
      const app = pathToFileURL(join(ROOT, 'dist/src/serve/app.js')).href;
      // The analysis (one that ends well within its limit, whatever the machine's load) leaves
      // the threads judging the positions along its line; the event loop then stays busy a
      // moment (a slow request, a pause), so answers wait in the threads' ports when close() runs.
      const script = `
        const { buildServer } = await import(${JSON.stringify(app)});
        const server = await buildServer({
          db: 'none.sqlite', store: false, maxTimeMs: 60000,
          limits: { timeMs: 60000, nodes: Infinity, memoryBytes: 512 * 1024 ** 2 },
          threads: 2, queue: 8, cacheEntries: 1000, log: () => {},
        });
        const r = await server.app.inject({ url: '/api/v1/analysis?deal=PY1-N-AAAAAAG' });
        const until = Date.now() + 1000;
        while (Date.now() < until) {}
        await server.close();
        process.stdout.write('closed ' + r.statusCode + '\\n');
      `;
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
      expect(r.stderr).not.toMatch(/Unexpected message from Worker/);
      expect(r.status, r.stderr.slice(0, 400)).toBe(0);
      expect(r.stdout).toBe('closed 200\n');
    } finally {
      cleanup();
    }
  });
});
