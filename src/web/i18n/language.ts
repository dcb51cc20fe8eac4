/**
 * The page's language: English, Hindi or Thai, first from what the browser says the reader
 * reads (`navigator.languages`), then from the reader's own choice, kept in localStorage. The
 * choice sets `<html lang>`; every view reads its texts through `t` and redraws on a change.
 * English is always at hand; another language's texts are fetched before it is shown.
 *
 * A typed catalogue rather than an i18n library: three languages, some 200 texts, plurals and
 * formats straight from `Intl` (PluralRules, NumberFormat, DateTimeFormat). The compiler
 * checks that every language has every text, and the page ships no library for it.
 */
import { CATALOGUES, ENGLISH, type Key, type Message, type Messages } from './messages';

export type { Key };

export const LANGUAGES = ['en', 'hi', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The tags given to `Intl`: `th-TH` dates in the Buddhist era, as Thai readers expect them (2569 for 2026). */
const LOCALES: Record<Language, string> = { en: 'en', hi: 'hi-IN', th: 'th-TH' };

/** Each language's name in itself, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', th: 'ไทย' };

const STORED = 'cardsolve.language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function stored(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(STORED);
    return isLanguage(value) ? value : null;
  } catch {
    // Storage may be refused (a private window, a sandbox): the browser's languages then.
    return null;
  }
}

/** The first of the browser's languages the page speaks (`hi-IN` is `hi`), else English. */
function fromBrowser(languages: readonly string[]): Language {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** What the browser says its reader reads (nothing outside a browser: English). */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages ?? [navigator.language];
}

function showLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let current: Language = stored() ?? fromBrowser(browserLanguages());
const loaded: Partial<Record<Language, Messages>> = { en: ENGLISH };
const listeners = new Set<() => void>();
showLanguage(current);

async function load(language: Language): Promise<void> {
  loaded[language] ??= await CATALOGUES[language]();
}

/** The page's language ready to be drawn: its texts fetched (English if they cannot be). */
export async function ready(): Promise<void> {
  try {
    await load(current);
  } catch {
    current = 'en';
    showLanguage(current);
  }
}

export function language(): Language {
  return current;
}

export function locale(): string {
  return LOCALES[current];
}

/** Changes the page's language, keeps the choice and redraws (the view, and the game in its URL, stay). */
export async function setLanguage(next: Language): Promise<void> {
  await load(next);
  if (next === current) return;
  current = next;
  showLanguage(next);
  try {
    globalThis.localStorage?.setItem(STORED, next);
  } catch {
    // Not kept: the choice lasts for this page's life.
  }
  for (const listener of listeners) listener();
}

export function onLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type Params = Record<string, string | number>;

function fill(text: string, params: Params): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}

function pick(message: Message, params: Params): string {
  if (typeof message === 'string') return message;
  // A plural: its form chosen by the language's own rules on `count`.
  const count = typeof params.count === 'number' ? params.count : 0;
  const form = new Intl.PluralRules(locale()).select(count) as keyof typeof message;
  return message[form] ?? message.other;
}

/** The text under `key` in the page's language, `{name}` filled in (numbers through `Intl`). */
export function t(key: Key, params: Params = {}): string {
  return fill(pick((loaded[current] ?? ENGLISH)[key], params), params);
}

export function formatNumber(n: number): string {
  return new Intl.NumberFormat(locale()).format(n);
}

/** A share as a percentage, one decimal at most. */
export function formatPercent(x: number): string {
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(x);
}

/** A calendar day (`2026-12-07`, taken as that day anywhere) in the reader's calendar and words. */
export function formatDay(date: string, style: 'long' | 'weekday' = 'long'): string {
  const at = new Date(`${date}T12:00:00Z`);
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { dateStyle: 'long', timeZone: 'UTC' } : { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale(), options).format(at);
}

/** A month (`2026-12`) as the reader writes it: `December 2026`, `ธันวาคม 2569`. */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat(locale(), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}

/** The days of the week from Monday, short. */
export function weekdays(): string[] {
  const format = new Intl.DateTimeFormat(locale(), { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i, 12))));
}
