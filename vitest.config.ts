import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/pack/**', '**/node_modules/**'],
    globalSetup: ['test/support/build.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
