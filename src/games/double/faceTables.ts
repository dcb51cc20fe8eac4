/** Per-face tables, computed once: the rules' (rank, suit, colour, what builds on what) and the solver's. */

export const RANK = new Uint8Array(52);
export const SUIT = new Uint8Array(52);
export const RED = new Uint8Array(52);
/** FITS[card * 52 + target]: 1 when `card` may be built on `target` in a column. */
export const FITS = new Uint8Array(52 * 52);
for (let c = 0; c < 52; c++) {
  RANK[c] = (c % 13) + 1;
  SUIT[c] = Math.floor(c / 13);
  RED[c] = SUIT[c] === 1 || SUIT[c] === 2 ? 1 : 0;
}
for (let c = 0; c < 52; c++) {
  for (let t = 0; t < 52; t++) {
    FITS[c * 52 + t] = RED[c] !== RED[t] && RANK[t] === RANK[c]! + 1 ? 1 : 0;
  }
}
export const KING = 13;

/** TARGETS[c]: the two faces `c` can be built on (6 bits each), for cards below King. */
export const TARGETS = new Uint16Array(52);
for (let c = 0; c < 52; c++) {
  if (RANK[c] === KING) continue;
  const found: number[] = [];
  for (let t = 0; t < 52; t++) if (FITS[c * 52 + t] === 1) found.push(t);
  TARGETS[c] = found[0]! | (found[1]! << 6);
}
/** ONTO[t]: the two faces that may go on face `t` in a column (6 bits each), 0 for an Ace. */
export const ONTO = new Uint16Array(52);
for (let t = 0; t < 52; t++) {
  const found: number[] = [];
  for (let c = 0; c < 52; c++) if (FITS[c * 52 + t] === 1) found.push(c);
  if (found.length === 2) ONTO[t] = found[0]! | (found[1]! << 6);
  else if (found.length !== 0) throw new Error('internal error: a card takes two faces or none');
}
/** 1 for the second suit of each colour (diamonds, clubs): one bit per card of a run. */
export const ALT = new Uint8Array(52);
for (let c = 0; c < 52; c++) ALT[c] = SUIT[c]! >= 2 ? 1 : 0;
