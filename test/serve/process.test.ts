/**
 * `cardsolve serve` as a user starts it: it prints its URL soon, answers, stops on Ctrl-C
 * with exit code 0, refuses a port already taken, refuses the network without a token (or
 * warns with --public), refuses bad service flags, logs JSON lines, and stops gracefully.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server as NetServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cardsolve, ROOT } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';

interface Started {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `cardsolve serve ARGS` and waits for the URL it prints. */
function serve(args: readonly string[], env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no URL printed in 20 s:\n${out}\n${err}`));
    }, 20_000);
    const check = (): void => {
      const found = /(https?:\/\/\S+?)\/? \(/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve({ child, url: found[1]!, stdout: () => out, stderr: () => err, exited });
      }
    };
    child.stdout!.on('data', check);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`cardsolve serve exited (${code}) before printing its URL:\n${out}\n${err}`));
    });
  });
}

/** SIGINT, as Ctrl-C sends; the exit. */
async function interrupt(s: Started): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  s.child.kill('SIGINT');
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still running 10 s after SIGINT')), 10_000));
  return Promise.race([s.exited, timeout]);
}

describe('cardsolve serve, the process', () => {
  let folder: { dir: string; cleanup: () => void };
  let db: string;
  const running: Started[] = [];

  beforeAll(() => {
    folder = tempDir();
    db = join(folder.dir, 'results.sqlite');
  });

  afterAll(() => {
    for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    folder?.cleanup();
  });

  it('prints its URL, answers, and stops on SIGINT with exit code 0', async () => {
    const s = await serve(['--db', db, '--port', '0']);
    running.push(s);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s.stdout()).toMatch(/read-only; Ctrl-C stops/);
    const health = await fetch(`${s.url}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { version: string }).version).toMatch(/^\d+\.\d+\.\d+/);
    const play = await fetch(`${s.url}/api/v1/play?deal=PY1-N-AAAAAAA`);
    expect(play.status).toBe(200);
    expect(((await play.json()) as { code: string }).code).toBe('PY1-N-AAAAAAA');
    expect(await interrupt(s)).toEqual({ code: 0, signal: null });
    expect(s.stderr()).toBe('');
  });

  it('a port already taken: exit code 2 and a message saying so', async () => {
    const taken: NetServer = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as { port: number }).port;
      const r = cardsolve(['serve', '--db', db, '--port', String(port)]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`--port ${port}: the port is taken`));
      expect(r.stdout).toBe('');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('--host 0.0.0.0 without a token is refused before listening: exit code 2, naming --token', () => {
    const r = cardsolve(['serve', '--db', db, '--port', '0', '--host', '0.0.0.0'], { env: { ...process.env, CARDSOLVE_TOKEN: '' } });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /--host 0\.0\.0\.0 opens the server to the network: give --token TOKEN \(or the variable CARDSOLVE_TOKEN\), or --public/,
    );
    expect(r.stdout).toBe('');
  });

  it('--host 0.0.0.0 --public warns on standard error that the server is open to the network', async () => {
    const s = await serve(['--db', db, '--port', '0', '--host', '0.0.0.0', '--public']);
    running.push(s);
    // The warning is written just before the URL.
    for (let tries = 0; tries < 50 && s.stderr() === ''; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.stderr()).toMatch(/warning: listening on 0\.0\.0\.0, not only this machine, with no token \(--public\)/);
    expect(await interrupt(s)).toEqual({ code: 0, signal: null });
  });

  it('bad service flags: exit code 2 and one message naming the flag and what is expected', () => {
    const cases: [string[], RegExp][] = [
      [['--rate-limit', '10/fortnight'], /--rate-limit "10\/fortnight": expected requests a minute per client address, as N\/min/],
      [['--rate-limit', '0/min'], /--rate-limit "0\/min": expected/],
      [['--cors', '*'], /--cors: "\*" is not an origin: expected scheme:\/\/host\[:port\]/],
      [['--cors', 'https://app.example.com/path'], /--cors: "https:\/\/app\.example\.com\/path" is not an origin/],
      [
        ['--cache', 'redis//127.0.0.1:6379'],
        /--cache "redis\/\/127\.0\.0\.1:6379": expected a number of answers .* or a Redis URL shared by replicas \(redis:\/\/HOST:PORT\)/,
      ],
      [['--cache', 'redis://127.0.0.1:99999'], /--cache "redis:\/\/127\.0\.0\.1:99999" is not a URL: expected a number of answers/],
      [
        ['--cache', 'redis://127.0.0.1/cache'],
        /--cache "redis:\/\/127\.0\.0\.1\/cache": the path "\/cache" is not a database number; expected/,
      ],
      [['--log', 'loud'], /--log "loud": expected a level, one of fatal, error, warn, info, debug, trace/],
      [['--token', 'short'], /--token: the token is 5 characters long, expected at least 16/],
    ];
    for (const [flags, message] of cases) {
      const r = cardsolve(['serve', '--db', db, '--port', '0', ...flags]);
      expect(r.status, flags.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
  });

  it('--help documents every service flag', () => {
    const help = cardsolve(['serve', '--help']).stdout;
    for (const flag of [
      '--token',
      '--public',
      '--cors',
      '--rate-limit',
      '--log',
      '--drain',
      '--cache <n|url>',
      'CARDSOLVE_TOKEN',
      '/metrics',
      'SIGTERM',
    ])
      expect(help).toContain(flag);
  });

  it('--log info with CARDSOLVE_TOKEN: one JSON line per request on standard error, never the token', async () => {
    const token = 'process-token-0123456789abcdef';
    const s = await serve(['--db', db, '--port', '0', '--log', 'info'], { CARDSOLVE_TOKEN: token });
    running.push(s);
    expect((await fetch(`${s.url}/api/v1/games`)).status).toBe(401);
    const games = await fetch(`${s.url}/api/v1/games`, { headers: { authorization: `Bearer ${token}` } });
    expect(games.status).toBe(200);
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await interrupt(s)).toEqual({ code: 0, signal: null });
    const lines = s
      .stderr()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.msg === 'request').map((l) => [l.method, l.route, l.status])).toEqual([
      ['GET', '/api/v1/games', 401],
      ['GET', '/api/v1/games', 200],
      ['GET', '/metrics', 200],
    ]);
    expect(s.stderr()).not.toContain(token);
  });

  it('SIGTERM: drains (unready, still answering, each answer closing its connection) until --drain ends or a second signal', async () => {
    // A drain no test waits for: a second signal ends it, so the order of events is the test's own.
    const s = await serve(['--db', db, '--port', '0', '--max-time', '8s', '--drain', '10m']);
    running.push(s);
    expect((await fetch(`${s.url}/api/v1/health?ready=true`)).status).toBe(200);
    s.child.kill('SIGTERM');
    let health: Response | null = null;
    // Until the signal has arrived: then ready=true answers 503, with the status saying why.
    for (let i = 0; i < 400 && health?.status !== 503; i++) {
      health = await fetch(`${s.url}/api/v1/health?ready=true`);
      if (health.status !== 503) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(health!.status).toBe(503);
    expect(((await health!.json()) as { status: string }).status).toBe('draining');
    // Still answering, each answer closing its connection.
    const games = await fetch(`${s.url}/api/v1/games`);
    expect(games.status).toBe(200);
    expect(games.headers.get('connection')).toBe('close');
    expect(s.child.exitCode).toBeNull();
    s.child.kill('SIGINT');
    expect(await s.exited).toEqual({ code: 0, signal: null });
  });

  it('SIGTERM with --drain 0s: stops taking requests, answers the one in flight, then exits 0', async () => {
    // A time limit no busy machine reaches: the answer is the solve's, not a 503.
    const s = await serve(['--db', db, '--port', '0', '--threads', '1', '--max-time', '60s', '--drain', '0s']);
    running.push(s);
    // A Double Solitaire analysis: a second or two of solving and figures.
    const events: string[] = [];
    const inFlight = fetch(`${s.url}/api/v1/analysis?deal=DS1-D1N-AAAAAAB`).then((r) => {
      events.push('answer');
      return r;
    });
    // The signal once the solve is on its thread (the metrics say so), not after a fixed pause.
    let solving = false;
    for (let i = 0; i < 400 && !solving && events.length === 0; i++) {
      solving = /^cardsolve_solves_running 1$/m.test(await (await fetch(`${s.url}/metrics`)).text());
      if (!solving) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(solving).toBe(true);
    events.push('SIGTERM');
    s.child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { verdict: string }).verdict).toBe('winnable');
    // The answer came after the signal, not before it.
    expect(events).toEqual(['SIGTERM', 'answer']);
    await expect(fetch(`${s.url}/api/v1/health`)).rejects.toThrow();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still running 10 s after SIGTERM')), 10_000));
    expect(await Promise.race([s.exited, timeout])).toEqual({ code: 0, signal: null });
  });
});
