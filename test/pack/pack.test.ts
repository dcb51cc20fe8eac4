/**
 * What a user of the published package gets: `npm pack` the project, install the tarball
 * into an empty folder, and run the command line from there.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'cardsolve-pack-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `cardsolve serve --port 0` started from the installed package: its health answer, then its exit code after SIGTERM. */
function serveOnce(bin: string, cwd: string): Promise<{ health: unknown; code: number | null }> {
  const child = spawn(bin, ['serve', '--port', '0', '--db', join(cwd, 'serve.sqlite')], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cardsolve serve printed no URL in 30 s:\n${output}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (url === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', read);
      child.stderr.off('data', read);
      fetch(`${url}/api/v1/health`)
        .then((response) => response.json())
        .then((health: unknown) => {
          child.once('exit', (code) => resolve({ health, code }));
          child.kill('SIGTERM');
        }, reject);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
}

/** `source`, as `typed.mts` in `app`, compiles under `tsc --strict` against the installed package's types. */
function compilesStrict(app: string, source: string, extra: Record<string, unknown>): void {
  writeFileSync(join(app, 'typed.mts'), source);
  const options = { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', ...extra };
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['typed.mts'] }));
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], { encoding: 'utf8' });
  expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
  expect(tsc.status).toBe(0);
}

describe('the packed package', () => {
  it('ships the built command line and not the tests, installs into an empty folder with no engine warning, solves, batches and serves', async () => {
    // A file the sources no longer build (a module since deleted, say) must not ship: packing builds afresh.
    writeFileSync(join(root, 'dist', 'src', 'stale-module.js'), 'export {};\n');
    const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' })) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    const files = packed[0]!.files.map((f) => f.path);
    expect(files).toContain('bin/cardsolve.js');
    expect(files).toContain('dist/src/cli/main.js');
    expect(files).toContain('dist/src/batch/worker.js');
    expect(files).toContain('dist/src/core.js');
    expect(files).toContain('dist/core/cardsolve-core.js');
    expect(files.filter((f) => f.startsWith('test/') || f.startsWith('src/') || f.startsWith('dist/test/'))).toEqual([]);
    expect(files).not.toContain('dist/src/stale-module.js');

    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    // npm runs no dependency's install script unless the project allows it: the SQLite binding needs its own.
    const manifest = { name: 'pack-check', version: '1.0.0', private: true, allowScripts: { 'better-sqlite3': true } };
    writeFileSync(join(app, 'package.json'), JSON.stringify(manifest));
    const install = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, packed[0]!.filename)], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    // Every dependency runs on every Node version the package names (engines): npm warns of none.
    expect(`${install.stdout}${install.stderr}`).not.toContain('EBADENGINE');

    const run = spawnSync(join(app, 'node_modules', '.bin', 'cardsolve'), ['solve', 'PY1-N-AAAAAAS', '--json'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as { code: string; verdict: string };
    expect(result.code).toBe('PY1-N-AAAAAAS');
    expect(['winnable', 'unwinnable']).toContain(result.verdict);

    // The batch stores into SQLite through the installed binding, on worker threads.
    const batch = spawnSync(join(app, 'node_modules', '.bin', 'cardsolve'), ['batch', 'PY1-N-AAAAAAA..PY1-N-AAAAAAC', '--json'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(batch.status, batch.stderr).toBe(0);
    expect(JSON.parse(batch.stdout)).toMatchObject({ deals: 3, analysed: 3, failed: 0 });

    // The server starts, answers and stops on SIGTERM.
    const serve = await serveOnce(join(app, 'node_modules', '.bin', 'cardsolve'), app);
    expect(serve.health).toMatchObject({ version: expect.any(String) });
    expect(serve.code).toBe(0);

    // The core, by its package export and as the one-file browser build, gives the command line's hint.
    const script = [
      "import { openDeal, DEFAULT_LIMITS } from 'cardsolve/core';",
      "const browser = await import('cardsolve/core/browser');",
      'const limits = { ...DEFAULT_LIMITS, timeMs: 20000 };',
      "const a = openDeal('PY1-N-AAAAAAS').hint('', limits);",
      "const b = browser.openDeal('PY1-N-AAAAAAS').hint('', limits);",
      'console.log(JSON.stringify([a.status, a.best, b.status, b.best]));',
    ].join('\n');
    writeFileSync(join(app, 'core.mjs'), script);
    const core = spawnSync(process.execPath, ['core.mjs'], { cwd: app, encoding: 'utf8' });
    expect(core.status, core.stderr).toBe(0);
    const hint = JSON.parse(
      spawnSync(join(app, 'node_modules', '.bin', 'cardsolve'), ['hint', 'PY1-N-AAAAAAS', '--json'], { cwd: app, encoding: 'utf8' }).stdout,
    ) as { status: string; best: unknown };
    expect(JSON.parse(core.stdout)).toEqual([hint.status, hint.best, hint.status, hint.best]);

    // The shipped lists, by their package path, read by the core's list reader.
    const lists = [
      "import { readFileSync } from 'node:fs';",
      "import { parseList } from 'cardsolve/core';",
      "const url = new URL(import.meta.resolve('cardsolve/lists/pyramide-app-expert.csv'));",
      'console.log(parseList(readFileSync(url, "utf8")).entries[0].tier);',
    ].join('\n');
    writeFileSync(join(app, 'lists.mjs'), lists);
    const listed = spawnSync(process.execPath, ['lists.mjs'], { cwd: app, encoding: 'utf8' });
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toBe('expert\n');

    // A TypeScript app compiled strict against the installed types: what analyse returns is declared.
    const typed = [
      "import { DEFAULT_LIMITS, openDeal, pickDeals, type Analysis } from 'cardsolve';",
      "const analyses: Analysis[] = ['PY1-N-AAAAAAA'].map((code) => openDeal(code).analyse(DEFAULT_LIMITS));",
      "export const tiers: Array<string | null> = pickDeals(analyses, { verdict: 'winnable' }).map((a) => a.tier);",
      'export const scores: Array<number | null> = analyses.map((a) => a.difficulty);',
    ].join('\n');
    compilesStrict(app, typed, { skipLibCheck: true });
  });

  it('the core alone: cardsolve-core installs into an empty folder with no dependency and no install script, and answers as the command line', () => {
    // Made by the build (the first test's pack ran it): the one-file core and its declarations.
    const packed = JSON.parse(
      execFileSync(npm, ['pack', '--json', '--pack-destination', work, join(root, 'dist', 'core-package')], { encoding: 'utf8' }),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    expect(packed[0]!.files.map((f) => f.path)).toContain('cardsolve-core.js');
    const app = join(work, 'core-app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'core-check', version: '1.0.0', private: true, type: 'module' }));
    const install = spawnSync(npm, ['install', '--no-audit', '--no-fund', join(work, packed[0]!.filename)], { cwd: app, encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);
    // No install script to allow, and nothing but the package itself.
    expect(install.stderr).not.toContain('install-scripts');
    const tree = JSON.parse(spawnSync(npm, ['ls', '--all', '--json'], { cwd: app, encoding: 'utf8' }).stdout) as {
      dependencies: Record<string, { dependencies?: object }>;
    };
    expect(Object.keys(tree.dependencies)).toEqual(['cardsolve-core']);
    expect(tree.dependencies['cardsolve-core']!.dependencies ?? {}).toEqual({});

    const script = [
      "import { openDeal, DEFAULT_LIMITS } from 'cardsolve-core';",
      'const limits = { ...DEFAULT_LIMITS, timeMs: 60000 };',
      "const answers = [['PY1-N-AAAAAAA', 'J♦ + 2♦'], ['DS1-D1N-AAAAAAB', '']].map(([code, moves]) => openDeal(code).hint(moves, limits));",
      'console.log(JSON.stringify(answers.map(({ ms, nodes, ...rest }) => rest)));',
    ].join('\n');
    writeFileSync(join(app, 'hints.mjs'), script);
    const hints = spawnSync(process.execPath, ['hints.mjs'], { cwd: app, encoding: 'utf8' });
    expect(hints.stderr).toBe('');
    const cli = (code: string, moves: string): unknown => {
      const {
        ms: _ms,
        nodes: _nodes,
        ...rest
      } = JSON.parse(
        execFileSync(process.execPath, [join(root, 'bin', 'cardsolve.js'), 'hint', code, '--moves', moves, '--json'], { encoding: 'utf8' }),
      ) as Record<string, unknown>;
      return rest;
    };
    expect(JSON.parse(hints.stdout)).toEqual([cli('PY1-N-AAAAAAA', 'J♦ + 2♦'), cli('DS1-D1N-AAAAAAB', '')]);

    // Its types stand alone: a strict TypeScript app compiles against them.
    const typed = [
      "import { DEFAULT_LIMITS, openDeal, type Analysis, type HintResult } from 'cardsolve-core';",
      "const analysis: Analysis = openDeal('PY1-N-AAAAAAA').analyse(DEFAULT_LIMITS);",
      'export const tier: string | null = analysis.tier;',
      "export const hint: HintResult = openDeal('PY1-N-AAAAAAA').hint('', DEFAULT_LIMITS);",
    ].join('\n');
    compilesStrict(app, typed, { types: [] });
  });
});
