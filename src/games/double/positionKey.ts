/**
 * The Double Solitaire solver's position key. A position is written as 11 words: one per
 * column, then the talon. Cards are faces, so the two copies of a card are interchangeable.
 * A column with face-down cards is named by its index and face-down count (its hidden cards
 * never change) plus its face-up run (base card, length, one bit per card for which of the
 * two suits of its colour it is). Columns without face-down cards are sorted, so positions
 * that differ only by which empty or fully face-up column holds what are one position. The
 * talon is the set of stock cards still in play (59 bits) and the waste pointer; in Draw 1
 * with unlimited turn-overs every pointer reaches every other one, so the pointer is left out
 * there (except when counting moves). The foundations follow from the rest (every card not
 * in the columns or the talon is on them, and per suit the two piles are fixed by how many
 * copies of each rank are up). The key is exact, not a hash: no collision can make a
 * position look searched when it was not.
 */
import { COL_CAP, COLUMNS, type DoubleState } from './engine.js';
import { ALT } from './faceTables.js';

export const KEY_WORDS = 11;

/** The most turn-overs `markTurnOvers` can tell apart (5 bits). */
export const MAX_KEY_TURN_OVERS = 31;

/**
 * Marks a key written by `PositionKey.write` with a count of turn-overs (0 to
 * `MAX_KEY_TURN_OVERS`), for searches where positions that used more passes differ: the last
 * word holds the stock cards 32 to 58 (27 bits), so its top 5 bits are free.
 */
export function markTurnOvers(key: Uint32Array, turnOvers: number): void {
  key[10] = (key[10]! | (turnOvers << 27)) >>> 0;
}

/**
 * Vegas pointer dominance. Under Vegas scoring the waste pointer only moves forward, by
 * draws; a position with pointer p can reach the same position with pointer p' by draws
 * alone when p' >= p in Draw 1, and in Draw 3 when p' = p + 3k < T or p' = T (the stock
 * emptied). Everything reachable from (position, p') is then reachable from (position, p),
 * with the same foundation counts, so once (position, p) is searched (or on the search
 * path), (position, p') needs no search of its own. The key therefore leaves the pointer
 * out except for this class (Draw 1: one class; Draw 3: p mod 3, or 3 for an empty stock),
 * and the table keeps the smallest pointer searched per key: a position is skipped when a
 * pointer no larger in its class was searched, and searched again when it comes with a
 * smaller one. The tests check the verdicts and maxFoundation against a brute force that
 * knows nothing of this.
 */
function pointerClass(s: DoubleState): number {
  if (s.draw === 1) return 0;
  return s.waste === s.talLen ? 3 : s.waste % 3;
}

/**
 * The code of column c in a key (see the top of this file): its index and face-down count
 * when it has face-down cards, its face-up run's length, base card and one bit per card
 * above the base. Bit 30 stays free (the largest code uses bits 0-29).
 */
export function columnCode(s: DoubleState, c: number): number {
  const l = s.len[c]!;
  const d = s.down[c]!;
  let code = d > 0 ? ((c + 1) << 26) | (d << 22) : 0;
  const up = l - d;
  if (up > 0) {
    const at = c * COL_CAP + d;
    code |= (up << 18) | (s.col[at]! << 12);
    let bits = 0;
    for (let i = 1; i < up; i++) bits |= ALT[s.col[at + i]!]! << (i - 1);
    code |= bits;
  }
  return code;
}

/** Writes position keys into one reused buffer: nothing allocated per position. */
export class PositionKey {
  readonly key = new Uint32Array(KEY_WORDS);
  private readonly codes = new Uint32Array(COLUMNS);

  /**
   * The canonical key of `s` into `this.key` (see the class comment for the pointer).
   * `mustUse`: the column the next move has to use (see `DoubleSearch`), or -1; its code is
   * marked, so the same position with and without that duty are two keys (a position
   * searched under the duty was searched with fewer moves).
   */
  write(s: DoubleState, withPointer: boolean, dominance = false, mustUse = -1): Uint32Array {
    const codes = this.codes;
    for (let c = 0; c < COLUMNS; c++) {
      // The marked code sorts last, clear of the pointer bits of the first three words.
      insertSorted(codes, c, columnCode(s, c) | (c === mustUse ? 1 << 30 : 0));
    }
    return this.finish(s, dominance ? pointerClass(s) : withPointer ? s.waste : 0);
  }

  /**
   * The key of `s`, as `write(s, withPointer)` writes it, where `s` is one move
   * (`touchedA`, `touchedB`: the columns it changed, or -1) from a position whose column codes
   * are `before[at..at + COLUMNS)` (see `columnCodesInto`): only the changed columns are looked at again.
   */
  writeAfterMove(s: DoubleState, before: Uint32Array, at: number, touchedA: number, touchedB: number, withPointer = true): Uint32Array {
    const codes = this.codes;
    for (let c = 0; c < COLUMNS; c++) {
      insertSorted(codes, c, c === touchedA || c === touchedB ? columnCode(s, c) : before[at + c]!);
    }
    return this.finish(s, withPointer ? s.waste : 0);
  }

  /** The key words from the sorted column codes and the talon. */
  private finish(s: DoubleState, ptr: number): Uint32Array {
    const codes = this.codes;
    const key = this.key;
    key[0] = (codes[0]! | ((ptr & 3) << 30)) >>> 0;
    key[1] = (codes[1]! | (((ptr >> 2) & 3) << 30)) >>> 0;
    key[2] = (codes[2]! | (((ptr >> 4) & 3) << 30)) >>> 0;
    for (let c = 3; c < COLUMNS; c++) key[c] = codes[c]!;
    key[9] = s.maskLo;
    key[10] = s.maskHi;
    return key;
  }
}

/**
 * Every column's code (`columnCode`) of `s`, by column index, into `out[at..at + COLUMNS)`; with
 * `before`, `s` is one move from a position whose codes are `before[from..]`, and only the
 * columns that move changed (`touchedA`, `touchedB`, or -1) are looked at again.
 */
export function columnCodesInto(
  s: DoubleState,
  out: Uint32Array,
  at: number,
  before: Uint32Array | null = null,
  from = 0,
  touchedA = -1,
  touchedB = -1,
): void {
  for (let c = 0; c < COLUMNS; c++) {
    out[at + c] = before === null || c === touchedA || c === touchedB ? columnCode(s, c) : before[from + c]!;
  }
}

/** Puts `code` into the sorted prefix `codes[0..n)`, making it `codes[0..n]`. */
function insertSorted(codes: Uint32Array, n: number, code: number): void {
  let j = n;
  while (j > 0 && codes[j - 1]! > code) {
    codes[j] = codes[j - 1]!;
    j--;
  }
  codes[j] = code;
}
