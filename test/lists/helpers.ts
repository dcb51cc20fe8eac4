/** What the tests of the daily deal share: a list file written as curate writes one. */
import { dealNumberLetters } from '../../src/codes/dealCode.js';

/** A list file of `size` Pyramide codes from PY1-N-AAAAAAA on, with a comment line and a CSV header. */
export function listFile(size: number): string {
  const rows = Array.from({ length: size }, (_, i) => `PY1-N-${dealNumberLetters(i)},winnable,hard,9.5,50,28`);
  return ['# made by: a test', 'code,verdict,tier,difficulty,minMoves,stuck', ...rows].join('\n') + '\n';
}
