/**
 * sfc32 (Small Fast Chaotic, 32-bit words), seeded exactly as deal-codes.md says.
 * All arithmetic is modulo 2^32; `>>> 0` keeps every word unsigned.
 */
export class Sfc32 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(salt: number, n: number) {
    this.a = salt >>> 0;
    this.b = (n % 2 ** 32) >>> 0;
    this.c = Math.floor(n / 2 ** 32) >>> 0;
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  next(): number {
    const t = (this.a + this.b + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = (this.b ^ (this.b >>> 9)) >>> 0;
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A uniform integer in [0, k) without modulo bias (rejection sampling). */
  uniform(k: number): number {
    const limit = 2 ** 32 - (2 ** 32 % k);
    for (;;) {
      const r = this.next();
      if (r < limit) return r % k;
    }
  }
}
