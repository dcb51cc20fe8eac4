/**
 * A private redis-server for a test file: on a free port of 127.0.0.1, with a temporary folder
 * and no persistence, stopped afterwards. The test files skip without redis-server (see
 * `programs.ts`); CI installs it and requires them.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';

export interface TestRedis {
  port: number;
  /** redis://127.0.0.1:PORT (rediss:// with TLS), with the password when there is one. */
  url: string;
  /** With TLS: the file of the certificate authority that signed the server's certificate. */
  caFile: string | null;
  stop(): Promise<void>;
  /** Sends the server a signal: SIGSTOP freezes it (its connections stay open), SIGCONT wakes it. */
  signal(signal: NodeJS.Signals): void;
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

/** A certificate authority and a server certificate for 127.0.0.1 it signed, made with openssl in `dir`. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const file = (name: string): string => join(dir, name);
  const run = (args: string[]): void => {
    const r = spawnSync('openssl', args, { encoding: 'utf8' });
    if (r.error || r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.error?.message ?? r.stderr}`);
  };
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=cardsolve test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
  ]);
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', file('server.key'), '-out', file('server.csr')]);
  writeFileSync(file('san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  run([
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('san.ext'),
    '-out',
    file('server.crt'),
  ]);
  return { ca: file('ca.crt'), cert: file('server.crt'), key: file('server.key') };
}

/** Whether a TLS server answers a PING, trusting `ca`. */
function answersTls(port: number, ca: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, ca: readFileSync(ca) }, () => socket.write('PING\r\n'));
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(/^[+-]/.test(data.toString())));
  });
}

/** `port`: a given port (a restart on the port a client knows), else a free one. */
export async function startRedis(options: { password?: string; tls?: boolean; port?: number } = {}): Promise<TestRedis> {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error('redis-server is not installed: the queue tests need it (Debian: apt-get install redis-server; .ci/run installs it)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-redis-'));
  const port = options.port ?? (await freePort());
  const tls = options.tls === true ? makeCertificates(dir) : null;
  const listen = tls
    ? [
        '--port',
        '0',
        '--tls-port',
        String(port),
        '--tls-cert-file',
        tls.cert,
        '--tls-key-file',
        tls.key,
        '--tls-ca-cert-file',
        tls.ca,
        '--tls-auth-clients',
        'no',
      ]
    : ['--port', String(port)];
  const args = [...listen, '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'];
  if (options.password !== undefined) args.push('--requirepass', options.password);
  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (await (tls ? answersTls(port, tls.ca) : answers(port))) break;
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
    url: `${tls ? 'rediss' : 'redis'}://${auth}127.0.0.1:${port}`,
    caFile: tls ? tls.ca : null,
    signal(signal) {
      child.kill(signal);
    },
    async stop() {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
