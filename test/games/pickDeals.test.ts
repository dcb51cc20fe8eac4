import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors/inputError.js';
import { type Pickable, pickDeals } from '../../src/games/pickDeals.js';

type Row = Pickable & { code: string };

const ROWS: Row[] = [
  { code: 'A', verdict: 'winnable', tier: 'easy', difficulty: 2 },
  { code: 'B', verdict: 'unwinnable', tier: null, difficulty: null },
  { code: 'C', verdict: 'winnable', tier: 'expert', difficulty: 14 },
  { code: 'D', verdict: 'winnable', tier: 'unknown', difficulty: null },
  { code: 'E', verdict: 'unknown', tier: null, difficulty: null },
  { code: 'F', verdict: 'winnable', tier: 'hard', difficulty: 9 },
  { code: 'G', verdict: 'winnable', tier: 'expert', difficulty: 14 },
];
const codes = (rows: Row[]): string => rows.map((r) => r.code).join('');

describe('pickDeals', () => {
  it('keeps every analysis in the order given when asked nothing, and returns a new array', () => {
    const picked = pickDeals(ROWS);
    expect(codes(picked)).toBe('ABCDEFG');
    expect(picked).not.toBe(ROWS);
  });

  it('filters by one verdict or several, and by tier (only winnable deals have one)', () => {
    expect(codes(pickDeals(ROWS, { verdict: 'winnable' }))).toBe('ACDFG');
    expect(codes(pickDeals(ROWS, { verdict: ['unwinnable', 'unknown'] }))).toBe('BE');
    expect(codes(pickDeals(ROWS, { tier: 'expert' }))).toBe('CG');
    expect(codes(pickDeals(ROWS, { tier: ['easy', 'unknown'] }))).toBe('AD');
    expect(codes(pickDeals(ROWS, { verdict: 'unwinnable', tier: 'easy' }))).toBe('');
  });

  it('orders the hardest first, equal scores as given and deals without a score last, then cuts at count', () => {
    expect(codes(pickDeals(ROWS, { verdict: 'winnable', order: 'difficulty' }))).toBe('CGFAD');
    expect(codes(pickDeals(ROWS, { verdict: 'winnable', order: 'difficulty', count: 3 }))).toBe('CGF');
    expect(codes(pickDeals(ROWS, { count: 0 }))).toBe('');
    // The input is left as it was.
    expect(codes(ROWS)).toBe('ABCDEFG');
  });

  it('names the option that is out of range', () => {
    expect(() => pickDeals(ROWS, { count: 1.5 })).toThrow(InputError);
    expect(() => pickDeals(ROWS, { count: -1 })).toThrow(/count -1 is not a whole number/);
    expect(() => pickDeals(ROWS, { tier: 'medium-ish' as 'medium' })).toThrow(
      /tier "medium-ish" is not one of easy, medium, hard, expert, unknown/,
    );
    expect(() => pickDeals(ROWS, { verdict: 'won' as 'winnable' })).toThrow(/verdict "won"/);
    expect(() => pickDeals(ROWS, { order: 'hardest' as 'difficulty' })).toThrow(/order "hardest"/);
  });
});
