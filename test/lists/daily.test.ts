import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/inputError.js';
import { dailyOrder, dailyPick, dayNumber, parseList, poolNotes } from '../../src/games/daily.js';
import { TIERS } from '../../src/games/difficulty.js';
import { dailyDeal, dailyPool, LISTS_VARIABLE } from '../../src/lists/daily.js';
import { tempDir } from '../support/tempDir.js';
import { listFile } from './helpers.js';

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

  it('serves a pool smaller than a year in a cycle: no repeat within one, the same deal a cycle later', () => {
    const small = POOL.slice(0, 97);
    for (const tier of TIERS) {
      expect([...dailyOrder(97, tier)].sort((a, b) => a - b)).toEqual(small.map((_, i) => i));
      // Any 97 days in a row, before the epoch too: every deal once.
      for (const start of [dayNumber('2026-07-01'), -40]) {
        const cycle = Array.from({ length: 97 }, (_, i) => dailyPick(small, tier, start + i));
        expect(new Set(cycle).size, `${tier} from day ${start}`).toBe(97);
        expect(Array.from({ length: 97 }, (_, i) => dailyPick(small, tier, start + 97 + i))).toEqual(cycle);
      }
    }
    expect(dailyPick(['only'], 'hard', 1234)).toBe('only');
    expect(() => dailyPick([], 'easy', 0)).toThrow(/at least one/);
  });

  it('says when a pool repeats within a year, and nothing when it does not', () => {
    expect(poolNotes(97)).toEqual(['the pool has 97 deals: the deal of the day repeats every 97 days']);
    expect(poolNotes(365)).toHaveLength(1);
    expect(poolNotes(366)).toEqual([]);
    expect(poolNotes(1000)).toEqual([]);
  });

  it('reads a list file: comments, a CSV header and its figures', () => {
    const list = parseList('# made by: x\n# cardsolve 0.1.0\ncode,verdict,difficulty,stuck\nPY1-N-AAAAAAA,winnable,3.5,\n');
    expect(list.header).toEqual(['made by: x', 'cardsolve 0.1.0']);
    expect(list.entries).toEqual([{ code: 'PY1-N-AAAAAAA', verdict: 'winnable', difficulty: 3.5, stuck: null }]);
  });
});

describe('the daily deal from a lists folder of its own', () => {
  let folder: { dir: string; cleanup: () => void };
  const saved = process.env[LISTS_VARIABLE];
  beforeEach(() => {
    folder = tempDir();
    process.env[LISTS_VARIABLE] = folder.dir;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env[LISTS_VARIABLE];
    else process.env[LISTS_VARIABLE] = saved;
    folder.cleanup();
  });

  it('serves a pool of 97 deals, and says it repeats every 97 days', () => {
    writeFileSync(join(folder.dir, 'pyramide-app-hard.csv'), listFile(97));
    const deal = dailyDeal('pyramide', 'app', 'hard', '2026-03-14');
    expect(deal.pool).toBe(97);
    expect(deal.notes).toEqual(['the pool has 97 deals: the deal of the day repeats every 97 days']);
    expect(deal.code).toMatch(/^PY1-N-AAAAA[A-D][A-Z]$/);
    expect(deal.figures).toMatchObject({ verdict: 'winnable', tier: 'hard', difficulty: 9.5 });
    // 97 days later, the same deal; the day after, another.
    expect(dailyDeal('pyramide', 'app', 'hard', '2026-06-19').code).toBe(deal.code);
    expect(dailyDeal('pyramide', 'app', 'hard', '2026-03-15').code).not.toBe(deal.code);
  });

  it('says nothing of a pool of a year, refuses an empty list and names a missing one', () => {
    writeFileSync(join(folder.dir, 'pyramide-app-easy.csv'), listFile(400));
    expect(dailyDeal('pyramide', 'app', 'easy', '2026-03-14')).toMatchObject({ pool: 400, notes: [] });
    writeFileSync(join(folder.dir, 'pyramide-app-medium.csv'), '# made by: a test\ncode,verdict\n');
    expect(() => dailyPool('pyramide', 'app', 'medium')).toThrow(InputError);
    expect(() => dailyPool('pyramide', 'app', 'medium')).toThrow(/has no deals: a daily pool needs at least one/);
    expect(() => dailyPool('pyramide', 'app', 'expert')).toThrow(/no shipped list for pyramide \(rules app\), tier expert/);
  });
});
