/** The packed positions of the full search: the usage number of a position's removed talon cards, one key for positions alike, and moves named for the real talon. */
import { describe, expect, it } from 'vitest';
import { dealFromNumber, talonOf } from '../../../src/games/pyramide/deal.js';
import { TALON_SIZE } from '../../../src/games/pyramide/layout.js';
import { APP_RULES, MSC_RULES } from '../../../src/games/pyramide/rules.js';
import { ALL_TALON, FullStateSpace, pointerOf, TALON_BASE, turnOversOf } from '../../../src/games/pyramide/solver/fullState.js';
import { same, sameList } from '../../support/same.js';

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

/** A small deterministic generator, so that every run tries the same cases. */
function generator(seed: number): () => number {
  return () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 8;
  };
}

/** The values of the talon cards left, waste then stock, as the player meets them. */
function reading(space: FullStateSpace, talonRemoved: number, next: number): string {
  const part = (from: number, to: number): string[] => {
    const out: string[] = [];
    for (let i = from; i < to; i++) if (((talonRemoved >> i) & 1) === 0) out.push(String(space.value[TALON_BASE + i]));
    return out;
  };
  return `${part(0, next).join(' ')} | ${part(next, TALON_SIZE).join(' ')}`;
}

describe('FullStateSpace.pack: positions alike are one position', () => {
  const cases = [
    [0, APP_RULES],
    [463, APP_RULES],
    [901, MSC_RULES],
  ] as const;

  it('keeps what the player sees (pyramid, turn-overs, the values left in order on each side of the pointer), and packs it again to itself', () => {
    for (const [code, rules] of cases) {
      const space = new FullStateSpace(dealFromNumber(code), rules);
      const random = generator(code + 7);
      let changed = 0;
      for (let k = 0; k < 2000; k++) {
        // Mostly many cards removed, where cards of one value come to lie next to each other.
        const talonRemoved = (random() | random()) & ((1 << TALON_SIZE) - 1);
        const next = random() % (TALON_SIZE + 1);
        const removed = random() & ((1 << 28) - 1);
        const passes = rules.passes === Infinity ? 0 : random() % (rules.passes + 1);
        const { lo, hi } = space.pack(removed, talonRemoved, next, passes);
        same(lo & ((1 << 28) - 1), removed);
        same(turnOversOf(hi), passes);
        const kept = hi & ALL_TALON;
        if (kept !== talonRemoved) changed++;
        same(reading(space, kept, pointerOf(lo, hi)), reading(space, talonRemoved, next));
        const again = space.pack(removed, kept, pointerOf(lo, hi), passes);
        sameList([again.lo, again.hi], [lo, hi]);
      }
      expect(changed).toBeGreaterThan(100);
    }
  });

  it('gives two sets of talon cards left that read alike one key, and two that read differently two keys', () => {
    for (const [code, rules] of cases) {
      const space = new FullStateSpace(dealFromNumber(code), rules);
      const random = generator(code + 11);
      for (let k = 0; k < 2000; k++) {
        const a = (random() | random()) & ((1 << TALON_SIZE) - 1);
        // Another set reading the same: each card left moved to the last place that still reads alike.
        let b = (1 << TALON_SIZE) - 1;
        let limit = TALON_SIZE;
        const left: number[] = [];
        for (let i = 0; i < TALON_SIZE; i++) if (((a >> i) & 1) === 0) left.push(i);
        for (let j = left.length - 1; j >= 0; j--) {
          let at = limit - 1;
          while (space.value[TALON_BASE + at] !== space.value[TALON_BASE + left[j]!]) at--;
          b &= ~(1 << at);
          limit = at;
        }
        const waste = random() % (left.length + 1);
        const pointer = (set: number): number => {
          let seen = 0;
          for (let i = 0; i < TALON_SIZE; i++) if (((set >> i) & 1) === 0 && seen++ === waste) return i;
          return TALON_SIZE;
        };
        const pa = space.pack(0, a, pointer(a), 0);
        const key = [pa.lo, pa.hi];
        const pb = space.pack(0, b, pointer(b), 0);
        sameList([pb.lo, pb.hi], key);
        const c = (random() | random()) & ((1 << TALON_SIZE) - 1);
        const pc = space.pack(0, c, pointer(c), 0);
        const alike = reading(space, c, pointer(c)) === reading(space, a, pointer(a));
        same(pc.lo === key[0] && pc.hi === key[1], alike);
      }
    }
  });
});

describe('FullStateSpace.toMoveIn', () => {
  it('names the card at the same place among the cards left when the real talon differs from the packed one', () => {
    // Deal 463: find two talon cards of one value with only cards of other values, all removed, between them.
    const space = new FullStateSpace(dealFromNumber(463), APP_RULES);
    const talon = talonOf(dealFromNumber(463))!;
    let found = false;
    for (let i = 0; i < TALON_SIZE && !found; i++) {
      for (let j = i + 1; j < TALON_SIZE && !found; j++) {
        if (space.value[TALON_BASE + i] !== space.value[TALON_BASE + j] || space.value[TALON_BASE + i] === 13) continue;
        // Every card from i on removed but j: the card left reads as the one at i.
        let real = 0;
        for (let k = i; k < TALON_SIZE; k++) if (k !== j) real |= 1 << k;
        const { hi } = space.pack(0, real, TALON_SIZE, 0);
        const partner = space.value.findIndex((v, at) => at < 28 && v + space.value[TALON_BASE + i]! === 13);
        if ((hi & ALL_TALON) === real || partner < 0) continue;
        found = true;
        expect((hi >> j) & 1).toBe(1); // the packed position holds the card at i instead
        expect((hi >> i) & 1).toBe(0);
        // A removal the search writes with the packed card at i is the real card at j.
        const code = 1 | (partner << 2) | ((TALON_BASE + i) << 8);
        expect(space.toMoveIn(code, real)).toEqual({ kind: 'pair', cards: [dealFromNumber(463).pyramid[partner], talon[j]] });
      }
    }
    expect(found).toBe(true);
  });
});
