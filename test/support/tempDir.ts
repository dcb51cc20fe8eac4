import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh temporary folder, removed by the returned function. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
