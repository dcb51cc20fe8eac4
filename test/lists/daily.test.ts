import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/inputError.js';
import { TIERS } from '../../src/games/difficulty.js';
import { dailyOrder, dailyPick, dayNumber, parseList } from '../../src/lists/daily.js';

const POOL = Array.from({ length: 400 }, (_, i) => `code-${i}`);

describe('the daily deal', () => {
  it('counts days from 2026-01-01 on the calendar, and refuses what is not a date', () => {
    expect(dayNumber('2026-01-01')).toBe(0);
    expect(dayNumber('2026-12-31')).toBe(364);
    expect(dayNumber('2027-01-01')).toBe(365);
    expect(dayNumber('2025-12-31')).toBe(-1);
    expect(dayNumber('2028-03-01') - dayNumber('2028-02-28')).toBe(2);
    for (const bad of ['2026-02-30', '2026-1-1', 'tomorrow', '2026-13-01']) expect(() => dayNumber(bad)).toThrow(InputError);
  });

  it('is the same for a date every time, and differs on every day of a year', () => {
    for (const tier of TIERS) {
      expect(dailyPick(POOL, tier, dayNumber('2026-03-14'))).toBe(dailyPick(POOL, tier, dayNumber('2026-03-14')));
      // Any 366 days in a row, across a year's end too: no repeat.
      const start = dayNumber('2026-07-01');
      const seen = new Set<string>();
      for (let d = start; d < start + 366; d++) seen.add(dailyPick(POOL, tier, d));
      expect(seen.size).toBe(366);
    }
  });

  it('shuffles each tier its own way', () => {
    expect(dailyOrder(400, 'easy')).not.toEqual(dailyOrder(400, 'expert'));
    expect([...dailyOrder(400, 'hard')].sort((a, b) => a - b)).toEqual(POOL.map((_, i) => i));
  });

  it('refuses a pool too small for a year', () => {
    expect(() => dailyPick(POOL.slice(0, 365), 'easy', 0)).toThrow(/366/);
  });

  it('reads a list file: comments, a CSV header and its figures', () => {
    const list = parseList('# made by: x\n# cardsolve 0.1.0\ncode,verdict,difficulty,stuck\nPY1-N-AAAAAAA,winnable,3.5,\n');
    expect(list.header).toEqual(['made by: x', 'cardsolve 0.1.0']);
    expect(list.entries).toEqual([{ code: 'PY1-N-AAAAAAA', verdict: 'winnable', difficulty: 3.5, stuck: null }]);
  });
});
