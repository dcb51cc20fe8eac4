/**
 * What every command pays before it starts: the queue's libraries (BullMQ and ioredis, a
 * few hundred files) load only for a queued batch or a worker, not for `solve`, `hint` or
 * a batch on this machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../support/cli.js';

/** The CommonJS files under node_modules that a run of the command line loaded, by package. */
function packagesLoaded(args: string[]): Set<string> {
  // Runs the program as bin/cardsolve.js does, then lists the module cache before exiting.
  const script = `
    import { createRequire } from 'node:module';
    import { pathToFileURL } from 'node:url';
    const require = createRequire(import.meta.url);
    process.argv = [process.argv[0], ${JSON.stringify(BIN)}, ...${JSON.stringify(args)}];
    const { main } = await import(pathToFileURL(${JSON.stringify(`${ROOT}dist/src/cli/main.js`)}).href);
    await main(process.argv);
    const names = Object.keys(require.cache).map((f) => f.split('node_modules/').pop().split('/')[0]);
    process.stderr.write('LOADED ' + JSON.stringify([...new Set(names)]) + '\\n');
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  if (line === undefined) throw new Error(`no module list: ${r.stderr}`);
  return new Set(JSON.parse(line.slice('LOADED '.length)) as string[]);
}

describe('start-up', () => {
  it('the queue libraries stay unloaded unless the queue is used', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardsolve-startup-'));
    try {
      for (const args of [
        ['--version'],
        ['solve', 'PY1-N-AAAAAAA', '--winnability-only'],
        ['hint', 'PY1-N-AAAAAAA', '--moves', 'J♦ + 2♠'],
        ['batch', 'PY1-N-AAAAAAA..PY1-N-AAAAAAJ', '--winnability-only', '--workers', '1', '--db', join(dir, 'deals.sqlite')],
      ]) {
        const loaded = packagesLoaded(args);
        expect(loaded.has('commander'), args.join(' ')).toBe(true); // the list is real
        expect(loaded.has('bullmq'), args.join(' ')).toBe(false);
        expect(loaded.has('ioredis'), args.join(' ')).toBe(false);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
