/** Per-deal search limits. Every limit is a flag; `Infinity` means none. */
import { now } from './clock.js';

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
  private readonly started = now();

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
    if ((this.nodes & 1023) === 0 && now() > this.deadline) {
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
    return now() - this.started;
  }
}

/**
 * Runs `run` on a budget of at most `nodes` positions within what is left of `budget`'s
 * limits (`share` of it: 0.5, half of the time and positions left), and counts the positions
 * it took in `budget`: one step of an analysis that must leave the rest of the limits to the
 * others. Undefined when nothing is left.
 */
export function withinAttempt<T>(budget: Budget, nodes: number, run: (attempt: Budget) => T, share = 1): T | undefined {
  const n = Math.min(nodes, Math.floor((budget.limits.nodes - budget.nodes) * share));
  const timeMs = (budget.limits.timeMs - budget.elapsedMs()) * share;
  if (n <= 0 || timeMs <= 0) return undefined;
  const attempt = new Budget({ timeMs, nodes: n, memoryBytes: budget.limits.memoryBytes });
  const result = run(attempt);
  budget.nodes += attempt.nodes;
  return result;
}
