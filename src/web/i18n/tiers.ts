/** Difficulty tiers in words. */
import { type Key, t } from './language';

const TIERS: Record<string, Key> = { easy: 'tierEasy', medium: 'tierMedium', hard: 'tierHard', expert: 'tierExpert' };

export function tierText(tier: string): string {
  const key = TIERS[tier];
  return key ? t(key) : tier;
}
