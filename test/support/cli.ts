/** The built command line, run as a user runs it (the tests' global set-up builds dist/). */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/cardsolve.js', import.meta.url));

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** The working folder (the repository's root by default). */
  cwd?: string;
  /** Standard input. */
  input?: string;
  /** Variables added to the environment. */
  env?: Record<string, string>;
}

/** Runs `cardsolve ARGS` to its end. */
export function cardsolve(args: readonly string[], options: RunOptions = {}): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ...options.env },
  });
  // A run that never exited by itself (a signal, a time-out, a spawn error) says so rather than a bare null status.
  if (r.status === null) {
    throw new Error(`cardsolve ${args.join(' ')}: ${r.error ? String(r.error) : `killed by ${r.signal}`}\n${r.stderr}`);
  }
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
