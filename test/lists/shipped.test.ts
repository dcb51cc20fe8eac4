/**
 * The shipped lists say what a fresh analysis finds: 20 codes of each, spread over the
 * list, analysed again from scratch (verdict, and the tier or the stuck figure).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDealCode } from '../../src/codes/dealCode.js';
import { TIERS } from '../../src/games/difficulty.js';
import { dealFromNumber } from '../../src/games/pyramide/deal.js';
import { pyramideDifficulty } from '../../src/games/pyramide/difficulty.js';
import { APP_RULES } from '../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../src/games/pyramide/solver/analyse.js';
import { parseList } from '../../src/lists/daily.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const LIMITS = { timeMs: 60_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };

function sample<T>(items: readonly T[], n: number): T[] {
  const step = items.length / n;
  return Array.from({ length: Math.min(n, items.length) }, (_, i) => items[Math.floor(i * step)]!);
}

describe('shipped Pyramide lists', () => {
  for (const tier of TIERS) {
    const path = join(ROOT, 'data/lists', `pyramide-app-${tier}.csv`);
    it(`${tier}: a sample of 20 has the verdict and tier the list says`, () => {
      expect(existsSync(path)).toBe(true);
      const list = parseList(readFileSync(path, 'utf8'));
      expect(list.header[0]).toMatch(/^made by: /);
      expect(list.header[1]).toMatch(/^cardsolve \d/);
      for (const e of sample(list.entries, 20)) {
        const deal = dealFromNumber(parseDealCode(e.code).number);
        expect(e.verdict).toBe('winnable');
        expect(solvePyramide(deal, APP_RULES, LIMITS, { winnabilityOnly: true }).verdict, e.code).toBe('winnable');
        const d = pyramideDifficulty(deal, APP_RULES);
        expect(d.tier, e.code).toBe(tier);
        expect(d.difficulty, e.code).toBe(e.difficulty);
      }
    }, 300_000);
  }

  it('stuck: a sample of 20 cannot be won and removes at most the cards the list says', () => {
    const list = parseList(readFileSync(join(ROOT, 'data/lists/pyramide-app-stuck.csv'), 'utf8'));
    for (const e of sample(list.entries, 20)) {
      const s = solvePyramide(dealFromNumber(parseDealCode(e.code).number), APP_RULES, LIMITS);
      expect(s.verdict, e.code).toBe('unwinnable');
      expect(s.maxExact).toBe(true);
      expect(s.maxRemoved, e.code).toBe(e.stuck);
    }
  }, 300_000);
});
