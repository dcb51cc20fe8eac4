/** Per-face tables the solver's parts share, computed once. */
import { FITS, KING, RANK, SUIT } from './engine.js';

/** TARGETS[c]: the two faces `c` can be built on (6 bits each), for cards below King. */
export const TARGETS = new Uint16Array(52);
for (let c = 0; c < 52; c++) {
  if (RANK[c] === KING) continue;
  const found: number[] = [];
  for (let t = 0; t < 52; t++) if (FITS[c * 52 + t] === 1) found.push(t);
  TARGETS[c] = found[0]! | (found[1]! << 6);
}
/** 1 for the second suit of each colour (diamonds, clubs): one bit per card of a run. */
export const ALT = new Uint8Array(52);
for (let c = 0; c < 52; c++) ALT[c] = SUIT[c]! >= 2 ? 1 : 0;
