/**
 * The usage number of the Pyramide searches that see the talon by value alone (the relaxed
 * game, the quick winnability search, the difficulty's decisions): which talon cards have
 * been used, not which card of a value. Mixed radix: digit v (1 to 12) counts the value-v
 * cards used, from 0 to as many as the talon holds. Kings need no partner and are not
 * counted.
 */
export class TalonUsage {
  /** Talon cards of each value (index 1 to 13), filled by the owner before `setRadix`. */
  readonly count = new Int32Array(14);
  /** The weight of digit v. */
  readonly radix = new Int32Array(14);
  /** The usage once every talon card but the Kings is used. */
  full = 0;

  /** The digits' weights, from `count`. */
  setRadix(): void {
    let r = 1;
    this.full = 0;
    for (let v = 1; v <= 12; v++) {
      this.radix[v] = r;
      this.full += this.count[v]! * r;
      r *= this.count[v]! + 1;
    }
    // At most 24 talon cards: r is at most 3^12. `used` relies on it staying in 31 bits.
    if (r > 2 ** 31) throw new Error(`talon usage past 31 bits (${r} values): more talon cards than a deal has`);
  }

  /** What one more talon card of value v adds to a usage (0 for a King). */
  step(v: number): number {
    return v === 13 ? 0 : this.radix[v]!;
  }

  /**
   * The talon cards of value v (1 to 12) a usage counts as used: its digit v. (A usage is
   * below 3^12 < 2^20, so `| 0` floors it: integer division, where `Math.floor` and `%` on
   * its result took the floating-point path.)
   */
  used(usage: number, v: number): number {
    return ((usage / this.radix[v]!) | 0) % (this.count[v]! + 1);
  }

  /** The talon cards of value v (1 to 12) a usage leaves unused. */
  unused(usage: number, v: number): number {
    return this.count[v]! - this.used(usage, v);
  }

  /**
   * `unused(usage, v)` for every value 1 to 12, into `left[v]`: the digits from the lowest
   * up, one integer division each (for searches that want them all at every position).
   */
  unusedInto(usage: number, left: Int32Array): void {
    const count = this.count;
    let rest = usage;
    for (let v = 1; v <= 12; v++) {
      const base = count[v]! + 1;
      const higher = (rest / base) | 0;
      left[v] = count[v]! - (rest - higher * base);
      rest = higher;
    }
  }
}
