import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/inputError.js';
import { Budget, describeLimit, parseBytes, parseCount, parseDuration } from '../../src/search/limits.js';
import { StateTable } from '../../src/search/stateTable.js';

describe('limit flags', () => {
  it('reads durations, counts and sizes as the flags document them', () => {
    expect(parseDuration('10s')).toBe(10_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('2m')).toBe(120_000);
    expect(parseDuration('1.5')).toBe(1500);
    expect(parseDuration('none')).toBe(Infinity);
    expect(parseCount('5e6')).toBe(5_000_000);
    expect(parseCount('5M')).toBe(5_000_000);
    expect(parseCount('500k')).toBe(500_000);
    expect(parseCount('1_000')).toBe(1000);
    expect(parseBytes('2GB')).toBe(2 * 1024 ** 3);
    expect(parseBytes('512mb')).toBe(512 * 1024 ** 2);
    expect(() => parseDuration('10 minutes')).toThrow(InputError);
    expect(() => parseCount('lots')).toThrow(/is not a count/);
    expect(() => parseCount('0')).toThrow(/at least 1/);
    expect(() => parseBytes('12')).toThrow(/too small/);
    expect(describeLimit('nodes', { timeMs: 1, nodes: 42, memoryBytes: 1 })).toBe('--node-limit 42');
  });

  it('stops a budget at its node limit and remembers why', () => {
    const budget = new Budget({ timeMs: Infinity, nodes: 3, memoryBytes: Infinity });
    expect([budget.tick(), budget.tick(), budget.tick(), budget.tick()]).toEqual([true, true, true, false]);
    expect(budget.hit).toBe('nodes');
    expect(budget.stopped).toBe(true);
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
      expect(table.lastWasNew).toBe(true);
      ids.set(`${hi}:${lo}`, id);
    }
    expect(table.size).toBe(5000);
    for (const [key, id] of ids) {
      const [hi, lo] = key.split(':').map(Number) as [number, number];
      expect(table.lookup(hi, lo)).toBe(id);
      expect(table.intern(hi, lo)).toBe(id);
      expect(table.lastWasNew).toBe(false);
      expect(table.hiOf(id)).toBe(hi);
      expect(table.loOf(id)).toBe(lo);
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
});
