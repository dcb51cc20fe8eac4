/**
 * The service flags of `cardsolve serve`, read and checked: a bad value is one message naming
 * the flag, what was given and what is expected (exit code 2).
 */
import { redisTarget } from '../../batch/queue/connection.js';
import { InputError } from '../../errors/inputError.js';
import { LOG_LEVELS, type LogLevel } from '../../serve/logLevels.js';

export const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** A token shorter than this is refused: it would be guessed. */
export const MIN_TOKEN_CHARS = 16;

/** `--token`, else CARDSOLVE_TOKEN; undefined when neither is set. */
export function readToken(flag: string | undefined, env: string | undefined): string | undefined {
  const token = flag ?? (env === '' ? undefined : env);
  if (token === undefined) return undefined;
  const where = flag !== undefined ? '--token' : 'CARDSOLVE_TOKEN';
  if (!/^[\x21-\x7e]+$/.test(token))
    throw new InputError(`${where}: the token must be printable ASCII without spaces (for example: openssl rand -hex 32)`);
  if (token.length < MIN_TOKEN_CHARS)
    throw new InputError(
      `${where}: the token is ${token.length} characters long, expected at least ${MIN_TOKEN_CHARS} (for example: openssl rand -hex 32)`,
    );
  return token;
}

/** `--rate-limit N/min` (or `off`); `N/s` and `N/h` are read too. Undefined: off. */
export function parseRateLimit(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'off' || t === 'none') return undefined;
  const m = /^(\d+)\s*\/\s*(s|sec|second|min|minute|h|hour)$/.exec(t);
  const perMinute = m === null ? Number.NaN : Number(m[1]) * ({ s: 60, sec: 60, second: 60, h: 1 / 60, hour: 1 / 60 }[m[2]!] ?? 1);
  if (!Number.isInteger(perMinute) || perMinute < 1 || perMinute > 10_000_000)
    throw new InputError(`--rate-limit "${text}": expected requests a minute per client address, as N/min (600/min), from 1, or off`);
  return perMinute;
}

/** `--cors ORIGIN[,ORIGIN...]`: each an origin as a browser sends it, scheme://host[:port], no path. */
export function parseCors(text: string): string[] {
  const origins = text
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  if (origins.length === 0)
    throw new InputError(`--cors "${text}": expected one or more origins, as https://app.example.com,http://127.0.0.1:3000`);
  return origins.map((o) => {
    let url: URL | null = null;
    try {
      url = new URL(o);
    } catch {
      url = null;
    }
    const origin = o.replace(/\/$/, '');
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin)
      throw new InputError(
        `--cors: "${o}" is not an origin: expected scheme://host[:port] with no path, as https://app.example.com (* is not taken)`,
      );
    return origin;
  });
}

const CACHE_EXPECTED =
  'expected a number of answers kept in memory, from 0 to 10000000 (20000), or a Redis URL shared by replicas (redis://HOST:PORT)';

/** `--cache`: a number of answers kept in memory, or the Redis URL of a cache shared by replicas. */
export function parseCache(text: string): { entries: number } | { url: string } {
  const t = text.trim();
  if (/^\d+$/.test(t) && Number(t) <= 10_000_000) return { entries: Number(t) };
  // A Redis URL is read as the queue's is, with the reason when it is wrong; anything else was neither.
  if (/^rediss?:\/\//i.test(t)) {
    redisTarget(t, '--cache', CACHE_EXPECTED);
    return { url: t };
  }
  throw new InputError(`--cache "${text}": ${CACHE_EXPECTED}`);
}

export function parseLogLevel(text: string): LogLevel {
  const t = text.trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(t))
    throw new InputError(`--log "${text}": expected a level, one of ${LOG_LEVELS.join(', ')}`);
  return t as LogLevel;
}
