import { useEffect, useState } from 'preact/hooks';
import type { ApiGame } from '../contract';
import { describeError, isAbort } from './api';
import { allGames } from './data';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

/** The answer of `load` for the current `key`; a newer key drops the older answer. */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T> & { key: string | null }>({ data: null, error: null, loading: true, key: null });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    load(controller.signal).then(
      (data) => setState({ data, error: null, loading: false, key }),
      (e: unknown) => {
        if (!isAbort(e)) setState({ data: null, error: describeError(e), loading: false, key });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state;
}

export function useGames(): ApiGame[] {
  const [games, setGames] = useState<ApiGame[]>([]);
  useEffect(() => {
    allGames().then(setGames, () => undefined);
  }, []);
  return games;
}
