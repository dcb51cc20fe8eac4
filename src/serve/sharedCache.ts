/**
 * The answer cache, in this server's memory and, with `serve --cache redis://HOST:PORT`, in a
 * Redis that several replicas share: a position judged by one is answered by all. Redis is
 * only ever a help: while it is away the server answers from its own memory, says so once in
 * the log and in the health route, and uses Redis again as soon as it is back. A Redis that
 * keeps its connections but stops answering (frozen, overloaded) counts as away from its
 * first command that times out: then a PING every second tells when it answers again.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisTarget } from '../batch/queue/connection.js';
import { CARDSOLVE_VERSION } from '../version.js';
import type { AnswerCache } from './answerCache.js';

/** A Redis answer is kept this long (seconds): a new solver version never reads an old one anyway. */
const TTL_S = 7 * 24 * 3600;
/** A Redis command slower than this counts as a miss: a request never waits on a slow cache. */
const COMMAND_TIMEOUT_MS = 500;
/** How often a Redis that stopped answering is asked again whether it answers. */
const PROBE_MS = 1000;

export type Notice = (level: 'warn' | 'info', message: string) => void;

export class SharedCache {
  private readonly redis: Redis | null;
  /** Whether Redis answers now; false without one. */
  private up = false;
  /** Whether the loss of Redis has been told (told once, until it comes back). */
  private lostTold = false;
  hits = 0;
  misses = 0;

  constructor(
    readonly memory: AnswerCache<string>,
    /** Where the shared cache is (read by `redisTarget`); null: memory only. */
    readonly target: RedisTarget | null,
    private readonly notice: Notice,
  ) {
    this.redis = target === null ? null : this.connect(target);
  }

  private connect(target: RedisTarget): Redis {
    const redis = new Redis({
      ...target.redis,
      // Commands fail at once while Redis is away, rather than queue behind the reconnection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      // Tried again and again, never more than 2 s apart: the cache comes back when Redis does.
      retryStrategy: (times) => Math.min(times * 200, 2000),
      lazyConnect: false,
    });
    redis.on('ready', () => this.back());
    redis.on('error', (error: Error) => this.lost(error.message));
    redis.on('close', () => {
      if (!this.closing) this.lost('connection closed');
    });
    return redis;
  }

  private back(): void {
    this.up = true;
    this.stopProbe();
    if (this.lostTold) this.notice('info', `the shared cache at ${this.target!.shown} is back: answers are shared again`);
    this.lostTold = false;
  }

  private lost(reason: string): void {
    this.up = false;
    if (!this.lostTold)
      this.notice('warn', `the shared cache at ${this.target!.shown} is unreachable (${reason}): answering from this server's memory`);
    this.lostTold = true;
  }

  /** While Redis has stopped answering on an open connection: a PING a second, until one is answered. */
  private probe: ReturnType<typeof setInterval> | null = null;

  /** A command failed: a timeout on a connection still open means a Redis that no longer answers. */
  private failed(error: unknown): void {
    const redis = this.redis;
    if (redis === null || this.closing || !/timed? ?out/i.test(String(error))) return;
    this.lost(`no answer within ${COMMAND_TIMEOUT_MS} ms`);
    if (this.probe !== null) return;
    this.probe = setInterval(() => {
      if (redis.status !== 'ready') return; // Reconnecting: its 'ready' event says when it is back.
      redis.ping().then(
        () => this.back(),
        () => undefined,
      );
    }, PROBE_MS);
    // The probe never keeps the process alive on its own.
    this.probe.unref();
  }

  private stopProbe(): void {
    if (this.probe !== null) clearInterval(this.probe);
    this.probe = null;
  }

  private closing = false;
  /** Writes to Redis under way: a request does not wait for its answer to be shared. */
  private readonly writing = new Set<Promise<void>>();

  /** Once the writes under way have reached Redis (or failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.writing]);
  }

  /** Whether a shared cache is configured and reachable now (null: none configured). */
  get reachable(): boolean | null {
    return this.redis === null ? null : this.up;
  }

  private redisKey(key: string): string {
    return `cardsolve:${CARDSOLVE_VERSION}:answer:${createHash('sha256').update(key).digest('base64url')}`;
  }

  /** The answer kept under `key`: from memory, else from Redis (then kept in memory too). */
  async get(key: string): Promise<string | undefined> {
    const local = this.memory.get(key);
    if (local !== undefined) {
      this.hits++;
      return local;
    }
    if (this.redis !== null && this.up) {
      try {
        const shared = await this.redis.get(this.redisKey(key));
        if (shared !== null) {
          this.memory.set(key, shared);
          this.hits++;
          return shared;
        }
      } catch (error) {
        // Slow or gone: a miss. The connection's events say whether Redis is lost, a timeout that it stopped answering.
        this.failed(error);
      }
    }
    this.misses++;
    return undefined;
  }

  /** Whether this server has the answer in memory (the prefetcher's check: it never waits on Redis). */
  has(key: string): boolean {
    return this.memory.has(key);
  }

  set(key: string, value: string): void {
    this.memory.set(key, value);
    if (this.redis !== null && this.up) {
      const write = this.redis
        .set(this.redisKey(key), value, 'EX', TTL_S)
        .then(() => undefined)
        .catch((error: unknown) => {
          // Not shared this time: the next replica to be asked solves it.
          this.failed(error);
        });
      this.writing.add(write);
      void write.finally(() => this.writing.delete(write));
    }
  }

  get size(): number {
    return this.memory.size;
  }

  async close(): Promise<void> {
    if (this.redis === null) return;
    this.closing = true;
    this.stopProbe();
    await this.settled();
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
