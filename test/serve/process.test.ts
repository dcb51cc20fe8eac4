/**
 * `cardsolve serve` as a user starts it: it prints its URL soon, answers, stops on Ctrl-C
 * with exit code 0, refuses a port already taken, and warns when it listens beyond this machine.
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
  ms: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `cardsolve serve ARGS` and waits for the URL it prints. */
function serve(args: readonly string[]): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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
        resolve({ child, url: found[1]!, ms: performance.now() - started, stdout: () => out, stderr: () => err, exited });
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

  it('prints its URL soon, answers, and stops on SIGINT with exit code 0', async () => {
    const s = await serve(['--db', db, '--port', '0']);
    running.push(s);
    expect(s.ms).toBeLessThan(5000);
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

  it('--host 0.0.0.0 warns on standard error that the server is open to the network', async () => {
    const s = await serve(['--db', db, '--port', '0', '--host', '0.0.0.0']);
    running.push(s);
    // The warning is written just before the URL.
    for (let tries = 0; tries < 50 && s.stderr() === ''; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(s.stderr()).toMatch(/warning: listening on 0\.0\.0\.0, not only this machine/);
    expect(await interrupt(s)).toEqual({ code: 0, signal: null });
  });
});
