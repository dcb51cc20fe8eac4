// The core for any JavaScript engine as one file: dist/core/cardsolve-core.js, a minified ES
// module with no import statement (everything it needs is inside), with the exports of
// `cardsolve/core`. A page, a Web Worker or an app's JavaScript runtime loads it as it is.
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { defineConfig, type Plugin } from 'vite';

/**
 * Terser over what the bundler's own minifier left: the file has a budget of 70 KB gzip
 * (docs/library.md), and the two in turn give 1.9 KB gzip less than either alone.
 */
function terserAfter(): Plugin {
  return {
    name: 'cardsolve:terser-after',
    async generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const result = await minify(chunk.code, { module: true, ecma: 2020, compress: { passes: 2 } });
        if (result.code === undefined) throw new Error(`terser gave nothing for ${chunk.fileName}`);
        chunk.code = result.code;
      }
    },
  };
}

export default defineConfig({
  logLevel: 'warn',
  publicDir: false,
  plugins: [terserAfter()],
  build: {
    outDir: fileURLToPath(new URL('../dist/core', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Vite leaves an ES library's whitespace and comments (build.minify); the bundler's own
    // minifier takes them out too.
    minify: true,
    rolldownOptions: { checks: { pluginTimings: false }, output: { minify: true } },
    lib: {
      entry: fileURLToPath(new URL('../src/core.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'cardsolve-core.js',
    },
  },
});
