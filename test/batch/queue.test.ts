import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planBatch } from '../../src/batch/inputs.js';
import { queueTarget, redisTarget } from '../../src/batch/queue/connection.js';
import { claimKey, runQueuedBatch } from '../../src/batch/queue/coordinator.js';
import { batchSignature, checkReply, chunkJob, JOB_FORMAT, versionMismatch } from '../../src/batch/queue/jobs.js';
import { modeOf } from '../../src/batch/run.js';
import { InputError } from '../../src/errors/inputError.js';
import { openDeal } from '../../src/games/registry.js';
import { openDatabase } from '../../src/store/database.js';
import { CARDSOLVE_VERSION } from '../../src/version.js';
import { BIN, cardsolve } from '../support/cli.js';
import { inspect } from '../support/database.js';
import { missing } from '../support/programs.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { tempDir } from '../support/tempDir.js';

const NO_REDIS = missing('redis-server');
let redis: TestRedis;
let dir: string;
let cleanup: () => void;
beforeAll(async () => {
  if (NO_REDIS) return;
  redis = await startRedis({ password: 'pa ss' });
  ({ dir, cleanup } = tempDir());
});
afterAll(async () => {
  await redis?.stop();
  cleanup?.();
});

const LIMITS = { timeMs: Infinity, nodes: 2000, memoryBytes: 256 * 1024 ** 2 };
const FAST = ['--node-limit', '2000', '--time-limit', 'none'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('queue URLs', () => {
  it('reads redis:// and rediss:// with a user, a password and a database, and hides the password', () => {
    const plain = queueTarget('redis://10.0.0.5');
    expect(plain.redis).toMatchObject({ host: '10.0.0.5', port: 6379 });
    expect(plain.redis.tls).toBeUndefined();
    const tls = queueTarget('rediss://worker:s%40cret@queue.example:6380/2', 'deals');
    expect(tls.redis).toMatchObject({
      host: 'queue.example',
      port: 6380,
      username: 'worker',
      password: 's@cret',
      db: 2,
      tls: { servername: 'queue.example' },
    });
    expect(tls.shown).toBe('rediss://worker:***@queue.example:6380/2');
    expect(tls.name).toBe('deals');
  });

  it('refuses what is not a Redis URL or a queue name', () => {
    expect(() => queueTarget('http://10.0.0.5:6379')).toThrow(InputError);
    expect(() => queueTarget('10.0.0.5:6379')).toThrow(/not a Redis scheme|not a URL/);
    expect(() => queueTarget('redis://host/x')).toThrow(/database number/);
    expect(() => queueTarget('redis://host', 'a b')).toThrow(/--queue-name/);
    expect(() => queueTarget('redis://host:6379?db=2')).toThrow(/--queue "redis:\/\/host:6379\?db=2": a Redis URL takes no query/);
  });

  it('is the one reading of a Redis URL: serve --cache reads its URL with the same rules, under its own flag', () => {
    const cache = redisTarget('rediss://u:pw@cache.example:6390/1', '--cache');
    const queue = queueTarget('rediss://u:pw@cache.example:6390/1');
    expect(cache).toEqual({ shown: queue.shown, redis: queue.redis });
    expect(cache.shown).toBe('rediss://u:***@cache.example:6390/1');
    expect(() => redisTarget('redis://host/x', '--cache', 'expected a cache')).toThrow(
      '--cache "redis://host/x": the path "/x" is not a database number; expected a cache',
    );
  });
});

describe('chunks and replies', () => {
  const plan = planBatch({ args: ['PY1-N-AAAAAAA'], count: 2 }, {});
  const deals = [...plan.deals()];
  const job = chunkJob('sig', 'full', {}, LIMITS, {}, deals);
  const analyses = deals.map((d) => openDeal(d.input, {}).analyse(LIMITS, {}));
  const reply = (outcomes: unknown[]): unknown => ({
    format: JOB_FORMAT,
    cardsolve: CARDSOLVE_VERSION,
    worker: { host: 'h', pid: 1, threads: 1 },
    outcomes,
    ms: 3,
  });

  it('carries the versions a worker must have', () => {
    expect(job.deals[0]).toMatchObject({ key: 'PY1-N-AAAAAAA', game: 'pyramide', rules: 'app', solver: deals[0]!.solverVersion });
    expect(versionMismatch(job)).toBeNull();
    expect(versionMismatch({ ...job, cardsolve: '0.0.1-other' })).toMatch(/cardsolve 0\.0\.1-other/);
    expect(versionMismatch({ ...job, deals: [{ ...job.deals[0]!, solver: 'pyramide 999' }] })).toMatch(/solver pyramide 999/);
  });

  it('accepts a reply that answers the chunk and refuses one that does not', () => {
    const good = checkReply(job, reply(analyses.map((analysis) => ({ ok: true, analysis }))));
    expect(good.ok).toBe(true);
    expect(checkReply(job, reply([{ ok: true, analysis: analyses[0] }])).ok).toBe(false);
    const swapped = checkReply(job, reply([...analyses].reverse().map((analysis) => ({ ok: true, analysis }))));
    expect(swapped).toMatchObject({ ok: false, reason: expect.stringMatching(/answer for PY1-N-AAAAAAB, expected PY1-N-AAAAAAA/) });
    const lying = { ...analyses[0]!, verdict: 'winnable', winnable: false };
    expect(
      checkReply(
        job,
        reply([
          { ok: true, analysis: lying },
          { ok: true, analysis: analyses[1] },
        ]),
      ).ok,
    ).toBe(false);
    const otherRules = { ...analyses[0]!, rules: 'msc' };
    expect(
      checkReply(
        job,
        reply([
          { ok: true, analysis: otherRules },
          { ok: true, analysis: analyses[1] },
        ]),
      ).ok,
    ).toBe(false);
    expect(checkReply(job, { ...(reply([]) as object), cardsolve: '9.9.9', outcomes: [] }).ok).toBe(false);
    // A deal the worker could not analyse is a failure of that deal, not of the reply.
    expect(
      checkReply(
        job,
        reply([
          { ok: false, error: 'boom' },
          { ok: true, analysis: analyses[1] },
        ]),
      ),
    ).toMatchObject({ ok: true });
  });
});

describe.skipIf(NO_REDIS)('batch --queue and cardsolve worker', () => {
  it('analyses through a password-protected Redis, its URL in CARDSOLVE_QUEUE; a wrong password is refused with exit 2', async () => {
    // The URL from the environment: the password never shows on a command line.
    const env = { ...process.env, CARDSOLVE_QUEUE: redis.url };
    const worker = spawn(process.execPath, [BIN, 'worker', '--queue-name', 'pw', '--workers', '1', '--json'], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    worker.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
    try {
      const db = join(dir, 'pw.sqlite');
      const r = cardsolve(['batch', 'PY1-N-AAAAAAA', '--count', '12', '--db', db, ...FAST, '--queue-name', 'pw', '--json'], {
        cwd: dir,
        env: { CARDSOLVE_QUEUE: redis.url },
      });
      expect(r.status, r.stderr).toBe(0);
      const summary = JSON.parse(r.stdout) as { analysed: number; failed: number; queue: { workerProcesses: number; url: string } };
      expect(summary).toMatchObject({ analysed: 12, failed: 0, queue: { workerProcesses: 1 } });
      expect(summary.queue.url).not.toContain('pa');
      expect(inspect(db)).toMatchObject({ rows: 12, distinct: 12, integrity: 'ok' });
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ deals: 12, refused: null });

    const wrong = redis.url.replace('pa%20ss', 'nope');
    for (const args of [
      ['batch', 'PY1-N-AAAAAAA', '--db', join(dir, 'never.sqlite'), '--queue', wrong],
      ['worker', '--queue', wrong],
    ]) {
      const r = cardsolve(args, { cwd: dir });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/cannot use the queue at redis:\/\/:\*\*\*@127\.0\.0\.1/);
    }
    expect(existsSync(join(dir, 'never.sqlite'))).toBe(false);
  });

  it.skipIf(missing('openssl'))(
    'works over TLS (rediss://) with a server certificate the machines trust, and refuses one they do not',
    async () => {
      const secure = await startRedis({ tls: true });
      // Node takes an extra certificate authority from the environment, as an operator would set it.
      const trust = { NODE_EXTRA_CA_CERTS: secure.caFile! };
      const worker = spawn(process.execPath, [BIN, 'worker', '--queue', secure.url, '--workers', '1', '--json'], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...trust },
      });
      let out = '';
      worker.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
      try {
        expect(secure.url).toMatch(/^rediss:\/\/127\.0\.0\.1:\d+$/);
        const db = join(dir, 'tls.sqlite');
        const r = cardsolve(['batch', 'PY1-N-AAAAAAA', '--count', '6', '--db', db, ...FAST, '--queue', secure.url, '--json'], {
          cwd: dir,
          env: trust,
        });
        expect(r.status, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout)).toMatchObject({ analysed: 6, failed: 0, queue: { workerProcesses: 1 } });
        expect(inspect(db)).toMatchObject({ rows: 6, distinct: 6, integrity: 'ok' });

        // Without the authority the certificate is not trusted: refused, nothing written.
        const untrusted = cardsolve(['batch', 'PY1-N-AAAAAAA', '--db', join(dir, 'untrusted.sqlite'), '--queue', secure.url], { cwd: dir });
        expect(untrusted.status, untrusted.stderr).toBe(2);
        expect(untrusted.stderr).toMatch(/cannot use the queue at rediss:\/\/127\.0\.0\.1/);
        expect(existsSync(join(dir, 'untrusted.sqlite'))).toBe(false);
      } finally {
        worker.kill('SIGTERM');
        await secure.stop();
      }
      expect(await exited).toBe(0);
      expect(JSON.parse(out)).toMatchObject({ deals: 6 });
    },
  );

  it('a worker of other versions puts the chunk back and stops', async () => {
    const target = queueTarget(redis.url, 'versions');
    const queue = new Queue('versions', { connection: target.redis });
    try {
      const deals = [...planBatch({ args: ['PY1-N-AAAAAAA'] }, {}).deals()];
      const job = await queue.add('chunk', { ...chunkJob('sig', 'full', {}, LIMITS, {}, deals), cardsolve: '0.0.1-older' });
      const r = cardsolve(['worker', '--queue', redis.url, '--queue-name', 'versions', '--workers', '1'], { cwd: dir });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/refused a chunk: the batch runs cardsolve 0\.0\.1-older, this worker is cardsolve/);
      expect(await queue.getJobState(job.id!)).toBe('waiting');
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('refuses a second coordinator on one queue, and chunks another batch left unless told to drop them', async () => {
    const target = queueTarget(redis.url, 'busy');
    const client = new Redis(target.redis);
    const db = join(dir, 'busy.sqlite');
    const args = ['batch', 'PY1-N-AAAAAAA', '--count', '3', '--db', db, ...FAST, '--queue', redis.url, '--queue-name', 'busy'];
    try {
      // This test process is alive: a coordinator claim in its name is a running coordinator.
      await client.set(
        claimKey('busy'),
        JSON.stringify({ token: 't', host: (await import('node:os')).hostname(), pid: process.pid, since: 'now' }),
        'PX',
        60_000,
      );
      const refused = cardsolve(args, { cwd: dir });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/another batch coordinator already runs on the queue/);
      await client.del(claimKey('busy'));

      const queue = new Queue('busy', { connection: target.redis });
      await queue.add('chunk', { something: 'else' });
      await queue.close();
      const foreign = cardsolve(args, { cwd: dir });
      expect(foreign.status).toBe(2);
      expect(foreign.stderr).toMatch(/holds 1 chunk of another batch/);
      // With --discard-queued the old chunk is dropped and this batch is queued (no worker runs: stop it).
      const child = spawn(process.execPath, [BIN, ...args, '--discard-queued', '--no-progress'], { cwd: dir, stdio: 'ignore' });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      const check = new Queue('busy', { connection: target.redis });
      const ours = (jobs: Array<{ data: unknown }>): boolean =>
        jobs.length > 0 && jobs.every((j) => typeof (j.data as { batch?: unknown }).batch === 'string');
      let jobs = await check.getJobs(['waiting']);
      for (let i = 0; i < 200 && !ours(jobs); i++) {
        await new Promise((r) => setTimeout(r, 50));
        jobs = await check.getJobs(['waiting']);
      }
      await check.close();
      child.kill('SIGINT');
      await exited;
      // The foreign chunk is gone; this batch's chunks wait for a worker.
      expect(ours(jobs)).toBe(true);
    } finally {
      client.disconnect();
    }
  });

  it('does not count as recovered a finished chunk the killed run had already stored', async () => {
    // An earlier run stored the first deal and was killed before it removed that chunk's job:
    // the rerun finds the job finished in Redis and the deal stored. The deal is stored, not
    // recovered (the report must add up: skipped = found stored before the rerun + recovered).
    const target = queueTarget(redis.url, 'stored-twice');
    const plan = planBatch({ args: ['PY1-N-AAAAAAA'] }, {});
    const [first] = [...plan.deals()];
    const options = {};
    const signature = batchSignature(modeOf(options), plan.flags, LIMITS, options);
    const queue = new Queue('stored-twice', { connection: target.redis });
    const worker = spawn(
      process.execPath,
      [BIN, 'worker', '--queue', redis.url, '--queue-name', 'stored-twice', '--workers', '1', '--no-progress'],
      { cwd: dir, stdio: 'ignore' },
    );
    const path = join(dir, 'stored-twice.sqlite');
    try {
      await queue.add('chunk', chunkJob(signature, modeOf(options), plan.flags, LIMITS, options, [first!]), {
        removeOnComplete: false,
        removeOnFail: false,
      });
      for (let i = 0; i < 600 && ((await queue.getJobCounts('completed')).completed ?? 0) < 1; i++) await sleep(50);
      expect((await queue.getJobCounts('completed')).completed).toBe(1);
      worker.kill('SIGTERM');
      expect(cardsolve(['batch', 'PY1-N-AAAAAAA', '--db', path, ...FAST], { cwd: dir }).status).toBe(0);

      const db = openDatabase(path);
      try {
        const summary = await runQueuedBatch({ plan, db, queue: target, limits: LIMITS, analyse: options, chunkSize: 1 });
        expect(summary.queue.recovered).toBe(0);
        expect(summary.skipped).toBe(1);
        expect(summary.queue.chunks).toBe(0);
      } finally {
        db.close();
      }
    } finally {
      worker.kill('SIGTERM');
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 60_000);

  it('counts a deal once when its chunk, left by an earlier run, comes back while a rerun walks the plan', async () => {
    // An earlier run stored the first deal, queued the last 4 of the plan, one per chunk, and
    // stopped. The rerun awaits them; with chunks of 1 deal and 8 at most on the queue, it
    // blocks after 4 sends until chunks come back, and the one worker takes chunks in order:
    // the earlier run's first. So they are stored before the walk reaches their deals, which
    // must not then count as found stored. (The stored first deal makes the walk ask the
    // database: with nothing stored at the start it asks nothing.)
    const target = queueTarget(redis.url, 'rerun');
    const plan = planBatch({ args: ['PY1-N-AAAAAAA'], count: 20 }, {});
    const deals = [...plan.deals()];
    const options = {};
    const signature = batchSignature(modeOf(options), plan.flags, LIMITS, options);
    const queue = new Queue('rerun', { connection: target.redis });
    for (const deal of deals.slice(16)) {
      await queue.add('chunk', chunkJob(signature, modeOf(options), plan.flags, LIMITS, options, [deal]), {
        removeOnComplete: false,
        removeOnFail: false,
      });
    }
    const path = join(dir, 'rerun.sqlite');
    expect(cardsolve(['batch', 'PY1-N-AAAAAAA', '--db', path, ...FAST], { cwd: dir }).status).toBe(0);
    const db = openDatabase(path);
    let worker: ReturnType<typeof spawn> | null = null;
    try {
      const summary = await runQueuedBatch({
        plan: planBatch({ args: ['PY1-N-AAAAAAA'], count: 20 }, {}),
        db,
        queue: target,
        limits: LIMITS,
        analyse: options,
        chunkSize: 1,
        // The worker starts once the rerun has listed what the queue holds.
        onStart: () => {
          worker = spawn(
            process.execPath,
            [BIN, 'worker', '--queue', redis.url, '--queue-name', 'rerun', '--workers', '1', '--no-progress'],
            {
              cwd: dir,
              stdio: 'ignore',
            },
          );
        },
      });
      expect(summary.queue.adopted).toBe(4);
      expect(summary.queue.chunks).toBe(15);
      expect(summary.skipped).toBe(1);
      expect(summary.analysed).toBe(19);
      expect((db.prepare('SELECT COUNT(*) AS n FROM results').get() as { n: number }).n).toBe(20);
    } finally {
      db.close();
      (worker as ReturnType<typeof spawn> | null)?.kill('SIGTERM');
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 60_000);
});
