/**
 * `node dist/scripts/engines-check.js RUNTIME...`: the one-file core (dist/core/cardsolve-core.js)
 * run unchanged by other JavaScript runtimes (Bun, Deno: each named by its executable) gives
 * Node's answers: the hints at the start of a Pyramide and a Double Solitaire deal, and the
 * words of a refused move. Exit 0 when every runtime agrees, 1 naming the first that does not.
 * CI runs it with Bun and Deno installed from their npm packages into a scratch folder.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** What each runtime runs: the answers as one JSON line, what depends on the machine's speed left out. */
const PROGRAM = `import { openDeal, openPosition, DEFAULT_LIMITS } from './cardsolve-core.js';
const limits = { ...DEFAULT_LIMITS, timeMs: 120000 };
const timeless = ({ ms, nodes, ...rest }) => rest;
let refused = null;
try { openPosition('PY1-N-AAAAAAA').move('K♠'); } catch (error) { refused = [error.name, error.message]; }
console.log(JSON.stringify([
  timeless(openDeal('PY1-N-AAAAAAA').hint('J♦ + 2♦', limits)),
  timeless(openDeal('DS1-D1N-AAAAAAB').hint('', limits)),
  refused,
]));
`;

/** How a runtime runs a module file. */
function command(runtime: string, file: string): string[] {
  return basename(runtime).startsWith('deno') ? [runtime, 'run', '--allow-read', file] : [runtime, file];
}

const runtimes = process.argv.slice(2);
if (runtimes.length === 0) {
  console.error('usage: engines-check RUNTIME... (the executables of Bun, Deno, ...)');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'cardsolve-engines-'));
try {
  copyFileSync(join(ROOT, 'dist', 'core', 'cardsolve-core.js'), join(dir, 'cardsolve-core.js'));
  writeFileSync(join(dir, 'answers.mjs'), PROGRAM);
  const run = (argv: string[]): string => {
    const r = spawnSync(argv[0]!, argv.slice(1), { cwd: dir, encoding: 'utf8', timeout: 600_000 });
    if (r.status !== 0) throw new Error(`${argv.join(' ')} failed (exit ${r.status}): ${r.error?.message ?? r.stderr.trim()}`);
    return r.stdout.trim();
  };
  const expected = run([process.execPath, 'answers.mjs']);
  let failed = false;
  for (const runtime of runtimes) {
    const got = run(command(runtime, 'answers.mjs'));
    const printed = run([runtime, '--version']).split('\n')[0]!;
    // Bun prints its version alone.
    const version = /^\d/.test(printed) ? `${basename(runtime).replace(/\.exe$/, '')} ${printed}` : printed;
    if (got === expected) console.log(`${version}: the same answers as Node ${process.version}`);
    else {
      console.error(`${version}: answers differ from Node ${process.version}\n  node: ${expected}\n  ${basename(runtime)}: ${got}`);
      failed = true;
    }
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
