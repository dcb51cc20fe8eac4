import { createRequire } from 'node:module';
import type { GameModule } from '../games/types.js';

const require = createRequire(import.meta.url);

function packageVersion(): string {
  // src/batch/*.ts sits two folders below the root, dist/src/batch/*.js three.
  for (const path of ['../../../package.json', '../../package.json']) {
    try {
      const pkg = require(path) as { name?: string; version?: string };
      if (pkg.name === 'cardsolve' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // try the next layout
    }
  }
  return '0.0.0';
}

export const CARDSOLVE_VERSION = packageVersion();

/**
 * The solver version stored with each result: a game module may declare its own
 * `solverVersion` (bumped when its answers can change); otherwise the package version.
 * Results of another solver version are not reused by a rerun.
 */
export function solverVersionOf(game: GameModule): string {
  const own = (game as GameModule & { solverVersion?: unknown }).solverVersion;
  return typeof own === 'string' && own !== '' ? `${game.id} ${own}` : `cardsolve ${CARDSOLVE_VERSION}`;
}
