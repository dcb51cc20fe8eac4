import { Command } from 'commander';
import { defaultWorkers } from '../../batch/pool.js';
import { InputError } from '../../errors/inputError.js';
import { parseBytes, parseCount, parseDuration } from '../../search/limitParsing.js';
import { DEFAULT_DB_PATH } from '../../store/database.js';

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
}

function whole(text: string, flag: string, min: number, max: number): number {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < min || Number(t) > max)
    throw new InputError(`${flag} "${text}" is not a whole number from ${min} to ${max}`);
  return Number(t);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

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
    .option('--cache <n>', 'answers kept for positions asked again (least recently used out first)', '20000')
    .option('--store', 'keep the analyses solved while serving in the database');
  cmd.addHelpText(
    'after',
    `
The API is under /api/v1 (described at /api/v1/openapi.json); the page at /. Ctrl-C stops it.
Examples:
  cardsolve serve
  cardsolve serve --db deals.sqlite --port 9000 --max-time 1s
  curl 'http://127.0.0.1:8080/api/v1/hint?deal=PY1-N-AAAAAAA&moves=J%E2%99%A6%20%2B%202%E2%99%A6'`,
  );
  return cmd.action(async (values: ServeOptionValues) => {
    const threads = values.threads === undefined ? defaultWorkers() : whole(values.threads, '--threads', 1, 256);
    const queue = values.queue === undefined ? threads * 4 : whole(values.queue, '--queue', 0, 100_000);
    const port = whole(values.port, '--port', 0, 65_535);
    const maxTimeMs = parseDuration(values.maxTime, '--max-time');
    if (!Number.isFinite(maxTimeMs)) throw new InputError(`--max-time ${values.maxTime}: a server needs a time limit (500ms, 2s, 1m)`);
    // The web server's modules load only for this command: every other command starts faster.
    const { buildServer } = await import('../../serve/app.js');
    const server = await buildServer({
      db: values.db,
      store: values.store === true,
      maxTimeMs,
      limits: { timeMs: maxTimeMs, nodes: parseCount(values.nodeLimit), memoryBytes: parseBytes(values.memoryLimit) },
      threads,
      queue,
      cacheEntries: whole(values.cache, '--cache', 0, 10_000_000),
    });
    let address: string;
    try {
      address = await server.app.listen({ port, host: values.host });
    } catch (error) {
      await server.close();
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE')
        throw new InputError(`--port ${port}: the port is taken by another program (choose another, or 0 for any free one)`);
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new InputError(`--host ${values.host}: not an address of this machine`);
      throw error;
    }
    // Ctrl-C is taken before anything is printed: a caller that reads the URL may stop the server at once.
    const stopped = new Promise<void>((resolve) => {
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        server.close().then(resolve, resolve);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    if (!LOOPBACK.has(values.host)) {
      process.stderr.write(
        `cardsolve: warning: listening on ${values.host}, not only this machine: anyone who can reach it can use the solver\n`,
      );
    }
    const mode = values.store ? 'answers stored' : 'read-only';
    process.stdout.write(`cardsolve serve: ${address}/ (database ${values.db}, ${mode}; Ctrl-C stops)\n`);
    await stopped;
  });
}
