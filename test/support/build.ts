/**
 * Vitest global set-up: bring dist/ up to date before any test runs, so the tests that spawn
 * the built command line (and the batch workers, which run the built worker) exercise the
 * code as it is now, never an older build, the page `serve` shows and the core's browser build included. The type build is
 * incremental: a no-op when nothing changed. It also says, in one line each, which tests skip for a missing system program.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPrograms } from './programs.js';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  // What `npm run build` makes: the page `serve` shows, the page as a static site, and the one-file browser build of the core.
  for (const config of [['src/web/vite.config.ts'], ['src/web/vite.config.ts', '--mode', 'static'], ['scripts/vite.core.config.ts']]) {
    execFileSync(process.execPath, [vite, 'build', '--config', ...config], { cwd: root, stdio: 'inherit' });
  }
  for (const line of checkPrograms()) process.stderr.write(`${line}\n`);
}
