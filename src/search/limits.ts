import { InputError } from '../errors/inputError.js';

/** Per-deal search limits. Every limit is a flag; `Infinity` means none. */
export interface Limits {
  timeMs: number;
  nodes: number;
  memoryBytes: number;
}

/** What stopped a search before it proved an answer. */
export type LimitName = 'time' | 'nodes' | 'memory';

export const DEFAULT_LIMITS: Limits = {
  timeMs: 10_000,
  nodes: Infinity,
  memoryBytes: 2 * 1024 ** 3,
};

/** `10s`, `500ms`, `2m`, `1h`, or a bare number of seconds; `none` for no limit. */
export function parseDuration(text: string, flag = '--time-limit'): number {
  const t = text.trim().toLowerCase();
  if (t === 'none' || t === 'inf') return Infinity;
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(t);
  if (!m) throw new InputError(`${flag} "${text}" is not a duration: expected a number with ms, s, m or h, for example 500ms, 10s or 2m`);
  const value = Number(m[1]);
  const unit = m[2] ?? 's';
  const factor = unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 3_600_000;
  return value * factor;
}

/** `5e6`, `5000000`, `2M`, `500k`; `none` for no limit. */
export function parseCount(text: string, flag = '--node-limit'): number {
  const t = text.trim().toLowerCase().replace(/_/g, '');
  if (t === 'none' || t === 'inf') return Infinity;
  const m = /^(\d+(?:\.\d+)?(?:e\d+)?)([kmg]?)$/.exec(t);
  if (!m) throw new InputError(`${flag} "${text}" is not a count: expected a whole number such as 5000000, 5e6 or 5M`);
  const factor = m[2] === 'k' ? 1e3 : m[2] === 'm' ? 1e6 : m[2] === 'g' ? 1e9 : 1;
  const value = Math.floor(Number(m[1]) * factor);
  if (!(value >= 1)) throw new InputError(`${flag} "${text}" must be at least 1`);
  return value;
}

/** `2GB`, `512MB`, `64mb`, `1.5g`; `none` for no limit. Binary units (1 GB = 1024^3 bytes). */
export function parseBytes(text: string, flag = '--memory-limit'): number {
  const t = text.trim().toLowerCase();
  if (t === 'none' || t === 'inf') return Infinity;
  const m = /^(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?$/.exec(t);
  if (!m) throw new InputError(`${flag} "${text}" is not a size: expected a number with KB, MB or GB, for example 512MB or 2GB`);
  const unit = (m[2] ?? 'b')[0];
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  const value = Math.floor(Number(m[1]) * factor);
  if (!(value >= 1024 * 1024)) throw new InputError(`${flag} "${text}" is too small: give at least 1MB`);
  return value;
}

/** How a limit is written back in results and messages. */
export function describeLimit(name: LimitName, limits: Limits): string {
  switch (name) {
    case 'time':
      return `--time-limit ${limits.timeMs}ms`;
    case 'nodes':
      return `--node-limit ${limits.nodes}`;
    case 'memory':
      return `--memory-limit ${Math.round(limits.memoryBytes / 1024 ** 2)}MB`;
  }
}

/**
 * A search's budget, checked cheaply from the hot loop: `tick()` counts nodes and only
 * reads the clock every 1024 nodes. Once a limit is hit it stays hit.
 */
export class Budget {
  nodes = 0;
  hit: LimitName | null = null;
  private readonly deadline: number;
  private readonly started = performance.now();

  constructor(readonly limits: Limits) {
    this.deadline = this.started + limits.timeMs;
  }

  /** Count one node; false when the search must stop. */
  tick(): boolean {
    this.nodes++;
    if (this.nodes > this.limits.nodes) {
      this.hit ??= 'nodes';
      return false;
    }
    if ((this.nodes & 1023) === 0 && performance.now() > this.deadline) {
      this.hit ??= 'time';
      return false;
    }
    return this.hit === null;
  }

  /** Tables call this when they would grow past the memory limit. */
  fitsMemory(bytes: number): boolean {
    if (bytes > this.limits.memoryBytes) {
      this.hit ??= 'memory';
      return false;
    }
    return true;
  }

  get stopped(): boolean {
    return this.hit !== null;
  }

  elapsedMs(): number {
    return performance.now() - this.started;
  }
}
