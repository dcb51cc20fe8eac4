/**
 * The view's state lives in the URL: links and forms push it, and Back brings it back. Under
 * `cardsolve serve` a view is a path (`/play/PY1-N-AAAAAAA`); on the static site, which any
 * static host serves, it is the hash of the one page (`index.html#/play/PY1-N-AAAAAAA`).
 * Callers write paths; `href` and `navigate` put them where this build keeps them.
 */
import { useEffect, useState } from 'preact/hooks';
import { STATIC_SITE } from './staticSite';

export interface Location {
  path: string;
  query: URLSearchParams;
}

/** `path?query` split. */
function parse(url: string): Location {
  const at = url.indexOf('?');
  return { path: at < 0 ? url : url.slice(0, at), query: new URLSearchParams(at < 0 ? '' : url.slice(at + 1)) };
}

/** The view's path and query as the URL holds them. */
function here(): string {
  if (STATIC_SITE) return window.location.hash.slice(1) || '/';
  return window.location.pathname + window.location.search;
}

function current(): Location {
  return parse(here());
}

/** An in-page URL as this build writes it: `/deal/X` under serve, `#/deal/X` on the static site (either form taken). */
function inPage(url: string): string {
  const path = url.startsWith('#') ? url.slice(1) : url;
  return STATIC_SITE ? `#${path}` : path;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', notify);
// A hash typed in the address bar changes the view too.
if (STATIC_SITE) window.addEventListener('hashchange', notify);

/** Opens `url` (a path with its query) as a new history entry; `replace` keeps the entry. */
export function navigate(url: string, replace = false): void {
  const target = inPage(url);
  if (target === inPage(here())) return;
  if (replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
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
  const link = anchor.getAttribute('href');
  const inPageLink = STATIC_SITE ? link?.startsWith('#/') : link?.startsWith('/') && !link.startsWith('/api/');
  if (!link || !inPageLink) return;
  event.preventDefault();
  navigate(link);
}

/** The in-page link to a view: `path?query` (`#path?query` on the static site), leaving out empty values. */
export function href(path: string, query: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const q = params.toString();
  return inPage(q ? `${path}?${q}` : path);
}
