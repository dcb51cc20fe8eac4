import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/cardsolve.js', import.meta.url));

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built command line (`npm install` / `npm ci` build it through `prepare`). */
export function cardsolve(args: string[], input?: string, cwd: string = ROOT): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, input, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
