/**
 * Where the queue lives: a `redis://` or `rediss://` (TLS) URL, with an optional user,
 * password and database number, turned into connection options for BullMQ and ioredis.
 * `serve --cache` reads its Redis URL here too.
 */
import { isIP } from 'node:net';
import type { Redis, RedisOptions } from 'ioredis';
import { InputError } from '../../errors/inputError.js';

export const DEFAULT_QUEUE_NAME = 'cardsolve';
const EXPECTED_URL = 'expected redis://HOST:PORT or rediss://HOST:PORT (TLS), with an optional user:password@ and /DB number';

/** A queue: its Redis (BullMQ makes its own connections from the options) and its name. */
export interface QueueTarget extends RedisTarget {
  /** The BullMQ queue name. */
  name: string;
}

/** A Redis server to connect to, read from a URL. */
export interface RedisTarget {
  /** The URL with any password hidden, for messages, logs and the health route. */
  shown: string;
  /** ioredis options (host, port, user, password, database, TLS). */
  redis: RedisOptions;
}

/**
 * Reads a Redis URL given to `flag` (`--queue`, `--cache`); throws `InputError` naming the flag,
 * what is wrong and `expected`. The queue and the shared answer cache both read theirs here.
 */
export function redisTarget(url: string, flag: string, expected: string = EXPECTED_URL): RedisTarget {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new InputError(`${flag} "${url}" is not a URL: ${expected}`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new InputError(`${flag} "${url}": ${parsed.protocol.replace(/:$/, '')} is not a Redis scheme; ${expected}`);
  }
  if (parsed.hostname === '') throw new InputError(`${flag} "${url}" names no host: ${expected}`);
  const port = parsed.port === '' ? 6379 : Number(parsed.port);
  const path = parsed.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d+$/.test(path))
    throw new InputError(`${flag} "${url}": the path "/${path}" is not a database number; ${expected}`);
  if (parsed.search !== '' || parsed.hash !== '')
    throw new InputError(`${flag} "${url}": a Redis URL takes no query or fragment; ${expected}`);
  const redis: RedisOptions = {
    // IPv6 literals come bracketed from URL.
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    // BullMQ's blocking connections need this; commands wait for a reconnection instead of failing.
    maxRetriesPerRequest: null,
    // How long a closed connection waits for its socket's close event (ioredis: 2 s). A socket
    // that never opened, or that the server closed, has none left to wait for: the process
    // lingered 2 s after a refused password or an unreachable server.
    disconnectTimeout: 200,
  };
  if (parsed.username !== '') redis.username = decodeURIComponent(parsed.username);
  if (parsed.password !== '') redis.password = decodeURIComponent(parsed.password);
  if (path !== '') redis.db = Number(path);
  // TLS: the server's certificate is checked against the system's CAs (NODE_EXTRA_CA_CERTS adds one).
  // The server name is sent only for a host name (TLS forbids an address there); an address is
  // still checked against the certificate's IP entries.
  if (parsed.protocol === 'rediss:') redis.tls = isIP(redis.host!) === 0 ? { servername: redis.host! } : {};
  const shown = new URL(parsed.href);
  if (shown.password !== '') shown.password = '***';
  return { shown: shown.href.replace(/\/$/, ''), redis };
}

/** Reads a queue URL and name; throws `InputError` naming what is wrong. */
export function queueTarget(url: string, name: string = DEFAULT_QUEUE_NAME): QueueTarget {
  const target = redisTarget(url, '--queue');
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(name)) {
    throw new InputError(`--queue-name "${name}" is not a queue name: expected 1 to 100 letters, digits, '_', '.' or '-'`);
  }
  return { ...target, name };
}

/**
 * A connection for cardsolve's own commands, checked with a PING: an unreachable server or a
 * wrong password is reported at once rather than retried for ever.
 */
export async function connect(target: QueueTarget, timeoutMs = 5000): Promise<Redis> {
  // Loaded here, not at the top: every command imports this file, and only the queue needs Redis.
  const ioredis = await import('ioredis');
  const client = new ioredis.Redis({
    ...target.redis,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  // Errors are reported by the awaited calls below, not as unhandled events.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new InputError(
      `cannot use the queue at ${target.shown} (${(error as Error).message}): is redis-server running there, and is the password right?`,
    );
  }
  // From now on behave like BullMQ's connections: wait for a reconnection.
  client.options.maxRetriesPerRequest = null;
  client.options.retryStrategy = (times: number) => Math.min(times * 200, 2000);
  return client;
}
