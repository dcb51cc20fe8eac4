/** The view's state lives in the URL: links and forms push it, and Back brings it back. */
import { useEffect, useState } from 'preact/hooks';

export interface Location {
  path: string;
  query: URLSearchParams;
}

function current(): Location {
  return { path: window.location.pathname, query: new URLSearchParams(window.location.search) };
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', notify);

/** Opens `url` (a path with its query) as a new history entry; `replace` keeps the entry. */
export function navigate(url: string, replace = false): void {
  if (url === window.location.pathname + window.location.search) return;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  notify();
}

export function useLocation(): Location {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const listener = () => setLocation(current());
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return location;
}

/** A click on an in-page link opens its view without reloading the page (modified clicks are left to the browser). */
export function onLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest('a');
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
  const href = anchor.getAttribute('href');
  if (!href?.startsWith('/') || href.startsWith('/api/')) return;
  event.preventDefault();
  navigate(href);
}

/** `path?query`, leaving out empty values. */
export function href(path: string, query: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}
