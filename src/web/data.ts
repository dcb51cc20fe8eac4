/** Answers kept for the page's life: a position, its hint and a deal's analysis never change. */
import type { PlayResponse } from '../core';
import type { ApiGame } from '../serve/apiTypes';
import { type Analysis, api, type FairHint, type Hint } from './api';

const plays = new Map<string, Promise<PlayResponse>>();
const hints = new Map<string, Promise<Hint>>();
const fairHints = new Map<string, Promise<FairHint>>();
const analyses = new Map<string, Promise<Analysis>>();
let games: Promise<ApiGame[]> | null = null;

function remember<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) {
    found = load();
    // A failure is not kept: the next call asks again.
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}

export function playAt(deal: string, moves: string, rules?: string): Promise<PlayResponse> {
  return remember(plays, `${deal}|${rules ?? ''}|${moves}`, () => api.play(deal, moves, rules));
}

export function hintAt(deal: string, moves: string, rules?: string): Promise<Hint> {
  return remember(hints, `${deal}|${rules ?? ''}|${moves}`, () => api.hint(deal, moves, rules));
}

/** The fair hint (the server's samples and seed): kept unless a time limit cut it, which asking again may not. */
export function fairHintAt(deal: string, moves: string, rules?: string): Promise<FairHint> {
  const key = `${deal}|${rules ?? ''}|${moves}`;
  const found = remember(fairHints, key, () => api.fairHint(deal, moves, rules));
  found.then(
    (h) => {
      if (h.limit !== null) fairHints.delete(key);
    },
    () => undefined,
  );
  return found;
}

export function analysisOf(deal: string, rules?: string): Promise<Analysis> {
  return remember(analyses, `${deal}|${rules ?? ''}`, () => api.analysis(deal, rules));
}

export function allGames(): Promise<ApiGame[]> {
  if (!games) {
    games = api.games().then((r) => r.games);
    games.catch(() => {
      games = null;
    });
  }
  return games;
}
