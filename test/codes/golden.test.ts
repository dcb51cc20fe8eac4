import { describe, expect, it } from 'vitest';
import { formatCards } from '../../src/cards/notation.js';
import { Sfc32 } from '../../src/codes/sfc32.js';
import { shuffledDeck } from '../../src/codes/shuffle.js';
import { DS1_SALT } from '../../src/games/double/deal.js';
import { PY1_SALT } from '../../src/games/pyramide/deal.js';
import { same } from '../support/same.js';

// Golden values from deal-codes.md ("from an independent implementation of this text").
describe('deal generator golden values', () => {
  it('PY1 deal 0 (PY1-N-AAAAAAA)', () => {
    const deck = shuffledDeck(PY1_SALT, 1, 0);
    expect(formatCards(deck.slice(0, 1))).toBe('9♦');
    expect(formatCards(deck.slice(1, 3))).toBe('A♠ 6♣');
    expect(formatCards(deck.slice(21, 28))).toBe('J♦ 2♦ 2♣ 2♥ 4♠ A♥ 2♠');
    expect(formatCards([deck[28]!])).toBe('Q♦');
    expect(formatCards([deck[29]!])).toBe('6♥');
    expect(formatCards([deck[51]!])).toBe('9♥');
  });

  it('DS1 deal 1 (DS1-D1N-AAAAAAB) in dealing rounds', () => {
    const deck = shuffledDeck(DS1_SALT, 2, 1).map((c) => c % 52);
    const columns: number[][] = Array.from({ length: 9 }, () => []);
    let next = 0;
    for (let round = 0; round < 9; round++) {
      for (let col = round; col < 9; col++) columns[col]!.push(deck[next++]!);
    }
    expect(formatCards(columns[0]!)).toBe('6♥');
    expect(formatCards(columns[1]!)).toBe('Q♥ 10♠');
    expect(formatCards(columns[8]!)).toBe('5♣ 9♣ 4♦ 2♥ 3♠ 3♦ K♦ 4♠ 2♣');
    expect(formatCards([deck[45]!])).toBe('7♣');
  });

  it('shuffles are permutations of the deck(s)', () => {
    for (const n of [0, 1, 26, 8_031_810_175]) {
      expect([...shuffledDeck(PY1_SALT, 1, n)].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
      expect([...shuffledDeck(DS1_SALT, 2, n)].sort((a, b) => a - b)).toEqual(Array.from({ length: 104 }, (_, i) => i));
    }
  });

  it('seeds the high word from n / 2^32 (deal numbers past 2^32 differ from their low word)', () => {
    const low = shuffledDeck(PY1_SALT, 1, 5);
    const high = shuffledDeck(PY1_SALT, 1, 2 ** 32 + 5);
    expect(high).not.toEqual(low);
  });

  it('the salts are the ones deal-codes.md gives', () => {
    expect(PY1_SALT).toBe(0x50593100);
    expect(DS1_SALT).toBe(0x44533100);
  });

  it('sfc32 words stay unsigned 32-bit', () => {
    const rng = new Sfc32(0xffffffff, 8_031_810_175);
    for (let i = 0; i < 1000; i++) {
      const r = rng.next();
      expect(Number.isInteger(r) && r >= 0 && r < 2 ** 32).toBe(true);
    }
  });

  it('next and uniform give what deal-codes.md spells out, in exact integers', () => {
    // The spec's steps word for word, in BigInt: the generator's integer shortcuts must agree.
    const M = 2n ** 32n;
    const spec = (salt: number, n: number) => {
      let a = BigInt(salt) % M;
      let b = BigInt(n) % M;
      let c = BigInt(Math.floor(n / 2 ** 32)) % M;
      let d = 1n;
      const next = (): bigint => {
        const t = (a + b + d) % M;
        d = (d + 1n) % M;
        a = b ^ (b >> 9n);
        b = (c + (c << 3n)) % M;
        c = ((c << 21n) | (c >> 11n)) % M;
        c = (c + t) % M;
        return t;
      };
      for (let i = 0; i < 12; i++) next();
      const uniform = (k: number): number => {
        const limit = M - (M % BigInt(k));
        for (;;) {
          const r = next();
          if (r < limit) return Number(r % BigInt(k));
        }
      };
      return { next, uniform };
    };
    // Powers of two take the output's low bits; the others the 16-bit remainders or doubles.
    const small = [1, 2, 3, 4, 7, 16, 52, 104, 255, 1000, 16_384, 32_767, 32_768, 32_769];
    const ks = [...small, 65_536, 1_000_003, 2 ** 31 - 1, 2 ** 31 + 11, 3_000_000_000];
    for (const [salt, n] of [
      [0x50593100, 0],
      [0x44533100, 1],
      [0xffffffff, 8_031_810_175],
      [0x52414e44, 2 ** 53 - 1],
    ] as const) {
      const fast = new Sfc32(salt, n);
      const slow = spec(salt, n);
      for (let i = 0; i < 4000; i++) {
        if (i % 5 === 0) same(fast.next(), Number(slow.next()));
        else {
          const k = ks[i % ks.length]!;
          same(fast.uniform(k), slow.uniform(k));
        }
      }
    }
  });
});
