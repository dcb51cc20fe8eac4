/**
 * The beam's position keys (`beam.ts`), each written from the position's parent: a beam
 * position is one move from one it keeps, and a move changes at most two columns (none for a
 * draw or a waste card to the foundations). So each kept position keeps its column codes by
 * column and sorted (`columnCode`), and a child's key is its parent's sorted codes with the
 * changed ones taken out and their new codes put in: the same key as `PositionKey.write(s,
 * true)` with the turn-overs marked (`markTurnOvers`), for a fraction of the work.
 */
import { COLUMNS, type DoubleState } from './engine.js';
import { columnCode, KEY_WORDS, MAX_KEY_TURN_OVERS } from './positionKey.js';

/** Per kept position: its codes by column, then the same sorted. */
const STRIDE = 2 * COLUMNS;

export class BeamKeys {
  readonly key = new Uint32Array(KEY_WORDS);
  private cur: Uint32Array;
  private next: Uint32Array;

  constructor(width: number) {
    this.cur = new Uint32Array(width * STRIDE);
    this.next = new Uint32Array(width * STRIDE);
  }

  /** The only position kept before the first move: `s`. */
  start(s: DoubleState): void {
    for (let c = 0; c < COLUMNS; c++) this.cur[c] = columnCode(s, c);
    sortInto(this.cur, 0, this.cur, COLUMNS);
  }

  /**
   * The key of `s`, one move from kept position `parent` that changed columns `touchedA` and
   * `touchedB` (each -1 when none).
   */
  afterMove(s: DoubleState, parent: number, touchedA: number, touchedB: number): Uint32Array {
    const key = this.key;
    mergeCodes(s, this.cur, parent * STRIDE, touchedA, touchedB, key, 0);
    const ptr = s.waste;
    key[0] = (key[0]! | ((ptr & 3) << 30)) >>> 0;
    key[1] = (key[1]! | (((ptr >> 2) & 3) << 30)) >>> 0;
    key[2] = (key[2]! | (((ptr >> 4) & 3) << 30)) >>> 0;
    key[9] = s.maskLo;
    // Turn-overs apart: the same position with fewer of them used may still be in the limit.
    key[10] = (s.maskHi | (Math.min(s.turnOvers, MAX_KEY_TURN_OVERS) << 27)) >>> 0;
    return key;
  }

  /** Kept position `j` of the next move is `s`, one move from kept position `parent` (as in `afterMove`). */
  keep(s: DoubleState, j: number, parent: number, touchedA: number, touchedB: number): void {
    const from = this.cur;
    const to = this.next;
    const a = parent * STRIDE;
    const b = j * STRIDE;
    for (let c = 0; c < COLUMNS; c++) to[b + c] = c === touchedA || c === touchedB ? columnCode(s, c) : from[a + c]!;
    mergeCodes(s, from, a, touchedA, touchedB, to, b + COLUMNS);
  }

  /** A copy of the codes of the first `count` positions whose moves are tried (see `restore`). */
  copyKept(count: number): Uint32Array {
    return this.cur.slice(0, count * STRIDE);
  }

  /** The codes of the positions whose moves are tried, from `copyKept`. */
  restore(codes: Uint32Array): void {
    this.cur.set(codes);
  }

  /** The positions kept for the next move become the ones whose moves are tried. */
  advance(): void {
    const swap = this.cur;
    this.cur = this.next;
    this.next = swap;
  }
}

/**
 * The sorted column codes of `s`, one move from the position whose codes (by column, then
 * sorted) are at `codes[at..]`, the move having changed columns `touchedA` and `touchedB` (or
 * -1), into `out[to..to + COLUMNS)`: the old codes of the changed columns taken out, their new
 * ones merged in.
 */
function mergeCodes(
  s: DoubleState,
  codes: Uint32Array,
  at: number,
  touchedA: number,
  touchedB: number,
  out: Uint32Array,
  to: number,
): void {
  // What goes out of the sorted codes and what comes in (-1: nothing).
  let outA = -1;
  let outB = -1;
  let inLow = -1;
  let inHigh = -1;
  if (touchedA >= 0) {
    outA = codes[at + touchedA]!;
    inLow = columnCode(s, touchedA);
  }
  if (touchedB >= 0) {
    outB = codes[at + touchedB]!;
    const code = columnCode(s, touchedB);
    if (inLow < 0) inLow = code;
    else if (code < inLow) {
      inHigh = inLow;
      inLow = code;
    } else inHigh = code;
  }
  let w = to;
  for (let i = at + COLUMNS; i < at + STRIDE; i++) {
    const code = codes[i]!;
    if (code === outA) {
      outA = -1;
      continue;
    }
    if (code === outB) {
      outB = -1;
      continue;
    }
    while (inLow >= 0 && inLow <= code) {
      out[w++] = inLow;
      inLow = inHigh;
      inHigh = -1;
    }
    out[w++] = code;
  }
  while (inLow >= 0) {
    out[w++] = inLow;
    inLow = inHigh;
    inHigh = -1;
  }
}

/** `codes[from..from + COLUMNS)` sorted into `out[at..at + COLUMNS)`. */
function sortInto(codes: Uint32Array, from: number, out: Uint32Array, at: number): void {
  for (let n = 0; n < COLUMNS; n++) {
    const code = codes[from + n]!;
    let j = n;
    while (j > 0 && out[at + j - 1]! > code) {
      out[at + j] = out[at + j - 1]!;
      j--;
    }
    out[at + j] = code;
  }
}
