/**
 * The serve suite under a hostile client (`npm run bench -- abuse`): `cardsolve serve` as a
 * child process on 127.0.0.1, with a token and a rate limit, then five attacks one after the
 * other, each bounded in count and time:
 *
 * 1. `--bombs N` (16) `POST /api/v1/line` bombs at once (1,000 draws and turn-overs of a
 *    Double Solitaire deal, every position revealed), while the health route is asked every
 *    20 ms: its latency (median, p99, max) and the server's peak resident memory;
 * 2. `--analyses N` (100) analyses at once of far Vegas deals, which run to their limit: each
 *    answer's time against `--max-time` (2 s), and the statuses;
 * 3. wrong tokens from one address, one after the other: how many 401s before the first 429;
 * 4. SIGTERM while a client sends on kept-alive sockets (`--drain 1s`): the answers during
 *    the drain, the sockets reset, the requests refused once the port is closed;
 * 5. the same with `--drain 0s`, for the difference the drain makes.
 *
 *   --bin PATH   the `cardsolve` to run (default: this build's bin/cardsolve.js), to measure another build the same way
 *   --no-drain   for a build without `--drain`: SIGTERM once, as it stops
 *   --drain-only the drain parts only (4 and 5), `--runs N` (1) times each: its resets vary from run to run
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dealNumberLetters } from '../src/codes/dealCode.js';
import { flagNumber, flagText, percentile } from './stats.js';

const TOKEN = 'abuse-bench-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };

interface Child {
  base: string;
  child: ChildProcess;
  exited: Promise<void>;
}

function start(bin: string, extra: readonly string[]): Promise<Child> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', 'none.sqlite', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CARDSOLVE_TOKEN: TOKEN },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no address within 30 s: ${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const found = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve({ base: found[1]!, child, exited });
      }
    });
    child.stderr!.resume();
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

/** Peak resident memory of another process, the server (Linux: VmHWM), in MB. */
function childPeakRssMb(pid: number): number {
  const found = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return found ? Math.round(Number(found[1]) / 1024) : Number.NaN;
}

interface Answer {
  status: number;
  ms: number;
  error: string | null;
}

function send(
  base: string,
  path: string,
  options: { method?: string; body?: string; headers?: Record<string, string>; agent?: Agent } = {},
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
      {
        method: options.method ?? 'GET',
        headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
        agent: options.agent ?? false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0, error: null }));
        res.on('error', (e: NodeJS.ErrnoException) => resolve({ status: 0, ms: performance.now() - t0, error: e.code ?? e.message }));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ status: 0, ms: performance.now() - t0, error: e.code ?? e.message }));
    req.end(options.body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${percentile(s, 0.5).toFixed(1)} ms, p99 ${percentile(s, 0.99).toFixed(1)} ms, max ${(s.at(-1) ?? Number.NaN).toFixed(1)} ms (${s.length})`;
};
const tally = (answers: Answer[]) => {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(a.error ?? String(a.status), (counts.get(a.error ?? String(a.status)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} x${n}`).join(', ');
};

/** Asks the health route every 20 ms until the returned stop is called: its latencies. */
function pollHealth(base: string): () => Promise<number[]> {
  let polling = true;
  const health: number[] = [];
  const poller = (async () => {
    while (polling) {
      health.push((await send(base, '/api/v1/health')).ms);
      await sleep(20);
    }
  })();
  return async () => {
    polling = false;
    await poller;
    return health;
  };
}

async function bombs(bin: string, count: number): Promise<void> {
  const s = await start(bin, ['--threads', '2', '--queue', '8', '--max-time', '2s', '--rate-limit', 'off']);
  const line = Array.from({ length: 1000 }, (_, k) => (k % 60 === 59 ? { move: 'turn-over' } : { move: 'draw' }));
  const body = JSON.stringify({ deal: 'DS1-D1N-AAAAAAB', line, reveal: true });
  const stopPolling = pollHealth(s.base);
  const answers = await Promise.all(
    Array.from({ length: count }, () => send(s.base, '/api/v1/line', { method: 'POST', body, headers: AUTH })),
  );
  const health = await stopPolling();
  console.log(`${count} /line bombs at once: ${tally(answers)}; answers ${stats(answers.map((a) => a.ms))}`);
  console.log(`  health meanwhile: ${stats(health)}; peak RSS ${childPeakRssMb(s.child.pid!)} MB`);
  s.child.kill('SIGINT');
  await s.exited;
}

async function analyses(bin: string, count: number): Promise<void> {
  const s = await start(bin, ['--threads', '2', '--queue', '8', '--max-time', '2s', '--rate-limit', 'off']);
  // Far Vegas deals: each analysis runs to its time limit.
  const stopPolling = pollHealth(s.base);
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      send(s.base, `/api/v1/analysis?deal=DS1-D1V-${dealNumberLetters(4_000_000_000 + 7919 * i)}`, { headers: AUTH }),
    ),
  );
  const health = await stopPolling();
  const late = answers.filter((a) => a.ms > 2250).length;
  console.log(
    `${count} analyses at once, --max-time 2s: ${tally(answers)}; ${stats(answers.map((a) => a.ms))}; later than 2.25 s: ${late}`,
  );
  console.log(`  health meanwhile: ${stats(health)}; peak RSS ${childPeakRssMb(s.child.pid!)} MB`);
  s.child.kill('SIGINT');
  await s.exited;
}

async function guesses(bin: string): Promise<void> {
  const s = await start(bin, ['--rate-limit', '60/min']);
  let unauthorised = 0;
  let first429: number | null = null;
  for (let i = 0; i < 300 && first429 === null; i++) {
    const a = await send(s.base, '/api/v1/games', { headers: { authorization: `Bearer wrong-guess-${i}-0123456789` } });
    if (a.status === 401) unauthorised++;
    else if (a.status === 429) first429 = i + 1;
  }
  console.log(
    `wrong tokens from one address, --rate-limit 60/min: ${unauthorised} x 401, first 429 at guess ${first429 ?? 'never (300 sent)'}`,
  );
  s.child.kill('SIGINT');
  await s.exited;
}

async function drain(bin: string, drainFlag: string[]): Promise<void> {
  const s = await start(bin, ['--rate-limit', 'off', ...drainFlag]);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const answers: Answer[] = [];
  let sending = true;
  let signalled = false;
  const after: Answer[] = [];
  const client = (async () => {
    const t0 = performance.now();
    // Bounded: 8 in flight at a time, for at most 5 s after the signal (or 20 s in all).
    while (sending && performance.now() - t0 < 20_000) {
      const batch = await Promise.all(Array.from({ length: 8 }, () => send(s.base, '/api/v1/games', { headers: AUTH, agent })));
      (signalled ? after : answers).push(...batch);
      await sleep(10);
    }
  })();
  await sleep(500);
  signalled = true;
  s.child.kill('SIGTERM');
  await Promise.race([s.exited, sleep(10_000)]);
  await sleep(300);
  sending = false;
  await client;
  agent.destroy();
  const flag = drainFlag.join(' ') || '(default drain)';
  console.log(`SIGTERM ${flag} with a client on kept-alive sockets: before it ${tally(answers)}; from it on ${tally(after)}`);
}

export async function runServeAbuseBench(args: string[]): Promise<void> {
  const bin = flagText(args, '--bin') ?? fileURLToPath(new URL('../../bin/cardsolve.js', import.meta.url));
  const bombCount = flagNumber(args, '--bombs', 16);
  const analysisCount = flagNumber(args, '--analyses', 100);
  const runs = flagNumber(args, '--runs', 1);
  console.log(`serve under a hostile client (${bin}), every request to 127.0.0.1`);
  if (!args.includes('--drain-only')) {
    await bombs(bin, bombCount);
    await analyses(bin, analysisCount);
    await guesses(bin);
  }
  for (let run = 0; run < runs; run++) {
    if (args.includes('--no-drain')) await drain(bin, []);
    else {
      await drain(bin, ['--drain', '1s']);
      await drain(bin, ['--drain', '0s']);
    }
  }
}
