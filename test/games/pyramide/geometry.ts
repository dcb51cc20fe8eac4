/**
 * The pyramid's shape worked out from the row lengths alone, for tests that check the
 * solver's precomputed masks against it: row r (from 0) holds r + 1 cards.
 */

/** Row and column (both from 0) of a pyramid position. */
export function place(p: number): { row: number; col: number } {
  let row = 0;
  while (((row + 1) * (row + 2)) / 2 <= p) row++;
  return { row, col: p - (row * (row + 1)) / 2 };
}

/** Whether pyramid card `q` lies on `p`, directly or not: a lower row, within the triangle below p. */
export function liesOn(q: number, p: number): boolean {
  const a = place(p);
  const b = place(q);
  return b.row > a.row && b.col >= a.col && b.col <= a.col + (b.row - a.row);
}
