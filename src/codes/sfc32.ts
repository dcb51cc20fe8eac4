/**
 * sfc32 (Small Fast Chaotic, 32-bit words), seeded exactly as deal-codes.md says.
 * All arithmetic is modulo 2^32. The four words live in an Int32Array and are worked on as
 * signed 32-bit integers (the same bits), and `uniform` takes its remainders on 16-bit
 * halves: numbers past 2^31 would be doubles, and each remainder of one a floating-point
 * call. The random playouts of the difficulty figures draw from it at every move.
 */
export class Sfc32 {
  private readonly s = new Int32Array(4);

  constructor(salt: number, n: number) {
    const s = this.s;
    // (An Int32Array keeps the low 32 bits of what it is given.)
    s[0] = salt;
    s[1] = n % 2 ** 32;
    s[2] = Math.floor(n / 2 ** 32);
    s[3] = 1;
    for (let i = 0; i < 12; i++) this.step();
  }

  /** One step: the next output as a signed 32-bit integer (its bits are the unsigned output's). */
  private step(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = (d + 1) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    return t;
  }

  /** The next output, an unsigned 32-bit integer. */
  next(): number {
    return this.step() >>> 0;
  }

  /**
   * A uniform integer in [0, k) without modulo bias (rejection sampling): limit = 2^32 -
   * (2^32 mod k); draw r until r < limit; answer r mod k. For k up to 2^15 the remainders
   * are taken on 16-bit halves (2^32 mod k = (2^16 mod k)^2 mod k, and r mod k likewise),
   * every intermediate below 2^31: exact integer arithmetic, the same answers. A power of
   * two divides 2^32, so nothing is rejected and r mod k is its low bits: no division, the
   * same answers (most of a random playout's draws are among 1 or 2 moves).
   */
  uniform(k: number): number {
    if (k > 0 && k <= 1 << 15 && (k & (k - 1)) === 0) return this.step() & (k - 1);
    if (k > 1 << 15) return this.uniformWide(k);
    const half = 65536 % k; // 2^16 mod k
    const rest = (half * half) % k; // 2^32 mod k
    for (;;) {
      const t = this.step();
      // r < 2^32 - rest, r being t unsigned: any t >= 0 (r < 2^31 <= 2^32 - rest), else t + 2^32 < 2^32 - rest.
      if (t >= 0 || t < -rest) return (((t >>> 16) % k) * half + (t & 0xffff)) % k;
    }
  }

  /** `uniform` for k past 2^15, in doubles (exact below 2^53). */
  private uniformWide(k: number): number {
    const limit = 2 ** 32 - (2 ** 32 % k);
    for (;;) {
      const r = this.next();
      if (r < limit) return r % k;
    }
  }
}
