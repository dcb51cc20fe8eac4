/** Checks on a game's own figures, for results that come from elsewhere (a queue worker). */
import type { FigureSpec, GameModule } from './types.js';

const FITS: Record<FigureSpec['type'], (value: unknown) => boolean> = {
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  real: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  text: (v) => typeof v === 'string',
  moves: (v) =>
    Array.isArray(v) && v.every((m) => typeof m === 'object' && m !== null && typeof (m as { move?: unknown }).move === 'string'),
};

const EXPECTED: Record<FigureSpec['type'], string> = {
  integer: 'a whole number',
  real: 'a number',
  boolean: 'a boolean',
  text: 'text',
  moves: 'a list of moves',
};

/** What is wrong with a game's figures in an analysis, or null: the stuck figure in its range, each declared figure of its type. */
export function figureProblem(game: GameModule, analysis: Record<string, unknown>): string | null {
  const stuck = analysis[game.stuck.field];
  if (stuck !== undefined && stuck !== null) {
    if (typeof stuck !== 'number' || !Number.isInteger(stuck) || stuck < game.stuck.min || stuck > game.stuck.max) {
      return `a bad ${game.stuck.field} (${String(stuck)}, expected ${game.stuck.min} to ${game.stuck.max})`;
    }
  }
  for (const figure of game.figures) {
    const value = analysis[figure.field];
    if (value === undefined || value === null) continue;
    if (!FITS[figure.type](value)) return `a bad ${figure.field} (${JSON.stringify(value)}, expected ${EXPECTED[figure.type]})`;
  }
  return null;
}
