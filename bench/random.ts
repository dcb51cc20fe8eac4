/** The bench's own seeded choices (which move off a line, synthetic rows), from the project's generator. */
import { Sfc32 } from '../src/codes/sfc32.js';

/** "BNCH": the bench's salt, apart from the deal codes' and the daily deal's. */
const BENCH_SALT = 0x424e4348;

/** A repeatable stream of numbers in [0, 1) for a seed. */
export function benchRandom(seed: number): () => number {
  const rng = new Sfc32(BENCH_SALT, seed >>> 0);
  return () => rng.next() / 2 ** 32;
}
