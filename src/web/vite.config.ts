// The page, built two ways. `vite build` makes dist/web, the page `cardsolve serve` shows: every
// asset is served by the server itself (no CDN), so the page works offline. `vite build --mode
// static` makes dist/site, the same page as plain files for any static host: the views in the
// URL's hash, the solver in the page's workers, and a service worker that keeps every file for
// play with the network cut.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The bar's colour (style.css `--ink`), for the phone's title bar. */
const THEME = '#1d2330';

const MANIFEST = {
  name: 'cardsolve: solitaire solver',
  short_name: 'cardsolve',
  description: 'Play and analyse Pyramide and Double Solitaire deals, with hints from the solver, offline.',
  start_url: './index.html',
  scope: './',
  display: 'standalone',
  background_color: '#f4f5f7',
  theme_color: THEME,
  // The PNGs are favicon.svg drawn on the bar's colour (scripts/icons.ts): launchers want bitmaps.
  icons: [
    { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
    { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
  ],
};

/** Every file under `root`, as paths relative to it with `/`. */
function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(root, path) : [relative(root, path).split(sep).join('/')];
  });
}

/**
 * The service worker: every file of the build fetched into a cache on install (its name
 * changes with the files, so a new build replaces the old copy), then same-origin GETs
 * answered from the cache first; the old caches go on activate.
 */
function serviceWorker(files: readonly string[], version: string): string {
  return `// Written by the static build: the page's files, kept for play offline.
const CACHE = 'cardsolve-${version}';
const FILES = ${JSON.stringify(files)};

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('cardsolve-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) return kept;
      try {
        return await fetch(request);
      } catch (error) {
        // Offline, the folder itself (a host's "/") is the page.
        const page = request.mode === 'navigate' ? await cache.match('index.html') : undefined;
        if (page) return page;
        throw error;
      }
    })(),
  );
});
`;
}

/** The static site's offline parts: the web app manifest, and sw.js listing every file built. */
function offline(outDir: string): Plugin {
  return {
    name: 'cardsolve-offline',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: 'manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: THEME }, injectTo: 'head' },
    ],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: `${JSON.stringify(MANIFEST, null, 2)}\n` });
    },
    // Once every file is written (the public folder's and the workers' included).
    closeBundle() {
      const files = filesUnder(outDir)
        .filter((file) => file !== 'sw.js')
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(`${file}\0`).update(readFileSync(join(outDir, file)));
      writeFileSync(join(outDir, 'sw.js'), serviceWorker(files, hash.digest('hex').slice(0, 16)));
    },
  };
}

export default defineConfig(({ mode }) => {
  const site = mode === 'static';
  const outDir = fileURLToPath(new URL(site ? '../../dist/site' : '../../dist/web', import.meta.url));
  return {
    root: here,
    // The static site works from any folder of any host.
    base: site ? './' : '/',
    logLevel: 'warn',
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    // Module workers: the solver's worker imports the core as ES modules.
    worker: { format: 'es' },
    plugins: site ? [offline(outDir)] : [],
    build: {
      outDir,
      emptyOutDir: true,
      // No inline script (the Content-Security-Policy forbids it) and no data: module.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
    },
  };
});
