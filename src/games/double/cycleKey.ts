/** The key shortening compares positions by to find cycles in a line (see shorten.ts). */
import { COL_CAP, COLUMNS, type DoubleState } from './engine.js';

/** The face-up cards of column `c`, one character each (also a key part for matching columns). */
export function columnContent(s: DoubleState, c: number): string {
  let t = '';
  for (let i = s.down[c]!; i < s.len[c]!; i++) t += String.fromCharCode(48 + s.col[c * COL_CAP + i]!);
  return t;
}

/**
 * The key of a position for cycle cutting (see the file comment): columns with face-down
 * cards by index, face-down count and face-up faces; the others as a sorted set; the
 * foundations as a sorted pair per suit; the talon cards still in play.
 */
export function positionKey(s: DoubleState): string {
  const fixed: string[] = [];
  const free: string[] = [];
  for (let c = 0; c < COLUMNS; c++) {
    if (s.down[c]! > 0) fixed.push(`${c}.${s.down[c]}.${columnContent(s, c)}`);
    else free.push(columnContent(s, c));
  }
  free.sort();
  let f = '';
  for (let suit = 0; suit < 4; suit++) {
    const x = s.fnd[2 * suit]!;
    const y = s.fnd[2 * suit + 1]!;
    f += String.fromCharCode(65 + Math.min(x, y), 65 + Math.max(x, y));
  }
  return `${fixed.join('|')}/${free.join('|')}/${f}/${s.maskLo}.${s.maskHi}`;
}
