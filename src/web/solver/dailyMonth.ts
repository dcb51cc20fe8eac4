/**
 * `GET /api/v1/daily/month` computed in the page: the deal of every day of a month per tier,
 * by the core's daily function over the shipped lists (data/lists), as `cardsolve daily` does.
 */
/// <reference types="vite/client" />
import {
  dailyMonthFrom,
  gameById,
  InputError,
  type ListEntry,
  noListMessage,
  parseList,
  poolOf,
  TIERS,
  type Tier,
  today,
} from '../../core';
import { defaultRules } from '../../games/ruleSets';

/**
 * The shipped lists, each a chunk of its own loaded when a month needs it: bundled into the
 * static site only (under `cardsolve serve` the server answers).
 */
const LISTS: Record<string, () => Promise<string>> =
  import.meta.env.MODE === 'static'
    ? import.meta.glob<string>('../../../data/lists/*-{easy,medium,hard,expert}.csv', { query: '?raw', import: 'default' })
    : {};

/** A tier's pool, refused with the command line's words when there is no list or it is empty. */
async function dailyPool(game: string, rules: string, tier: Tier): Promise<ListEntry[]> {
  const load = LISTS[`../../../data/lists/${game}-${rules}-${tier}.csv`];
  if (load === undefined) throw new InputError(noListMessage(game, rules, tier));
  return poolOf(parseList(await load()), game, rules, tier);
}

export async function monthJson(q: { game?: string; rules?: string; month?: string }): Promise<string> {
  const module = gameById(q.game || 'pyramide');
  const rules = q.rules || defaultRules(module);
  const pools = new Map<Tier, ListEntry[]>();
  const missing: Record<string, string> = {};
  for (const tier of TIERS) {
    try {
      pools.set(tier, await dailyPool(module.id, rules, tier));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      missing[tier] = error.message;
    }
  }
  return JSON.stringify(dailyMonthFrom(module.id, rules, q.month || today().slice(0, 7), pools, missing));
}
