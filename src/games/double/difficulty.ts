/**
 * Double Solitaire difficulty, as far as the solver can establish it within its limits.
 * The solver proves winnability and gives one line, not every winning line, so:
 * - `lineMoves`: the length of the shortest line found (the analysis's `minMoves`);
 * - `crossroads`: the positions along that line where some legal move loses (the game can
 *   no longer be won after it), each position judged by the hint under `limits`;
 * - `losingShare`: the share of the legal moves along the line that lose.
 * A position with a move the hint could not judge leaves both figures `null` (not
 * established), and the tier is then `unknown`; no tier thresholds exist yet for Double
 * Solitaire, so the tier is `unknown` in every case.
 *
 * Judging every move of a 400-move line costs minutes per deal, so the batch does not run
 * it: `analyse` stores the line length and null figures, and this function is called on
 * purpose (library, benchmarks).
 */

import type { Limits } from '../../search/limits.js';
import type { TierOrUnknown } from '../difficulty.js';
import { hint, moveText } from '../hint.js';
import type { MoveJson, OpenedDeal } from '../types.js';

export interface DoubleDifficulty {
  lineMoves: number;
  crossroads: number | null;
  losingShare: number | null;
  /** Positions judged, and those with a move the hint could not judge. */
  positions: number;
  undecided: number;
  tier: TierOrUnknown;
}

/** Walks the line, asking the hint about every position before the last move. */
export function doubleDifficulty(deal: OpenedDeal, line: readonly MoveJson[], limits: Limits): DoubleDifficulty {
  let crossroads = 0;
  let losing = 0;
  let judged = 0;
  let undecided = 0;
  const texts = line.map((m) => moveText(deal.game, m));
  for (let i = 0; i < line.length; i++) {
    const position = hint(deal, texts.slice(0, i).join('; '), limits);
    let lost = 0;
    let unknown = 0;
    for (const m of position.moves) {
      if (m.label === 'losing') lost++;
      else if (m.label === 'unknown') unknown++;
    }
    if (unknown > 0) undecided++;
    if (lost > 0) crossroads++;
    losing += lost;
    judged += position.moves.length;
  }
  const established = undecided === 0;
  return {
    lineMoves: line.length,
    crossroads: established ? crossroads : null,
    losingShare: established && judged > 0 ? Math.round((losing / judged) * 10_000) / 10_000 : null,
    positions: line.length,
    undecided,
    tier: 'unknown',
  };
}
