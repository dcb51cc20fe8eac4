/**
 * A private redis-server for a test file: on a free port of 127.0.0.1, with a temporary folder
 * and no persistence, stopped afterwards. A missing redis-server fails the test with a clear
 * message (CI installs it), never skips it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestRedis {
  port: number;
  /** redis://127.0.0.1:PORT, with the password when there is one. */
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether the server answers a PING (a password-protected one answers NOAUTH, which is an answer too). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(/^[+-]/.test(data.toString())));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

export async function startRedis(options: { password?: string } = {}): Promise<TestRedis> {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error('redis-server is not installed: the queue tests need it (Debian: apt-get install redis-server; .ci/run installs it)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'];
  if (options.password !== undefined) args.push('--requirepass', options.password);
  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (await answers(port)) break;
    if (child.exitCode !== null || i > 100) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start on 127.0.0.1:${port}: ${stderr.trim() || 'no answer'}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const auth = options.password !== undefined ? `:${encodeURIComponent(options.password)}@` : '';
  return {
    port,
    url: `redis://${auth}127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
