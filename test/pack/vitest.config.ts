import { defineConfig } from 'vitest/config';

// The pack-and-install check, apart from `npm test`: it installs the packed project and its
// dependencies into an empty folder, which takes minutes (the SQLite binding compiles).
export default defineConfig({
  test: {
    include: ['test/pack/**/*.test.ts'],
    testTimeout: 1_200_000,
    // Removing the installed folder (node_modules with a compiled binding) takes seconds on a busy machine.
    hookTimeout: 120_000,
  },
});
