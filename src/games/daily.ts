/**
 * The deal of the day: a fixed function of the date and the tier over a shipped pool, so an
 * app can compute it offline from the same list file.
 *
 *   day   = whole days from 2026-01-01 to the date (UTC calendar dates; negative before)
 *   order = the pool in file order, shuffled by Fisher-Yates with sfc32 (deal-codes.md),
 *           salt 0x4441494c ("DAIL"), seeded with the tier's index (easy 0 .. expert 3)
 *   deal  = order[day mod pool size]
 *
 * The pool is walked round in a cycle, so no deal comes back before `pool size` days: with
 * 366 codes or more, none repeats within a year. A smaller pool is still served, and the
 * answer says every how many days it repeats.
 */
import { Sfc32 } from '../codes/sfc32.js';
import { InputError } from '../errors/inputError.js';
import { TIERS, type Tier } from './difficulty.js';

export const DAILY_SALT = 0x4441494c;
export const DAILY_EPOCH = '2026-01-01';
/** The days of a leap year: a pool of at least this many has no repeat within a year. */
const YEAR = 366;
/** One row of a shipped list: the code and the figures written with it. */
export interface ListEntry {
  code: string;
  [field: string]: string | number | null;
}

export interface ShippedList {
  /** The comment lines at the top (the command that made it, the version). */
  header: string[];
  entries: ListEntry[];
}

/** Reads a list file: `#` comment lines, then CSV with a header row (or one code a line). */
export function parseList(text: string): ShippedList {
  const header: string[] = [];
  const rows: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#')) header.push(line.slice(1).trim());
    else if (line.trim() !== '') rows.push(line.trim());
  }
  if (rows.length === 0) return { header, entries: [] };
  const first = rows[0]!.split(',');
  if (first[0] !== 'code') return { header, entries: rows.map((code) => ({ code })) };
  const entries = rows.slice(1).map((row) => {
    const cells = row.split(',');
    const entry: ListEntry = { code: cells[0]! };
    first.forEach((name, i) => {
      if (i === 0) return;
      const cell = cells[i] ?? '';
      entry[name] = cell === '' ? null : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
    });
    return entry;
  });
  return { header, entries };
}

/** Whole days from the epoch to a `YYYY-MM-DD` date; throws `InputError` for anything else. */
export function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const bad = (): InputError => new InputError(`--date "${date}" is not a date: expected YYYY-MM-DD, for example 2026-03-14`);
  if (!m) throw bad();
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) throw bad();
  return Math.round((t - Date.parse(`${DAILY_EPOCH}T00:00:00Z`)) / 86_400_000);
}

/** The pool's cycle order for a tier: indexes into the pool. */
export function dailyOrder(size: number, tier: Tier): number[] {
  const order = Array.from({ length: size }, (_, i) => i);
  const rng = new Sfc32(DAILY_SALT, TIERS.indexOf(tier));
  for (let i = size - 1; i > 0; i--) {
    const j = rng.uniform(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The entry of the pool for a day number: the pool's cycle order walked round, so none repeats within `pool.length` days. */
export function dailyPick<T>(pool: readonly T[], tier: Tier, day: number): T {
  if (pool.length === 0) throw new Error('a daily pool needs at least one deal, this one has none');
  const order = dailyOrder(pool.length, tier);
  const at = ((day % pool.length) + pool.length) % pool.length;
  return pool[order[at]!]!;
}

/** Today's date, UTC, as `YYYY-MM-DD`. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The deal of the day as `daily --json` gives it: the code, and the figures the list has for it. */
export interface DailyDeal {
  date: string;
  day: number;
  game: string;
  rules: string;
  tier: Tier;
  code: string;
  figures: Record<string, string | number | null>;
  /** The pool's size: no deal comes back before this many days. */
  pool: number;
  /** What the player should know, in words: a pool smaller than a year repeats within one. */
  notes: string[];
}

/** The notes of a pool's size: none when it covers a year without a repeat. */
export function poolNotes(size: number): string[] {
  return size >= YEAR
    ? []
    : [`the pool has ${size} deal${size === 1 ? '' : 's'}: the deal of the day repeats every ${size} day${size === 1 ? '' : 's'}`];
}

/** The deal of a date from a pool `dailyPool` gave (read once for many dates). */
export function dailyDealFrom(pool: readonly ListEntry[], game: string, rules: string, tier: Tier, date: string): DailyDeal {
  const day = dayNumber(date);
  const { code, ...figures } = dailyPick(pool, tier, day);
  return { date, day, game, rules, tier, code, figures, pool: pool.length, notes: poolNotes(pool.length) };
}

/** Why a tier has no daily pool: no shipped list for it. */
export function noListMessage(game: string, rules: string, tier: Tier): string {
  return `no shipped list for ${game} (rules ${rules}), tier ${tier}: the daily deal needs data/lists/${game}-${rules}-${tier}.csv`;
}

/** A shipped list as a daily pool; `InputError` when it is empty. */
export function poolOf(list: ShippedList, game: string, rules: string, tier: Tier): ListEntry[] {
  if (list.entries.length === 0) {
    throw new InputError(`the shipped list for ${game} (rules ${rules}), tier ${tier} has no deals: a daily pool needs at least one`);
  }
  return list.entries;
}

/** A month's deals of the day for a calendar (`GET /api/v1/daily/month`). */
export interface DailyMonth {
  game: string;
  rules: string;
  month: string;
  /** The tiers with a pool; the others are in `missing`, with the reason. */
  tiers: Tier[];
  missing: Record<string, string>;
  /** Each pool's size. */
  pools: Record<string, number>;
  /** What the player should know of a pool (`poolNotes`), for those smaller than a year. */
  notes: Record<string, string[]>;
  days: { date: string; deals: Record<string, string> }[];
}

/** Every day of a month (`YYYY-MM`) with each tier's deal, from the pools read once for it. */
export function dailyMonthFrom(
  game: string,
  rules: string,
  month: string,
  pools: ReadonlyMap<Tier, readonly ListEntry[]>,
  missing: Record<string, string>,
): DailyMonth {
  dayNumber(`${month}-01`);
  const [year, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const sizes: Record<string, number> = {};
  const notes: Record<string, string[]> = {};
  for (const [tier, pool] of pools) {
    sizes[tier] = pool.length;
    const said = poolNotes(pool.length);
    if (said.length > 0) notes[tier] = said;
  }
  const days: DailyMonth['days'] = [];
  for (let d = 1; d <= length; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    const deals: Record<string, string> = {};
    for (const [tier, pool] of pools) deals[tier] = dailyDealFrom(pool, game, rules, tier, date).code;
    days.push({ date, deals });
  }
  return { game, rules, month, tiers: [...pools.keys()], missing, pools: sizes, notes, days };
}
