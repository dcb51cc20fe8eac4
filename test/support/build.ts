/**
 * Vitest global set-up: bring dist/ up to date before any test runs, so the tests that spawn
 * the built command line (and the batch workers, which run the built worker) exercise the
 * code as it is now, never an older build, the page `serve` shows and the core's browser build included. The type build is
 * incremental: a no-op when nothing changed. It also says, in one line each, which tests skip for a missing system program.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPrograms } from './programs.js';

/** Runs a Node script to its end; throws unless it exits with 0. */
function run(root: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${args.join(' ')}: ${signal ?? `exit code ${code}`}`));
    });
  });
}

/**
 * Each test project (vitest.config.ts) runs the global set-up, all in Vitest's one main
 * process: the first starts the build, the others wait for that same build (two at once
 * would write dist/ together).
 */
const ONCE = Symbol.for('cardsolve.test.build');

export default function setup(): Promise<void> {
  const held = globalThis as { [ONCE]?: Promise<void> };
  held[ONCE] ??= build();
  return held[ONCE];
}

async function build(): Promise<void> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  // What `npm run build` makes: the page `serve` shows, the page as a static site, and the one-file browser build of the core.
  // Each writes a folder of its own and reads the sources, not another's output: the type build runs beside the three
  // page builds, one after another (two cores).
  const pages = async (): Promise<void> => {
    for (const config of [['src/web/vite.config.ts'], ['src/web/vite.config.ts', '--mode', 'static'], ['scripts/vite.core.config.ts']]) {
      await run(root, [vite, 'build', '--config', ...config]);
    }
  };
  await Promise.all([run(root, [tsc, '-p', 'tsconfig.json']), pages()]);
  for (const line of checkPrograms()) process.stderr.write(`${line}\n`);
}
