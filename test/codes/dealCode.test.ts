import { describe, expect, it } from 'vitest';
import { dealNumberLetters, formatDealCode, offsetDealCode, parseDealCode } from '../../src/codes/dealCode.js';
import { InputError } from '../../src/errors/inputError.js';
import { resolveCode } from '../../src/games/registry.js';

describe('deal codes', () => {
  it('reads the deal number in base 26, A = 0', () => {
    expect(parseDealCode('PY1-N-AAAAAAA').number).toBe(0);
    expect(parseDealCode('PY1-N-AAAAAAB').number).toBe(1);
    expect(parseDealCode('PY1-N-AAAAAAJ').number).toBe(9);
    expect(parseDealCode('PY1-N-AAAAAAS').number).toBe(18);
    expect(parseDealCode('PY1-N-AAAAABA').number).toBe(26);
    expect(parseDealCode('PY1-N-ZZZZZZZ').number).toBe(8_031_810_175);
  });

  it('trims and ignores case, and writes upper case', () => {
    const code = parseDealCode('  ds1-d3v-aaaaaab \n');
    expect(code).toEqual({ family: 'DS1', options: 'D3V', number: 1 });
    expect(formatDealCode(code)).toBe('DS1-D3V-AAAAAAB');
    expect(formatDealCode(parseDealCode('py1-n-zzzzzzz'))).toBe('PY1-N-ZZZZZZZ');
  });

  it('round-trips numbers and steps through ranges', () => {
    for (const n of [0, 1, 25, 26, 12345678, 8_031_810_175]) expect(parseDealCode(`PY1-N-${dealNumberLetters(n)}`).number).toBe(n);
    expect(formatDealCode(offsetDealCode(parseDealCode('PY1-N-AAAAAAZ'), 1))).toBe('PY1-N-AAAAABA');
    expect(() => offsetDealCode(parseDealCode('PY1-N-ZZZZZZZ'), 1)).toThrow(InputError);
  });

  it('reads a code as written by formatDealCode the same as any other spelling of it', () => {
    // The written form has a quick reader of its own; every other spelling takes the full one.
    for (const family of ['PY1', 'DS1', 'XX12']) {
      for (const options of ['N', 'D3V', '7Q']) {
        for (const n of [0, 1, 25, 26, 675, 12345678, 8_031_810_175]) {
          const written = formatDealCode({ family, options, number: n });
          const code = parseDealCode(written);
          expect(code).toEqual({ family, options, number: n });
          expect(parseDealCode(` ${written.toLowerCase()}\t`)).toEqual(code);
          expect(parseDealCode(written.slice(0, -1) + written.slice(-1).toLowerCase())).toEqual(code);
        }
      }
    }
    for (const text of ['PY1--AAAAAAA', 'PY1-N-A-AAAAA', 'PY-N-AAAAAAA', 'P11-N-AAAAAAA', 'PY1-N-AAAAAA@']) {
      expect(() => parseDealCode(text)).toThrow(InputError);
    }
  });

  it.each([
    ['PY1-N-AAAAAA', /exactly 7 letters/],
    ['PY1-N-AAAAAAAA', /exactly 7 letters/],
    ['PY1-N-AAAA1AA', /exactly 7 letters/],
    ['PY1-N-AAAÉAAA', /exactly 7 letters/],
    ['PY1-N-AAA AAAA', /exactly 7 letters/],
    ['PY2-N-AAAAAAA', /unknown game "PY2"/],
    ['XX1-N-AAAAAAA', /unknown game/],
    ['PY1-V-AAAAAAA', /unknown options "V" for PY1, expected N/],
    ['DS1-D2N-AAAAAAA', /unknown options "D2N" for DS1/],
    ['DS1-N-AAAAAAA', /unknown options/],
    ['PY1AAAAAAA', /expected GAME-OPTIONS-LETTERS/],
    ['', /expected GAME-OPTIONS-LETTERS/],
    ['P1-N-AAAAAAA', /"P1" is not a game/],
    ['PY1-N!-AAAAAAA', /"N!" is not a set of rule letters/],
  ])('refuses %j naming the offending part', (text, message) => {
    expect(() => resolveCode(text)).toThrow(InputError);
    expect(() => resolveCode(text)).toThrow(message);
    expect(() => resolveCode(text)).toThrow(/for example PY1-N-AAAAAAS/);
  });

  it("reads the shape alone; which games and letters exist is the registry's to say", () => {
    expect(parseDealCode('XX1-Q-AAAAAAB')).toEqual({ family: 'XX1', options: 'Q', number: 1 });
    expect(() => resolveCode('XX1-Q-AAAAAAB')).toThrow(/unknown game "XX1", expected PY1 \(Pyramide\), DS1 \(Double Solitaire\)/);
    expect(resolveCode('ds1-d3v-aaaaaab').game.id).toBe('double');
  });
});
