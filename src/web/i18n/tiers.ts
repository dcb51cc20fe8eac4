/** Difficulty tiers and game names in words. */
import { type Key, t } from './language';

const TIERS: Record<string, Key> = { easy: 'tierEasy', medium: 'tierMedium', hard: 'tierHard', expert: 'tierExpert' };
const GAMES: Record<string, Key> = { pyramide: 'gamePyramide', double: 'gameDouble' };

export function tierText(tier: string): string {
  const key = TIERS[tier];
  return key ? t(key) : tier;
}

/** A game by its id (`pyramide`, `double`); another stays as the server names it. */
export function gameText(id: string, fallback = id): string {
  const key = GAMES[id];
  return key ? t(key) : fallback;
}
