/** `serve --store`: the analyses solved while serving, kept in the database as batch keeps them. */

import { solverVersionOf } from '../batch/version.js';
import type { Analysis } from '../contract/index.js';
import { gameById } from '../games/registry.js';
import type { Limits } from '../search/limits.js';
import { openDatabase } from '../store/database.js';
import { ResultStore } from '../store/results.js';
import { CARDSOLVE_VERSION } from '../version.js';

export interface AnalysisStore {
  (analysis: Analysis, limits: Limits): void;
  close(): void;
}

export function storeAnalysis(path: string, stored: () => void): AnalysisStore {
  const db = openDatabase(path, { createdBy: `cardsolve ${CARDSOLVE_VERSION}` });
  const store = new ResultStore(db);
  const save = (analysis: Analysis, limits: Limits): void => {
    const game = gameById(analysis.game);
    store.save({
      key: {
        game: game.id,
        dealKey: analysis.code ?? analysis.fingerprint,
        rules: analysis.rules,
        mode: 'full',
        solverVersion: solverVersionOf(game),
      },
      analysis,
      stuck: game.stuck,
      limits,
      analysedAt: new Date().toISOString(),
    });
    stored();
  };
  return Object.assign(save, { close: () => db.close() });
}
