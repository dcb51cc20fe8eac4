/** Checks on a game's own figures, for results that come from elsewhere (a queue worker). */
import type { GameModule } from './types.js';

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
    const fits =
      figure.type === 'integer' ? typeof value === 'number' && Number.isInteger(value) : figure.type === 'boolean' ? typeof value === 'boolean' : typeof value === 'string';
    if (!fits) return `a bad ${figure.field} (${JSON.stringify(value)}, expected ${figure.type === 'text' ? 'text' : `a ${figure.type}`})`;
  }
  return null;
}
