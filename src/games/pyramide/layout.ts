/**
 * The pyramid's geometry. Positions 0..27 run row by row from the top, left to right:
 * row r (1..7) starts at r(r-1)/2. Position (r, i) is partly covered by (r+1, i) and
 * (r+1, i+1). Everything here depends only on the shape, so it is computed once.
 */
export const ROWS = 7;
export const PYRAMID_SIZE = 28;
export const TALON_SIZE = 24;
export const FULL_PYRAMID = (1 << PYRAMID_SIZE) - 1;

export function rowStart(row: number): number {
  return ((row - 1) * row) / 2;
}

/** 1-based row and 1-based place in the row of a position. */
function rowAndPlace(pos: number): { row: number; place: number } {
  let row = 1;
  while (rowStart(row + 1) <= pos) row++;
  return { row, place: pos - rowStart(row) + 1 };
}

/** Bit mask of the two positions that cover `pos` (0 for the bottom row). */
export const COVER_MASK: readonly number[] = Array.from({ length: PYRAMID_SIZE }, (_, pos) => {
  const { row, place } = rowAndPlace(pos);
  if (row === ROWS) return 0;
  const below = rowStart(row + 1) + place - 1;
  return (1 << below) | (1 << (below + 1));
});

/**
 * The position of the only card still covering `pos` when that card is itself uncovered
 * (so `--pair-covering` may pair the two), or -1. `removed` is the mask of removed positions.
 */
export function soleAvailableCover(removed: number, pos: number): number {
  if ((removed >> pos) & 1) return -1;
  const rest = COVER_MASK[pos]! & ~removed;
  if (rest === 0 || (rest & (rest - 1)) !== 0) return -1;
  const cover = 31 - Math.clz32(rest);
  return (removed & COVER_MASK[cover]!) === COVER_MASK[cover] ? cover : -1;
}

/**
 * For each position, the positions it could ever pair with: values adding to 13, and
 * neither card under the other (with `--pair-covering`, a card directly covering it counts
 * too). `values` are the 28 pyramid values, 1..13. Written into `masks` when given.
 * (Asked once per deal, so from per-value masks and the precomputed relations below, not
 * by trying every pair of positions.)
 */
export function pairableMasks(values: ArrayLike<number>, pairCovering: boolean, masks = new Int32Array(PYRAMID_SIZE)): Int32Array {
  const ofValue = OF_VALUE_SCRATCH;
  ofValue.fill(0);
  for (let x = 0; x < PYRAMID_SIZE; x++) {
    const v = values[x]!;
    if (v >= 0 && v <= 13) ofValue[v]! |= 1 << x;
  }
  for (let x = 0; x < PYRAMID_SIZE; x++) {
    const w = 13 - values[x]!;
    const partners = w >= 0 && w <= 13 ? ofValue[w]! : 0;
    masks[x] = (partners & ~NESTED_MASK[x]!) | (pairCovering ? partners & TOUCHING_MASK[x]! : 0);
  }
  return masks;
}

/** `pairableMasks`' scratch: per value 0..13, the positions holding it. */
const OF_VALUE_SCRATCH = new Int32Array(14);

/** Bit mask of every position that must go before `pos` is uncovered (its whole cone below). */
const CONE_MASK: readonly number[] = (() => {
  const cone = new Array<number>(PYRAMID_SIZE).fill(0);
  for (let pos = PYRAMID_SIZE - 1; pos >= 0; pos--) {
    let mask = COVER_MASK[pos]!;
    for (let i = 0; i < PYRAMID_SIZE; i++) if (COVER_MASK[pos]! & (1 << i)) mask |= cone[i]!;
    cone[pos] = mask;
  }
  return cone;
})();

/** Per position, the positions under or over it (one in the other's cone): never a pair. */
const NESTED_MASK: readonly number[] = Array.from({ length: PYRAMID_SIZE }, (_, x) => {
  let mask = CONE_MASK[x]!;
  for (let y = 0; y < PYRAMID_SIZE; y++) if ((CONE_MASK[y]! >> x) & 1) mask |= 1 << y;
  return mask;
});

/** Per position, the positions directly covering it or covered by it (a pair with `--pair-covering`). */
const TOUCHING_MASK: readonly number[] = Array.from({ length: PYRAMID_SIZE }, (_, x) => {
  let mask = COVER_MASK[x]!;
  for (let y = 0; y < PYRAMID_SIZE; y++) if ((COVER_MASK[y]! >> x) & 1) mask |= 1 << y;
  return mask;
});

/**
 * `removed` with every King of `kings` (bit per position) removed as soon as it is
 * uncovered, repeatedly (removing one may uncover another): never a bad move, as a King
 * goes alone and only uncovers cards.
 */
export function closeKings(removed: number, kings: number): number {
  for (;;) {
    let changed = false;
    for (let t = kings & ~removed; t !== 0; t &= t - 1) {
      const i = 31 - Math.clz32(t & -t);
      if ((removed & COVER_MASK[i]!) === COVER_MASK[i]) {
        removed |= 1 << i;
        changed = true;
      }
    }
    if (!changed) return removed;
  }
}

export { popcount } from '../../search/bits.js';
