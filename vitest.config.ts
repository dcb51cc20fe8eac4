import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/pack/**', '**/node_modules/**'],
    globalSetup: ['test/support/build.ts'],
    // Both cores: many tests wait on the child processes they start (the command line, workers, Redis).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
