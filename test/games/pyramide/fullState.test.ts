/** The packed positions of the full search: the relaxed game's usage number of a position's removed talon cards. */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { TALON_SIZE } from '../../../src/games/pyramide/layout.js';
import { APP_RULES, MSC_RULES } from '../../../src/games/pyramide/rules.js';
import { FullStateSpace, TALON_BASE } from '../../../src/games/pyramide/solver/fullState.js';

describe('FullStateSpace.usageOf', () => {
  it('is the sum of the removed talon cards’ steps, whatever the pointer and turn-over bits above them', () => {
    for (const [code, rules] of [
      [0, APP_RULES],
      [463, APP_RULES],
      [901, MSC_RULES],
    ] as const) {
      const space = new FullStateSpace(dealFromNumber(code), rules);
      let seed = code + 1;
      const random = (): number => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed;
      };
      for (let k = 0; k < 300; k++) {
        const talonRemoved = k < TALON_SIZE ? 1 << k : random() & ((1 << TALON_SIZE) - 1);
        const next = random() % (TALON_SIZE + 1);
        const passes = random() % 3;
        const { hi } = space.pack(0, talonRemoved, next, passes);
        let expected = 0;
        for (let i = 0; i < TALON_SIZE; i++) {
          if ((talonRemoved >> i) & 1) expected += space.relaxed.usageOf(space.value[TALON_BASE + i]!);
        }
        expect(space.usageOf(hi)).toBe(expected);
      }
    }
  });
});
