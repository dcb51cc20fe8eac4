// The page `cardsolve serve` shows, built at install time into dist/web: every asset is
// served by the server itself (no CDN), so the page works offline.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: true,
    // No inline script (the Content-Security-Policy forbids it) and no data: module.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
