/**
 * One coordinator per queue: the coordinator holds a Redis key with an expiry and renews it
 * while it runs. A second coordinator on the same queue name is refused. A coordinator killed
 * outright leaves its key behind: on the same machine a rerun sees that the process is gone
 * and takes over at once; elsewhere the key expires after CLAIM_TTL_MS.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { InputError } from '../../errors/inputError.js';

const CLAIM_TTL_MS = 30_000;
const RENEW_MS = 10_000;

interface Holder {
  token: string;
  host: string;
  pid: number;
  since: string;
}

// Compare-and-set scripts: only the holder renews or releases; a takeover replaces a known value.
const RENEW = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";
const REPLACE =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 else return 0 end";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class CoordinatorClaim {
  private timer: NodeJS.Timeout | null = null;
  private lostBecause: string | null = null;

  private constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly value: string,
  ) {}

  /** Takes the queue for this process, or throws `InputError` naming the coordinator that has it. */
  static async take(redis: Redis, key: string, queueShown: string): Promise<CoordinatorClaim> {
    const me: Holder = { token: randomUUID(), host: hostname(), pid: process.pid, since: new Date().toISOString() };
    const value = JSON.stringify(me);
    for (let attempt = 0; attempt < 3; attempt++) {
      if ((await redis.set(key, value, 'PX', CLAIM_TTL_MS, 'NX')) === 'OK') return new CoordinatorClaim(redis, key, value).renewing();
      const current = await redis.get(key);
      if (current === null) continue; // expired meanwhile
      let holder: Holder | null = null;
      try {
        holder = JSON.parse(current) as Holder;
      } catch {
        // not ours to read: treated as held
      }
      if (holder !== null && holder.host === me.host && holder.pid !== me.pid && !alive(holder.pid)) {
        // A coordinator of this machine that was killed: its process is gone.
        if ((await redis.eval(REPLACE, 1, key, current, value, CLAIM_TTL_MS)) === 1)
          return new CoordinatorClaim(redis, key, value).renewing();
        continue;
      }
      const who = holder ? `${holder.host} process ${holder.pid}, since ${holder.since}` : 'an unknown program';
      throw new InputError(
        `another batch coordinator already runs on the queue ${queueShown} (${who}): one coordinator per queue; ` +
          `wait for it, or give this batch its own --queue-name (a killed coordinator's claim expires within ${CLAIM_TTL_MS / 1000}s)`,
      );
    }
    throw new InputError(`the queue ${queueShown} changed hands while this batch tried to take it: try again`);
  }

  /** Why the claim could not be renewed (another coordinator took the queue): the run must stop. */
  get lost(): string | null {
    return this.lostBecause;
  }

  private renewing(): this {
    this.timer = setInterval(() => {
      this.redis.eval(RENEW, 1, this.key, this.value, CLAIM_TTL_MS).then(
        (ok) => {
          if (ok !== 1) this.lostBecause ??= 'another coordinator took the queue over (this one was too slow to renew its claim)';
        },
        () => {
          // Redis unreachable for a moment: the next renewal tries again; the claim lasts CLAIM_TTL_MS.
        },
      );
    }, RENEW_MS);
    this.timer.unref();
    return this;
  }

  async release(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.redis.eval(RELEASE, 1, this.key, this.value);
  }
}
