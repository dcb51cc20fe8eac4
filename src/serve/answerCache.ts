import type { Solved } from '../contract/index.js';

/**
 * Answers already computed, by position: a hint asked again (the next tap on the same
 * position, another player on the same daily deal) comes from here, not from the solver.
 * Least recently used answers go first once `capacity` is reached, so memory stays flat.
 */
export class AnswerCache<V> {
  private readonly entries = new Map<string, V>();
  hits = 0;
  misses = 0;

  constructor(readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Map keeps insertion order: moved to the end, it is the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, value: V): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Whether an answer was proven within its limits (no limit stopped it): only such answers are kept. */
export function isComplete(result: Solved['result']): boolean {
  if (result.limit !== null) return false;
  if (('verdict' in result && result.verdict === 'unknown') || ('status' in result && result.status === 'unknown')) return false;
  const moves = result.moves;
  return !Array.isArray(moves) || moves.every((m) => !('limit' in m) || m.limit === null || m.limit === undefined);
}
