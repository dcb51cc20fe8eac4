/** The page's games by id: each game's adapter, and its name in words. */
import { t } from '../i18n/language';
import { double } from './double';
import { pyramide } from './pyramide';
import type { GameAdapter } from './types';

export type { Click, GameAdapter, Picked, StuckFigures } from './types';

/** Every game the page draws, in the menus' order. */
export const ADAPTERS: readonly GameAdapter[] = [pyramide, double];

/** Whether the page draws this game. */
export function isGame(id: string): boolean {
  return ADAPTERS.some((adapter) => adapter.id === id);
}

/** The adapter of a game; one the page does not know is drawn as the first (the core's default game). */
export function adapterOf(id: string | undefined): GameAdapter {
  return ADAPTERS.find((adapter) => adapter.id === id) ?? pyramide;
}

/** A game by its id (`pyramide`, `double`) in words; another stays as the server names it. */
export function gameText(id: string, fallback = id): string {
  const adapter = ADAPTERS.find((a) => a.id === id);
  return adapter ? t(adapter.name) : fallback;
}
