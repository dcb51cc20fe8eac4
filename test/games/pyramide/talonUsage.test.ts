import { describe, expect, it } from 'vitest';
import { TalonUsage } from '../../../src/games/pyramide/solver/talonUsage.js';

/** A usage with `counts[v]` talon cards of each value 1 to 12 (index 0 and 13 unused). */
function usageOf(counts: readonly number[]): TalonUsage {
  const talon = new TalonUsage();
  counts.forEach((c, v) => {
    talon.count[v] = c;
  });
  talon.setRadix();
  return talon;
}

describe('talon usage', () => {
  it('reads back every digit a usage is built from, one value at a time or all at once', () => {
    // Values with 0 to 4 talon cards, Kings left out (index 13).
    const counts = [0, 2, 0, 1, 4, 2, 3, 1, 0, 2, 1, 3, 2, 4];
    const talon = usageOf(counts);
    const left = new Int32Array(14);
    let checked = 0;
    // Plain comparisons, the first few mismatches kept: over 100,000 usages an expect() per
    // digit would take the test 25 s for the same check.
    const wrong: string[] = [];
    for (let usage = 0; usage <= talon.full; usage++) {
      // The digits, written from the radices: the usage is their weighted sum.
      let rest = usage;
      const digits: number[] = [];
      for (let v = 12; v >= 1; v--) {
        digits[v] = Math.floor(rest / talon.radix[v]!);
        rest -= digits[v]! * talon.radix[v]!;
      }
      talon.unusedInto(usage, left);
      for (let v = 1; v <= 12; v++) {
        const d = digits[v]!;
        const ok = d <= counts[v]! && talon.used(usage, v) === d && talon.unused(usage, v) === counts[v]! - d && left[v] === counts[v]! - d;
        if (!ok && wrong.length < 5)
          wrong.push(
            `usage ${usage}, value ${v}: digit ${d}, used ${talon.used(usage, v)}, unused ${talon.unused(usage, v)}, left ${left[v]}`,
          );
      }
      checked++;
    }
    expect(wrong).toEqual([]);
    // Every combination of digits: the product of (count + 1) over the values.
    expect(checked).toBe(3 * 1 * 2 * 5 * 3 * 4 * 2 * 1 * 3 * 2 * 4 * 3);
  });

  it('refuses more talon cards than a usage holds in 31 bits', () => {
    expect(usageOf([0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0]).full).toBe(5 ** 12 - 1);
    expect(() => usageOf([0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0])).toThrow(/31 bits/);
    expect(usageOf([0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0]).full).toBe(3 ** 12 - 1);
  });
});
