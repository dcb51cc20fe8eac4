/**
 * SHA-256 (FIPS 180-4) over bytes, in plain JavaScript. Written out rather than taken from a
 * hash library because the core's one-file browser build has a size budget, and a library
 * brings its hash family and helpers (5 KB minified) for these 40 lines. The tests hold it to
 * Node's own SHA-256 on texts of every length up to three blocks.
 */

/** The first `count` primes. */
function primes(count: number): number[] {
  const found: number[] = [];
  for (let n = 2; found.length < count; n++) if (found.every((p) => n % p !== 0)) found.push(n);
  return found;
}

/**
 * The largest integer whose `power` (2 or 3) is at most `n`, by Newton's method from above:
 * exact, where floating point roots could differ in their last bit from engine to engine.
 */
function integerRoot(n: bigint, power: 2n | 3n): bigint {
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / Number(power)));
  for (;;) {
    const next = ((power - 1n) * x + n / x ** (power - 1n)) / power;
    if (next >= x) return x;
    x = next;
  }
}

/** The first 32 bits of the fractional part of the square or cube root of each prime. */
const rootBits = (count: number, power: 2n | 3n): Uint32Array =>
  Uint32Array.from(primes(count), (p) => Number(integerRoot(BigInt(p) << (32n * power), power) & 0xffffffffn));

/** The round constants (cube roots of the first 64 primes) and the start (square roots of the first 8). */
const K = rootBits(64, 3n);
const START = rootBits(8, 2n);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** The SHA-256 digest of `bytes` (32 bytes). */
export function sha256(bytes: Uint8Array): Uint8Array {
  // The message, a 1 bit, zeros, and its length in bits (big-endian, 64 bits), in 64-byte blocks.
  const padded = new Uint8Array((((bytes.length + 8) >> 6) + 1) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(padded.length - 4, bytes.length << 3);
  const state = START.slice();
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + 4 * i);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      w[i] = w[i - 16]! + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + w[i - 7]! + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10));
    }
    let a = state[0]!;
    let b = state[1]!;
    let c = state[2]!;
    let d = state[3]!;
    let e = state[4]!;
    let f = state[5]!;
    let g = state[6]!;
    let h = state[7]!;
    for (let i = 0; i < 64; i++) {
      const t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!;
      const t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = (d! + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    state[0] = state[0]! + a;
    state[1] = state[1]! + b;
    state[2] = state[2]! + c;
    state[3] = state[3]! + d;
    state[4] = state[4]! + e;
    state[5] = state[5]! + f;
    state[6] = state[6]! + g;
    state[7] = state[7]! + h;
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  for (let i = 0; i < 8; i++) out.setUint32(4 * i, state[i]!);
  return digest;
}
