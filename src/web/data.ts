/**
 * The page's answers: positions, hints, fair hints, analyses and lines from the solver workers
 * in the page (on the static site and under `cardsolve serve` alike), kept for the page's
 * life, since a position, its hint and a deal's analysis never change.
 */

import type { ApiGame } from '../contract';
import type { MoveJson, PlayResponse } from '../core';
import { type Analysis, api, type DailyMonth, type FairHint, type Hint, type LineAnswer } from './api';
import { solver } from './solver/client';
import { STATIC_SITE } from './staticSite';

interface Kept<T> {
  answer: Promise<T>;
  controller: AbortController;
  /** The callers still waiting that may give up; one that cannot makes the request run to its end. */
  waiting: number;
  keep: boolean;
}

const plays = new Map<string, Kept<PlayResponse>>();
const hints = new Map<string, Kept<Hint>>();
const fairHints = new Map<string, Kept<FairHint>>();
const analyses = new Map<string, Kept<Analysis>>();
let games: Promise<ApiGame[]> | null = null;

function abortError(): DOMException {
  return new DOMException('the request was aborted', 'AbortError');
}

/**
 * The answer kept under `key`, asked once for every caller. A caller gives up with its signal;
 * the request itself is aborted (its solve stopped) only once every caller has given up.
 */
function remember<T>(
  cache: Map<string, Kept<T>>,
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(abortError());
  let found = cache.get(key);
  if (!found) {
    const controller = new AbortController();
    const entry: Kept<T> = { answer: load(controller.signal), controller, waiting: 0, keep: false };
    // A failure is not kept: the next call asks again.
    entry.answer.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    cache.set(key, entry);
    found = entry;
  }
  const entry = found;
  if (!signal) {
    entry.keep = true;
    return entry.answer;
  }
  entry.waiting++;
  return new Promise<T>((resolve, reject) => {
    const giveUp = () => {
      reject(abortError());
      entry.waiting--;
      if (entry.waiting > 0 || entry.keep) return;
      entry.controller.abort();
      if (cache.get(key) === entry) cache.delete(key);
    };
    signal.addEventListener('abort', giveUp, { once: true });
    entry.answer.then(
      (answer) => {
        signal.removeEventListener('abort', giveUp);
        resolve(answer);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', giveUp);
        reject(error);
      },
    );
  });
}

export function playAt(deal: string, moves: string, rules?: string, signal?: AbortSignal): Promise<PlayResponse> {
  return remember(plays, `${deal}|${rules ?? ''}|${moves}`, (s) => solver.play({ deal, moves, rules }, s), signal);
}

/**
 * The hint of the position after `moves`; with `line` (moves known to win from there, such as
 * the rest of the solution shown beside it), no move is said to need more moves than that line.
 */
export function hintAt(deal: string, moves: string, rules?: string, signal?: AbortSignal, line?: string): Promise<Hint> {
  const known = line ? { line } : {};
  return remember(hints, `${deal}|${rules ?? ''}|${moves}|${line ?? ''}`, (s) => solver.hint({ deal, moves, rules, ...known }, s), signal);
}

/** The fair hint (the API's samples and seed): kept unless a time limit cut it, which asking again may not. */
export function fairHintAt(deal: string, moves: string, rules?: string, signal?: AbortSignal): Promise<FairHint> {
  const key = `${deal}|${rules ?? ''}|${moves}`;
  const found = remember(fairHints, key, (s) => solver.fairHint({ deal, moves, rules }, s), signal);
  found.then(
    (h) => {
      if (h.limit !== null) fairHints.delete(key);
    },
    () => undefined,
  );
  return found;
}

export function analysisOf(deal: string, rules?: string, signal?: AbortSignal): Promise<Analysis> {
  return remember(analyses, `${deal}|${rules ?? ''}`, (s) => solver.analysis(deal, rules, s), signal);
}

/** A line of JSON moves played after `moves`: each move's text and every position along it. */
export function lineOf(deal: string, moves: string, line: MoveJson[], rules?: string, signal?: AbortSignal): Promise<LineAnswer> {
  return solver.line({ deal, moves, rules }, line, signal);
}

/**
 * The games, rule sets and tiers for the menus: from the server, which puts the rule sets of
 * its stored results first, or on the static site from the core.
 */
export function allGames(): Promise<ApiGame[]> {
  if (!games) {
    games = (STATIC_SITE ? solver.games() : api.games()).then((r) => r.games);
    games.catch(() => {
      games = null;
    });
  }
  return games;
}

/** A month of deals of the day: on the static site computed from the shipped lists, as `cardsolve daily` does. */
export function dailyMonth(query: { game?: string; rules?: string; month: string }, signal?: AbortSignal): Promise<DailyMonth> {
  return STATIC_SITE ? solver.month(query, signal) : api.month(query, signal);
}
