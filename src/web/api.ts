/**
 * The page's calls to `/api/v1` (under `cardsolve serve`: the games, results, stats and daily
 * deals), and the answers' types from the contract, which the solver workers' answers
 * (positions, hints, analyses, lines) share.
 */
import type { Dealt as ApiDealt, ApiError, Daily, DailyMonth, Games, GroupStats, ResultsPage, Stats } from '../contract';
import { t } from './i18n/language';

/**
 * The answers' types: the contract's own (`src/contract`), imported as types only, so the page
 * carries none of the schemas' code.
 */
export type {
  Analysis,
  Daily,
  DailyMonth,
  FairHint,
  FairMove,
  GroupStats as StatsGroup,
  Hint,
  JudgedMove as HintMove,
  LineAnswer,
} from '../contract';

/** One bar of a histogram in the stats. */
export type Histogram = GroupStats['minMoves'][number];

/** A failed call: the server's message, and the refused move when there is one. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiError | null,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** `a=1&b=2`, leaving out empty values. */
export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export function apiUrl(path: string, query: Query = {}): string {
  const q = queryString(query);
  return `/api/v1/${path}${q ? `?${q}` : ''}`;
}

/** Where this browser keeps the server's token (`serve --token`), once given. */
export const TOKEN_KEY = 'cardsolve.token';

function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function keepToken(token: string | null): void {
  try {
    if (token === null) localStorage.removeItem(TOKEN_KEY);
    else localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Storage off: the token is asked again next time.
  }
}

function headers(token: string | null): Record<string, string> {
  return token === null ? { accept: 'application/json' } : { accept: 'application/json', authorization: `Bearer ${token}` };
}

/**
 * A call, with the token when one is kept. A 401 asks for the token once (another call may
 * have been given it meanwhile) and tries again; a token the server refuses is forgotten.
 */
async function get<T>(path: string, query: Query = {}, signal?: AbortSignal): Promise<T> {
  const url = apiUrl(path, query);
  const used = storedToken();
  let response = await fetch(url, { signal, headers: headers(used) });
  if (response.status === 401) {
    const kept = storedToken();
    const token = kept !== null && kept !== used ? kept : window.prompt(t('tokenPrompt'));
    if (token !== null && token.trim() !== '') {
      keepToken(token.trim());
      response = await fetch(url, { signal, headers: headers(token.trim()) });
      if (response.status === 401) keepToken(null);
    }
  }
  return answerOf<T>(response);
}

/** Whether this browser keeps a token for the server: a plain link cannot send it. */
export function hasToken(): boolean {
  return storedToken() !== null;
}

/**
 * A download link's file (`/api/v1/export?...`) fetched with the kept token, and saved under
 * the name the server gives it: what the link itself does when no token is needed.
 */
export async function downloadWithToken(url: string): Promise<void> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${storedToken() ?? ''}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiError | null;
    throw new ApiFailure(response.status, body?.error ?? `${response.status} ${response.statusText}`, body);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = named ?? 'results';
  link.click();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

async function answerOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = body as ApiError | null;
    throw new ApiFailure(response.status, error?.error ?? `${response.status} ${response.statusText}`, error);
  }
  return body as T;
}

export const api = {
  games: (signal?: AbortSignal) => get<Games>('games', {}, signal),
  results: (query: Query, signal?: AbortSignal) => get<ResultsPage>('results', query, signal),
  stats: (query: Query, signal?: AbortSignal) => get<Stats>('stats', query, signal),
  daily: (query: Query, signal?: AbortSignal) => get<Daily>('daily', query, signal),
  month: (query: Query, signal?: AbortSignal) => get<DailyMonth>('daily/month', query, signal),
  dealt: (code: string, signal?: AbortSignal) => get<ApiDealt>('dealt', { code }, signal),
};

/**
 * The message to show for a failed call, in the reader's language: what kind of failure it
 * is, then the server's or the solver's own words (English: a deal code or a move in them
 * stays as typed).
 */
export function describeError(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiFailure) {
    if (error.status === 401 || error.status === 403) return t('errorToken', { detail });
    if (error.status === 404) return t('errorNotFound', { detail });
    if (error.status === 429) return t('errorBusy', { detail });
    if (error.status >= 500) return t('errorServer', { detail });
    return t('errorInput', { detail });
  }
  // fetch's own failure: no answer at all.
  if (error instanceof TypeError) return t('errorNetwork', { detail });
  return t('errorInput', { detail });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
