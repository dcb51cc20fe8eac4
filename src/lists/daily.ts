/**
 * The shipped lists read from data/lists (or `CARDSOLVE_LISTS`), and the deal of the day
 * from them. The daily function itself, which an app or the page computes offline from the
 * same list file, is in `games/daily.ts`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors/inputError.js';
import { readTextFile } from '../files/readText.js';
import {
  type DailyDeal,
  dailyDealFrom,
  dayNumber,
  type ListEntry,
  noListMessage,
  parseList,
  poolOf,
  type ShippedList,
} from '../games/daily.js';
import type { Tier } from '../games/difficulty.js';

/** Where the shipped lists are read from instead of data/lists, when set (tests, a list being made). */
export const LISTS_VARIABLE = 'CARDSOLVE_LISTS';

/** The folder of the shipped lists: `CARDSOLVE_LISTS`, else data/lists found from this module (dist/src/lists or src/lists). */
function listsFolder(): string {
  const chosen = process.env[LISTS_VARIABLE];
  if (chosen) return chosen;
  const here = dirname(fileURLToPath(import.meta.url));
  const up = here.includes(`${join('dist', 'src')}`) ? join(here, '..', '..', '..') : join(here, '..', '..');
  return join(up, 'data', 'lists');
}

/** The pool file of a game, rule set and tier. */
export function poolPath(game: string, rules: string, tier: Tier): string {
  return join(listsFolder(), `${game}-${rules}-${tier}.csv`);
}

export function readPool(game: string, rules: string, tier: Tier): ShippedList {
  const path = poolPath(game, rules, tier);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new InputError(noListMessage(game, rules, tier));
  }
  return parseList(text);
}

/** The shipped pool of a game's rule set and tier; `InputError` when there is none or it is empty. */
export function dailyPool(game: string, rules: string, tier: Tier): ListEntry[] {
  return poolOf(readPool(game, rules, tier), game, rules, tier);
}

/**
 * The deal of a date from a list file of one's own (`daily --list FILE`: an app's curated list
 * in its own codes, `curate --format csv`), drawn as from a shipped list of that tier.
 */
export function dailyDealFromFile(path: string, game: string, rules: string, tier: Tier, date: string): DailyDeal {
  dayNumber(date);
  const text = readTextFile(
    path,
    (reason) => `--list ${path} cannot be read (${reason}): expected a list as curate writes it (one code a line, or its CSV)`,
  );
  const list = parseList(text);
  if (list.entries.length === 0) throw new InputError(`--list ${path} has no deals: a daily pool needs at least one`);
  return dailyDealFrom(list.entries, game, rules, tier, date);
}

/** The deal of a date for a game's rule set and tier; `InputError` when no list can serve it. */
export function dailyDeal(game: string, rules: string, tier: Tier, date: string): DailyDeal {
  dayNumber(date);
  return dailyDealFrom(dailyPool(game, rules, tier), game, rules, tier, date);
}
