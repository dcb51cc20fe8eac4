import { Command, Option } from 'commander';
import { defaultWorkers } from '../../batch/pool.js';
import { InputError } from '../../errors/inputError.js';
import { parseBytes, parseCount, parseDuration } from '../../search/limitParsing.js';
import type { ServeOptions, Server } from '../../serve/app.js';
import { DEFAULT_DB_PATH } from '../../store/database.js';
import { LOOPBACK, MIN_TOKEN_CHARS, parseCache, parseCors, parseLogLevel, parseRateLimit, readToken } from './serveFlags.js';

/** Off the loopback, each client address gets this many requests a minute unless --rate-limit says otherwise. */
const NETWORK_RATE_LIMIT = 600;

interface ServeOptionValues {
  db: string;
  port: string;
  host: string;
  maxTime: string;
  nodeLimit: string;
  memoryLimit: string;
  threads?: string;
  queue?: string;
  cache: string;
  store?: boolean;
  token?: string;
  public?: boolean;
  cors?: string;
  rateLimit?: string;
  log?: string;
  drain: string;
}

function whole(text: string, flag: string, min: number, max: number): number {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < min || Number(t) > max)
    throw new InputError(`${flag} "${text}" is not a whole number from ${min} to ${max}`);
  return Number(t);
}

export function serveCommand(): Command {
  const cmd = new Command('serve')
    .description('a JSON API (hints, analyses, moves, results, lists) and a web page over it, on this machine')
    .option('--db <path>', 'the results database, opened read-only', DEFAULT_DB_PATH)
    .option('--port <n>', 'the port (0: any free one)', '8080')
    .option('--host <address>', 'the address to listen on (another than 127.0.0.1 opens the server to the network)', '127.0.0.1')
    .option('--max-time <duration>', "each request's time limit, its wait for a solver thread included: 500ms, 2s", '2s')
    .option('--node-limit <count>', 'per solve: positions searched, 5e6, 5M or none', 'none')
    .option('--memory-limit <size>', 'per solve: search tables, 512MB, 2GB or none', '512MB')
    .option('--threads <n>', `solves at once, one thread each (default: ${defaultWorkers()})`)
    .option('--queue <n>', 'requests that may wait for a solver thread; past it the answer is 503 (default: 4 per thread)')
    .addOption(
      // From the environment too: a Redis URL with its password stays out of the process list.
      new Option(
        '--cache <n|url>',
        'answers kept for positions asked again (least recently used out first), or redis://HOST:PORT: a cache shared by replicas',
      )
        .env('CARDSOLVE_CACHE')
        .default('20000'),
    )
    .option('--store', 'keep the analyses solved while serving in the database')
    .option(
      '--token <token>',
      `every route under /api/ but /api/v1/health, and /metrics, need Authorization: Bearer TOKEN (${MIN_TOKEN_CHARS} characters or more; or the variable CARDSOLVE_TOKEN)`,
    )
    .option('--public', 'listen beyond this machine (--host) without a token: anyone who can reach it can use it')
    .option('--cors <origins>', 'the origins whose pages may call the API, comma-separated: https://app.example.com (default: none)')
    .option(
      '--rate-limit <n/min>',
      `requests a minute per client address, past it 429 with Retry-After: 600/min, or off (default: off on 127.0.0.1, ${NETWORK_RATE_LIMIT}/min beyond)`,
    )
    .option('--log <level>', "Fastify's log as JSON lines on standard error, one per request: info, warn, error, debug (default: quiet)")
    .option(
      '--drain <duration>',
      'at SIGTERM: how long the server stays up unready, answering with Connection: close, before it stops taking requests (0s: at once)',
      '5s',
    );
  cmd.addHelpText(
    'after',
    `
The API is under /api/v1 (described at /api/v1/openapi.json); the page at /. Ctrl-C stops it.
/metrics is in the Prometheus text format; /api/v1/health?ready=true answers 503 until the
results table is loaded, and from SIGTERM on. SIGTERM drains first (--drain: unready, still
answering, each answer closing its connection), then, as Ctrl-C does at once, stops taking
requests, answers those in flight, and exits.
Examples:
  cardsolve serve
  cardsolve serve --db deals.sqlite --port 9000 --max-time 1s
  CARDSOLVE_TOKEN=... cardsolve serve --host 0.0.0.0 --cache redis://127.0.0.1:6379 --log info
  curl 'http://127.0.0.1:8080/api/v1/hint?deal=PY1-N-AAAAAAA&moves=J%E2%99%A6%20%2B%202%E2%99%A6'`,
  );
  return cmd.action(async (values: ServeOptionValues) => {
    const plan = readFlags(values);
    // The web server's modules load only for this command: every other command starts faster.
    const { buildServer } = await import('../../serve/app.js');
    const server = await buildServer(plan.options);
    const address = await listen(server, plan.port, values.host);
    // Ctrl-C is taken before anything is printed: a caller that reads the URL may stop the server at once.
    const stopped = stopOnSignals(server, plan.drainMs);
    report(values, plan, address);
    await stopped;
  });
}

/** What the flags ask for, checked: the server's options, where it listens, and its drain. */
interface ServePlan {
  options: ServeOptions;
  port: number;
  drainMs: number;
  /** Only this machine can reach it. */
  loopback: boolean;
}

function readFlags(values: ServeOptionValues): ServePlan {
  const threads = values.threads === undefined ? defaultWorkers() : whole(values.threads, '--threads', 1, 256);
  const queue = values.queue === undefined ? threads * 4 : whole(values.queue, '--queue', 0, 100_000);
  const port = whole(values.port, '--port', 0, 65_535);
  const maxTimeMs = parseDuration(values.maxTime, '--max-time');
  const drainMs = parseDuration(values.drain, '--drain');
  if (!Number.isFinite(drainMs)) throw new InputError(`--drain ${values.drain}: expected a duration (5s, 500ms, 0s)`);
  if (!Number.isFinite(maxTimeMs)) throw new InputError(`--max-time ${values.maxTime}: a server needs a time limit (500ms, 2s, 1m)`);
  const token = readToken(values.token, process.env.CARDSOLVE_TOKEN);
  const loopback = LOOPBACK.has(values.host);
  // Refused before anything listens: an open solver on the network is asked for, never a default.
  if (!loopback && token === undefined && values.public !== true) {
    throw new InputError(
      `--host ${values.host} opens the server to the network: give --token TOKEN (or the variable CARDSOLVE_TOKEN), or --public to serve without one`,
    );
  }
  const cache = parseCache(values.cache);
  const cors = values.cors === undefined ? undefined : parseCors(values.cors);
  const rateLimit = values.rateLimit !== undefined ? parseRateLimit(values.rateLimit) : loopback ? undefined : NETWORK_RATE_LIMIT;
  const logLevel = values.log === undefined ? undefined : parseLogLevel(values.log);
  const options: ServeOptions = {
    db: values.db,
    store: values.store === true,
    maxTimeMs,
    limits: { timeMs: maxTimeMs, nodes: parseCount(values.nodeLimit), memoryBytes: parseBytes(values.memoryLimit) },
    threads,
    queue,
    cacheEntries: 'entries' in cache ? cache.entries : 20_000,
    ...(token !== undefined ? { token } : {}),
    ...(cors !== undefined ? { corsOrigins: cors } : {}),
    ...(rateLimit !== undefined ? { rateLimitPerMinute: rateLimit } : {}),
    ...(logLevel !== undefined ? { logLevel } : {}),
    ...('url' in cache ? { sharedCacheUrl: cache.url } : {}),
  };
  return { options, port, drainMs, loopback };
}

/** The server listening on `host:port`, its address; a port taken or an address not this machine's is an InputError. */
async function listen(server: Server, port: number, host: string): Promise<string> {
  try {
    return await server.app.listen({ port, host });
  } catch (error) {
    await server.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new InputError(`--port ${port}: the port is taken by another program (choose another, or 0 for any free one)`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new InputError(`--host ${host}: not an address of this machine`);
    throw error;
  }
}

/**
 * Resolves once the server has stopped. SIGTERM (a service manager, a rolling restart) drains
 * first: the balancer sees the server unready and kept-alive clients close their sockets after
 * an answer, instead of meeting a reset. Ctrl-C, or a second signal, stops at once.
 */
function stopOnSignals(server: Server, drainMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let draining: ReturnType<typeof setTimeout> | null = null;
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', term);
      if (draining !== null) clearTimeout(draining);
      server.close().then(resolve, resolve);
    };
    const term = (): void => {
      if (draining !== null || drainMs <= 0) {
        stop();
        return;
      }
      server.drain();
      draining = setTimeout(stop, drainMs);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', term);
  });
}

/** The address on standard output, and a warning when the network can reach a server without a token. */
function report(values: ServeOptionValues, plan: ServePlan, address: string): void {
  if (!plan.loopback && plan.options.token === undefined) {
    process.stderr.write(
      `cardsolve: warning: listening on ${values.host}, not only this machine, with no token (--public): anyone who can reach it can use the solver\n`,
    );
  }
  const mode = values.store ? 'answers stored' : 'read-only';
  process.stdout.write(`cardsolve serve: ${address}/ (database ${values.db}, ${mode}; Ctrl-C stops)\n`);
}
