/**
 * The serve suite's server: `cardsolve serve` as a child process (so the memory it reports is
 * its own, not the benchmark's), and a keep-alive client for the requests the suite times.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/cardsolve.js', import.meta.url));

/** The server must print its address within this long. */
const START_TIMEOUT_MS = 30_000;
/** After Ctrl-C (SIGINT), the server gets this long to close before it is killed. */
const STOP_TIMEOUT_MS = 10_000;

export interface ServerChild {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  base: string;
  /** From the spawn to the address printed. */
  startMs: number;
  stop(): Promise<void>;
}

/** `cardsolve serve --db <db> --port 0` on 127.0.0.1, resolved once it prints where it listens. */
export function startServer(db: string, extra: readonly string[] = []): Promise<ServerChild> {
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', '--db', db, '--port', '0', '--host', '127.0.0.1', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // Ctrl-C: stops at once (SIGTERM would drain first, for --drain).
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`cardsolve serve printed no address within ${START_TIMEOUT_MS / 1000} s: ${err.trim()}`));
    }, START_TIMEOUT_MS);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ base: m[1]!, startMs: performance.now() - t0, stop });
      }
    });
    // Read so the pipe never fills; shown if the server dies.
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`cardsolve serve exited (${code ?? signal}) before listening: ${err.trim()}`));
    });
  });
}

// Keep-alive, as a page's client would: the timed round trip holds no connection set-up.
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export interface Answer {
  status: number;
  body: string;
  /** From the request sent to the last byte of the answer. */
  ms: number;
}

export function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(url, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A 2xx answer's JSON; anything else throws with the server's message. */
/** A GET's JSON, as a polite client asks: after a 503 (busy) it waits a second and asks again, a few times. */
export async function getJson<T>(url: string): Promise<T> {
  let a = await get(url);
  for (let tries = 1; a.status === 503 && tries < 10; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    a = await get(url);
  }
  if (a.status < 200 || a.status >= 300) throw new Error(`GET ${url.slice(0, 200)}: ${a.status} ${a.body.slice(0, 300)}`);
  return JSON.parse(a.body) as T;
}

/** What `GET /api/v1/health` answers (the fields read here). */
export interface Health {
  cache: { entries: number; hits: number; misses: number; prefetched: number };
  memory: { rssBytes: number; heapUsedBytes: number };
}

export function health(base: string): Promise<Health> {
  return getJson<Health>(`${base}/api/v1/health`);
}

export const mb = (bytes: number): number => Math.round(bytes / 1024 ** 2);

/** Closes the idle keep-alive sockets, so the process can end. */
export function closeClient(): void {
  agent.destroy();
}
