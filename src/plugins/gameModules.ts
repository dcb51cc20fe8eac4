/**
 * Games from outside the project: the ES modules named in `CARDSOLVE_GAME_MODULES` (paths or
 * URLs of modules exporting `game`, separated by the platform's path delimiter), registered
 * at start-up in the command line and in every worker alike. Loading a module needs Node, so
 * it lives here, above the core; the core only offers `registerGame`.
 */
import { delimiter, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allGames, registerGame } from '../games/registry.js';
import type { GameModule } from '../games/types.js';

const GAME_MODULES_VARIABLE = 'CARDSOLVE_GAME_MODULES';

/** Registers the games of the modules named in `CARDSOLVE_GAME_MODULES` (once each). */
export async function loadGameModules(list: string | undefined = process.env[GAME_MODULES_VARIABLE]): Promise<void> {
  if (!list) return;
  for (const entry of list.split(delimiter)) {
    if (entry.trim() === '') continue;
    const url = /^[a-z]+:/i.test(entry) ? entry : pathToFileURL(isAbsolute(entry) ? entry : resolve(entry)).href;
    const module = (await import(url)) as { game?: GameModule };
    if (!module.game) throw new Error(`${GAME_MODULES_VARIABLE}: ${entry} exports no \`game\``);
    if (!allGames().includes(module.game)) registerGame(module.game);
  }
}
