/**
 * Moves as small integers, so the solver can keep millions of them without allocating; and
 * the places they name, in words.
 */

/** Move kinds. A move is `kind | a << 3 | b << 10 | n << 17 | t << 25`. */
export const M_DRAW = 0;
export const M_TURN = 1;
/** Column `a` to column `b`, the top `n` cards (a run). */
export const M_CC = 2;
/** Top card of column `a` to the foundations. */
export const M_CF = 3;
/** Waste top to column `b`. */
export const M_WC = 4;
/** Waste top to the foundations. */
export const M_WF = 5;
/** Top of foundation pile `a` to column `b`. */
export const M_FC = 6;
/**
 * Solver only: the draws and turn-overs that bring the waste pointer to `a` in one step
 * (`n` draws, `t` turn-overs, each one move). Expanded into real moves for solutions.
 */
export const M_JUMP = 7;

export function mv(kind: number, a = 0, b = 0, n = 0, t = 0): number {
  return kind | (a << 3) | (b << 10) | (n << 17) | (t << 25);
}
export const mKind = (m: number): number => m & 7;
export const mA = (m: number): number => (m >>> 3) & 127;
export const mB = (m: number): number => (m >>> 10) & 127;
export const mN = (m: number): number => (m >>> 17) & 255;
export const mT = (m: number): number => (m >>> 25) & 31;
/** The column a move of `kind` takes a card from (its `a`), or -1 when it takes none from a column. */
export const sourceColumn = (kind: number, a: number): number => (kind === M_CC || kind === M_CF ? a : -1);
/** The column a move of `kind` puts a card on (its `b`), or -1 when it puts none on a column. */
export const targetColumn = (kind: number, b: number): number => (kind === M_CC || kind === M_WC || kind === M_FC ? b : -1);

export function placeName(kind: 'from' | 'to', m: number): string {
  switch (m & 7) {
    case M_CC:
      return `column ${(kind === 'from' ? mA(m) : mB(m)) + 1}`;
    case M_CF:
      return kind === 'from' ? `column ${mA(m) + 1}` : 'foundation';
    case M_WC:
      return kind === 'from' ? 'waste' : `column ${mB(m) + 1}`;
    case M_WF:
      return kind === 'from' ? 'waste' : 'foundation';
    case M_FC:
      return kind === 'from' ? 'foundation' : `column ${mB(m) + 1}`;
    default:
      return '';
  }
}
