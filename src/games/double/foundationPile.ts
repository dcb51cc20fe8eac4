/** Where a card goes up: the app's rule, which the engine and the coarse search both follow. */
import { RANK, SUIT } from './faceTables.js';

/**
 * The foundation pile a face goes to, given the top rank of each pile (piles 2s and 2s+1
 * belong to suit s, 0 empty): the first of its suit's two places whose top is one rank
 * lower, or -1 when neither takes it.
 */
export function foundationPile(piles: Uint8Array, face: number): number {
  const p = SUIT[face]! * 2;
  const want = RANK[face]! - 1;
  if (piles[p] === want) return p;
  if (piles[p + 1] === want) return p + 1;
  return -1;
}
