// The core for any JavaScript engine as one file: dist/core/cardsolve-core.js, a minified ES
// module with no import statement (everything it needs is inside), with the exports of
// `cardsolve/core`. A page, a Web Worker or an app's JavaScript runtime loads it as it is.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  logLevel: 'warn',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../dist/core', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Vite leaves an ES library's whitespace and comments (build.minify); the bundler's own
    // minifier takes them out too.
    minify: true,
    rolldownOptions: { output: { minify: true } },
    lib: {
      entry: fileURLToPath(new URL('../src/core.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'cardsolve-core.js',
    },
  },
});
