import { describe, expect, it } from 'vitest';
import { useClock } from '../../src/search/clock.js';
import { Budget, describeLimit, withinAttempt } from '../../src/search/limits.js';
import { StateTable } from '../../src/search/stateTable.js';
import { same } from '../support/same.js';

describe('search budget', () => {
  it('writes a limit back as its flag', () => {
    expect(describeLimit('nodes', { timeMs: 1, nodes: 42, memoryBytes: 1 })).toBe('--node-limit 42');
  });

  it('stops a budget at its node limit and remembers why', () => {
    const budget = new Budget({ timeMs: Infinity, nodes: 3, memoryBytes: Infinity });
    expect([budget.tick(), budget.tick(), budget.tick(), budget.tick()]).toEqual([true, true, true, false]);
    expect(budget.hit).toBe('nodes');
    expect(budget.stopped).toBe(true);
  });

  it('gives an attempt its share of what is left, and counts what it took', () => {
    // A clock the test moves: the time share is what the budget decides, not how fast this machine is.
    let clock = 5_000;
    useClock(() => clock);
    try {
      const budget = new Budget({ timeMs: 60_000, nodes: 1001, memoryBytes: 1 << 20 });
      budget.nodes = 1;
      const seen = withinAttempt(
        budget,
        Infinity,
        (attempt) => {
          for (let k = 0; k < 500; k++) expect(attempt.tick()).toBe(true);
          expect(attempt.tick()).toBe(false); // its share used up (that tick counts too)
          return attempt.limits;
        },
        0.5,
      );
      expect(seen!.nodes).toBe(500);
      expect(seen!.timeMs).toBe(30_000);
      expect(seen!.memoryBytes).toBe(1 << 20);
      expect(budget.nodes).toBe(502);
      // Ten seconds later, what is left is 50 s.
      clock += 10_000;
      expect(withinAttempt(budget, 100, (attempt) => attempt.limits.timeMs)).toBe(50_000);
      // The whole of what is left without a share, and nothing when nothing is left.
      expect(withinAttempt(budget, 100, (attempt) => attempt.limits.nodes)).toBe(100);
      expect(withinAttempt(budget, Infinity, (attempt) => attempt.limits.nodes)).toBe(499);
      budget.nodes = 1001;
      expect(withinAttempt(budget, Infinity, () => 'ran')).toBeUndefined();
    } finally {
      useClock(() => Date.now());
    }
  });
});

describe('state table', () => {
  it('gives each distinct (hi, lo) one dense id, across growth', () => {
    const table = new StateTable(null, 16);
    const ids = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      const hi = (i * 2654435761) >>> 0;
      const lo = (i * 40503) >>> 0;
      const id = table.intern(hi, lo);
      same(table.lastWasNew, true);
      ids.set(`${hi}:${lo}`, id);
    }
    expect(table.size).toBe(5000);
    for (const [key, id] of ids) {
      const [hi, lo] = key.split(':').map(Number) as [number, number];
      same(table.lookup(hi, lo), id);
      same(table.intern(hi, lo), id);
      same(table.lastWasNew, false);
      same(table.hiOf(id), hi);
      same(table.loOf(id), lo);
    }
    expect(table.lookup(1, 2)).toBe(-1);
  });

  it('refuses to grow past the memory limit', () => {
    const budget = new Budget({ timeMs: Infinity, nodes: Infinity, memoryBytes: 1024 * 1024 });
    const table = new StateTable(budget, 16);
    let last = 0;
    for (let i = 0; i < 1_000_000 && last >= 0; i++) last = table.intern(i, 0);
    expect(last).toBe(-1);
    expect(budget.hit).toBe('memory');
    expect(table.bytes()).toBeLessThanOrEqual(1024 * 1024);
  });

  it('starts empty again after a reset, at its first size or after growing, under the new budget', () => {
    const table = new StateTable(null, 16);
    const firstBytes = table.bytes();
    for (const count of [10, 3000]) {
      for (let i = 0; i < count; i++) table.intern(i, i + 1);
      table.reset(null);
      expect(table.size).toBe(0);
      expect(table.bytes()).toBe(firstBytes);
      for (let i = 0; i < count; i++) expect(table.lookup(i, i + 1)).toBe(-1);
      expect(table.intern(7, 8)).toBe(0);
      expect(table.lastWasNew).toBe(true);
      table.reset(null);
    }
    const budget = new Budget({ timeMs: Infinity, nodes: Infinity, memoryBytes: 4096 });
    table.reset(budget);
    let last = 0;
    for (let i = 0; i < 10_000 && last >= 0; i++) last = table.intern(i, 0);
    expect(last).toBe(-1);
    expect(budget.hit).toBe('memory');
  });
});
