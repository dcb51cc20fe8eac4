import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests import the project from src/, but run the build the global set-up has just made
// (dist/), loaded by Node itself: code that Vitest transforms reads every imported name
// through a getter, which made the solvers two to four times slower in the tests.
const BUILT = fileURLToPath(new URL('./dist/src/', import.meta.url));

const EXCLUDE = ['test/pack/**', '**/*.long.test.ts', '**/node_modules/**'];

/**
 * The files that add games or dealers to the registries (module state): each runs with
 * modules of its own, so what it adds is never seen by another file.
 */
const PLUG_INS = ['test/games/ladder/ladder.test.ts', 'test/cli/dealers.test.ts', 'test/serve/dealers.test.ts', 'test/serve/fair.test.ts'];

export default defineConfig({
  resolve: {
    alias: [{ find: /^(?:\.\.?\/)+src\/(.*)$/, replacement: `${BUILT}$1` }],
  },
  test: {
    globalSetup: ['test/support/build.ts'],
    server: { deps: { external: [/\/dist\/src\//] } },
    // Both cores: many tests wait on the child processes they start (the command line, workers, Redis).
    maxWorkers: 2,
    pool: 'threads',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The other files share a thread's modules from one file to the next: a file's imports (the
    // core, the server's libraries, the browser driver) otherwise cost about a second each,
    // which was a sixth of the suite's time. Stubbed globals are put back after each test.
    projects: [
      { extends: true, test: { name: 'plug-ins', include: PLUG_INS, isolate: true } },
      {
        extends: true,
        // The pack check and the long checks (`*.long.test.ts`) have runs of their own: test/pack, test/long.
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...EXCLUDE, ...PLUG_INS], isolate: false, unstubGlobals: true },
      },
    ],
  },
});
