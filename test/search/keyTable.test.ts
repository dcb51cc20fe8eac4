import { describe, expect, it } from 'vitest';
import { GrowableInt32Array } from '../../src/search/growable.js';
import { KeyTable } from '../../src/search/keyTable.js';
import { Budget } from '../../src/search/limits.js';
import { same } from '../support/same.js';

describe('key table (any width)', () => {
  it('gives each distinct 11-word key one dense id, across growth, and tells keys that differ in one word apart', () => {
    const table = new KeyTable(11, null, 16);
    const key = new Uint32Array(11);
    const fill = (i: number, word: number): void => {
      key.fill(7);
      key[word] = (i * 2654435761) >>> 0;
    };
    for (let i = 0; i < 3000; i++) {
      fill(i, i % 11);
      same(table.intern(key), i);
      same(table.lastWasNew, true);
    }
    expect(table.size).toBe(3000);
    for (let i = 0; i < 3000; i++) {
      fill(i, i % 11);
      same(table.lookup(key), i);
      same(table.intern(key), i);
      same(table.lastWasNew, false);
      same(table.wordOf(i, i % 11), key[i % 11]);
    }
    // The same value in another word is another key.
    fill(5, 6);
    expect(table.lookup(key)).toBe(-1);
  });

  it('empties for reuse, by its keys or by its slots, and sheds arrays grown past the cap', () => {
    const table = new KeyTable(2, null, 1 << 10);
    const key = new Uint32Array(2);
    for (const [count, cap] of [
      [20, 1 << 12],
      [900, 1 << 12],
      [5000, 1 << 10],
      [3, 1 << 10],
    ] as const) {
      for (let i = 0; i < count; i++) {
        key[0] = i;
        key[1] = count;
        same(table.intern(key), i);
      }
      table.reuse(null, cap);
      expect(table.size).toBe(0);
      expect(table.bytes()).toBeLessThanOrEqual(cap * 16);
      for (let i = 0; i < count; i++) {
        key[0] = i;
        key[1] = count;
        same(table.lookup(key), -1);
      }
    }
  });

  it('counts what the caller keeps per key against the memory limit', () => {
    const run = (extra: number): number => {
      const budget = new Budget({ timeMs: Infinity, nodes: Infinity, memoryBytes: 1024 * 1024 });
      const table = new KeyTable(3, budget, 16, extra);
      const key = new Uint32Array(3);
      for (let i = 0; ; i++) {
        key[0] = i;
        if (table.intern(key) < 0) {
          expect(budget.hit).toBe('memory');
          return table.size;
        }
      }
    };
    expect(run(64)).toBeLessThan(run(0));
  });
});

describe('growable Int32Array', () => {
  it('keeps its contents and the fill value as it grows', () => {
    const g = new GrowableInt32Array(2, -1);
    g.ensure(0)[0] = 5;
    const data = g.ensure(100);
    expect(data.length).toBeGreaterThan(100);
    expect(data[0]).toBe(5);
    expect(data[1]).toBe(-1);
    expect(data[100]).toBe(-1);
    expect(g.data).toBe(data);
  });
});
