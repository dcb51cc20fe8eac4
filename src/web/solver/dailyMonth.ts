/**
 * `GET /api/v1/daily/month` computed in the page: the deal of every day of a month per tier,
 * by the core's daily function over the shipped lists (data/lists), as `cardsolve daily` does.
 */
/// <reference types="vite/client" />
import { dailyDealFrom, dayNumber, gameById, InputError, type ListEntry, parseList, poolNotes, TIERS, type Tier, today } from '../../core';
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
  const name = `${game}-${rules}-${tier}.csv`;
  const load = LISTS[`../../../data/lists/${name}`];
  if (load === undefined)
    throw new InputError(`no shipped list for ${game} (rules ${rules}), tier ${tier}: the daily deal needs data/lists/${name}`);
  const entries = parseList(await load()).entries;
  if (entries.length === 0) {
    throw new InputError(`the shipped list for ${game} (rules ${rules}), tier ${tier} has no deals: a daily pool needs at least one`);
  }
  return entries;
}

export async function monthJson(q: { game?: string; rules?: string; month?: string }): Promise<string> {
  const module = gameById(q.game || 'pyramide');
  const game = module.id;
  const rules = q.rules || defaultRules(module);
  const month = q.month || today().slice(0, 7);
  dayNumber(`${month}-01`);
  const [year, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const pools = new Map<Tier, ListEntry[]>();
  const missing: Record<string, string> = {};
  for (const tier of TIERS) {
    try {
      pools.set(tier, await dailyPool(game, rules, tier));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      missing[tier] = error.message;
    }
  }
  const sizes: Record<string, number> = {};
  const notes: Record<string, string[]> = {};
  for (const [tier, pool] of pools) {
    sizes[tier] = pool.length;
    const said = poolNotes(pool.length);
    if (said.length > 0) notes[tier] = said;
  }
  const days: { date: string; deals: Record<string, string> }[] = [];
  for (let d = 1; d <= length; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    const deals: Record<string, string> = {};
    for (const [tier, pool] of pools) deals[tier] = dailyDealFrom(pool, game, rules, tier, date).code;
    days.push({ date, deals });
  }
  return JSON.stringify({ game, rules, month, tiers: [...pools.keys()], missing, pools: sizes, notes, days });
}
