import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests import the project from src/, but run the build the global set-up has just made
// (dist/), loaded by Node itself: code that Vitest transforms reads every imported name
// through a getter, which made the solvers two to four times slower in the tests.
const BUILT = fileURLToPath(new URL('./dist/src/', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [{ find: /^(?:\.\.?\/)+src\/(.*)$/, replacement: `${BUILT}$1` }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The pack check and the long checks (`*.long.test.ts`) have runs of their own: test/pack, test/long.
    exclude: ['test/pack/**', '**/*.long.test.ts', '**/node_modules/**'],
    globalSetup: ['test/support/build.ts'],
    server: { deps: { external: [/\/dist\/src\//] } },
    // Both cores: many tests wait on the child processes they start (the command line, workers, Redis).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
