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

/**
 * The figures curated lists show, over these games: each game's listed figures in its own
 * order, a figure several games list once. A figure new to the list goes before the next
 * figure of its game already there (so Double's `losingShare` falls between Pyramide's
 * `forgiveness` and the shared `randomWinRate`), else at the end.
 */
export function listedFigures(games: readonly GameModule[]): string[] {
  const out: string[] = [];
  for (const game of games) {
    const own = game.figures.filter((f) => f.listed === true).map((f) => f.field);
    own.forEach((field, i) => {
      if (out.includes(field)) return;
      const next = own.slice(i + 1).find((f) => out.includes(f));
      out.splice(next === undefined ? out.length : out.indexOf(next), 0, field);
    });
  }
  return out;
}
