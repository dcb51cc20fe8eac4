import type { GameModule } from '../games/types.js';

/**
 * The solver version stored with each result. Each game declares its own and bumps it when
 * its answers can change, so a rerun never reuses results of another solver version.
 */
export function solverVersionOf(game: GameModule): string {
  return `${game.id} ${game.solverVersion}`;
}
