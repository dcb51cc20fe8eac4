/**
 * `npm run docs:check [-- --update] [FILE...]`: reruns every checked example of README.md and
 * docs/*.md (see docs-check/examples.ts for the marker) with the built command line (a `curl`
 * line against a `cardsolve serve` started for the file, see docs-check/curl.ts) and fails
 * with a diff naming file and line where the output differs. `--update` writes today's output
 * into the files instead.
 *
 * Each file's examples run in order in one fresh temporary folder (a reader following along:
 * a `batch` stores what the `stats` after it counts), whose data/ links to the repository's
 * data/examples and data/lists, and examples/ to its examples; nothing is written into the
 * repository.
 *
 * It also holds the one-file core's size where a page states it (docs-check/coreSize.ts) to
 * the build, and the build to its budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative, resolve } from 'node:path';
import { checkCoreSizes, measureCore, overBudget } from './docs-check/coreSize.js';
import { DocsServer } from './docs-check/curl.js';
import { describeMismatch, type Example, findExamples, matches, refresh, trimEnd } from './docs-check/examples.js';

/** The repository: this file runs from dist/scripts/. */
const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'bin', 'cardsolve.js');

function documentationFiles(): string[] {
  const docs = join(ROOT, 'docs');
  const pages = existsSync(docs)
    ? readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .sort()
    : [];
  return [join(ROOT, 'README.md'), ...pages.map((name) => join(docs, name))];
}

function workingFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-docs-'));
  mkdirSync(join(dir, 'data'));
  for (const sub of ['examples', 'lists']) symlinkSync(join(ROOT, 'data', sub), join(dir, 'data', sub));
  // The example dealers (docs/dealers.md), named as from a checkout: examples/dealers/acme.js.
  symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
  // `cardsolve` inside an example's command (`--line "$(cardsolve solve ...)"`) is the built one too.
  mkdirSync(join(dir, '.bin'));
  writeFileSync(join(dir, '.bin', 'cardsolve'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`, {
    mode: 0o755,
  });
  return dir;
}

async function run(command: string, cwd: string, withStderr: boolean, server: DocsServer): Promise<string[]> {
  if (/^curl\s/.test(command)) return trimEnd((await server.run(command)).replace(/\r/g, '').split('\n'));
  if (!/^cardsolve(\s|$)/.test(command)) throw new Error(`a checked example runs cardsolve or curl only: ${command}`);
  const shell = `node ${JSON.stringify(CLI)}${command.slice('cardsolve'.length)}`;
  const env = { ...process.env, NO_COLOR: '1', PATH: `${join(cwd, '.bin')}${delimiter}${process.env.PATH ?? ''}` };
  const result = spawnSync('sh', ['-c', shell], { cwd, encoding: 'utf8', env, timeout: 120_000 });
  const text = withStderr ? result.stdout + result.stderr : result.stdout;
  return trimEnd(text.replace(/\r/g, '').split('\n'));
}

async function checkFile(file: string, update: boolean): Promise<{ failures: string[]; commands: number }> {
  const name = relative(ROOT, file);
  const text = readFileSync(file, 'utf8');
  const examples: Example[] = findExamples(text);
  if (examples.length === 0) return { failures: [], commands: 0 };
  const lines = text.split('\n');
  const failures: string[] = [];
  const replacements: { from: number; to: number; lines: string[] }[] = [];
  const cwd = workingFolder();
  const server = new DocsServer(CLI, cwd);
  let commands = 0;
  try {
    for (const example of examples) {
      const block: string[] = [];
      for (const command of example.commands) {
        commands++;
        const actual = await run(command.command, cwd, example.stderr, server);
        const expected = trimEnd(command.expected);
        if (!matches(expected, actual)) failures.push(describeMismatch(name, { ...command, expected }, actual));
        block.push(`$ ${command.command}`, ...refresh(expected, actual));
      }
      replacements.push({ from: example.open, to: example.close - 1, lines: block });
    }
  } finally {
    server.stop();
    rmSync(cwd, { recursive: true, force: true });
  }
  if (update && failures.length > 0) {
    // From the last block up, so that the line numbers of the ones before stay right.
    for (const r of replacements.reverse()) lines.splice(r.from, r.to - r.from, ...r.lines);
    writeFileSync(file, lines.join('\n'));
  }
  return { failures, commands };
}

async function main(argv: string[]): Promise<number> {
  const update = argv.includes('--update');
  const named = argv.filter((arg) => !arg.startsWith('--')).map((arg) => resolve(arg));
  const files = named.length > 0 ? named : documentationFiles();
  let failed = 0;
  let commands = 0;
  const core = measureCore(join(ROOT, 'dist', 'core', 'cardsolve-core.js'));
  const budget = overBudget(core);
  if (budget !== null) {
    console.error(`docs:check: ${budget}`);
    failed++;
  }
  for (const file of files) {
    const sizes = checkCoreSizes(relative(ROOT, file), readFileSync(file, 'utf8'), core);
    for (const failure of sizes.failures) console.error(`${failure}\n`);
    failed += sizes.failures.length;
    if (update && sizes.failures.length > 0) writeFileSync(file, sizes.text);
    const result = await checkFile(file, update);
    commands += result.commands;
    failed += result.failures.length;
    for (const failure of result.failures) console.error(`${failure}\n`);
    if (update && result.failures.length > 0) console.error(`${relative(ROOT, file)}: ${result.failures.length} example(s) rewritten`);
  }
  if (failed > 0 && !update) {
    console.error(
      `docs:check: ${failed} difference(s) in ${commands} example commands and the stated sizes (npm run docs:check -- --update rewrites them)`,
    );
    return 1;
  }
  console.log(`docs:check: ${commands} example commands in ${files.length} files ${update ? 'checked and refreshed' : 'as documented'}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
