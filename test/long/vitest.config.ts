import { defineConfig } from 'vitest/config';
import base from '../../vitest.config.js';

// The long checks, apart from `npm test` (CI runs them as a step of their own): files named
// `*.long.test.ts`, such as the solver against the slow reference search over many deals and
// the shipped lists analysed afresh. Otherwise the same set-up as `npm test`, each file with
// modules of its own.
export default defineConfig({
  ...base,
  test: { ...base.test, projects: undefined, include: ['test/**/*.long.test.ts'], exclude: ['**/node_modules/**'] },
});
