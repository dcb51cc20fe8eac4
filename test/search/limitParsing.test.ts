import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/inputError.js';
import { parseBytes, parseCount, parseDuration } from '../../src/search/limitParsing.js';

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
  });
});
