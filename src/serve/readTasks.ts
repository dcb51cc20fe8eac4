/**
 * The database reads that take long on a big file (stats over every deal, a curated list),
 * run on a solver thread so they never hold the server's event loop.
 */
import type Database from 'better-sqlite3';
import { allDealers } from '../games/dealers.js';
import { gameById } from '../games/registry.js';
import type { RuleFlags, Verdict } from '../games/types.js';
import { type CurateOrder, type CurateResult, codeRange, curate } from '../lists/curate.js';
import { DEFAULT_LIMITS } from '../search/limits.js';
import type { CurateFilter } from '../store/curateQuery.js';
import { openDatabase } from '../store/database.js';
import type { ResultFilter } from '../store/resultFilter.js';
import { computeStats, type GroupStats } from '../store/stats.js';

export interface StatsTask {
  db: string;
  filter: ResultFilter;
  slowest: number;
}

export interface CurateTask {
  db: string;
  game: string;
  flags: RuleFlags;
  filter: Omit<CurateFilter, 'solverVersion' | 'codes' | 'game'> & { verdict?: Verdict };
  count: number;
  order: CurateOrder;
  seed: number;
  /** An app's codes: the name of one of the server's dealers, its codes in number order. */
  dealer?: string;
}

/** This thread's read-only connection, per file. */
const connections = new Map<string, Database.Database>();

function reader(path: string): Database.Database {
  let db = connections.get(path);
  if (db === undefined || !db.open) {
    db = openDatabase(path, { readonly: true });
    connections.set(path, db);
  }
  return db;
}

export function stats(task: StatsTask): GroupStats[] {
  return computeStats(reader(task.db), task.filter, task.slowest);
}

/** A curated list from the stored deals only: the server analyses nothing for it. */
export async function curateList(task: CurateTask): Promise<CurateResult> {
  const game = gameById(task.game);
  // This thread loaded the server's dealers; the route checked the name.
  const dealer = task.dealer === undefined ? undefined : allDealers().find((d) => d.name === task.dealer);
  return curate(reader(task.db), {
    filter: { ...task.filter, game: game.id },
    game,
    flags: task.flags,
    ...(dealer !== undefined
      ? { family: '', options: '', dealer, first: 0, last: Number.MAX_SAFE_INTEGER }
      : codeRange(game, undefined, undefined, typeof task.flags.rules === 'string' ? task.flags.rules.toUpperCase() : undefined)),
    count: task.count,
    order: task.order,
    seed: task.seed,
    scan: 0,
    limits: DEFAULT_LIMITS,
    workers: 1,
  });
}
