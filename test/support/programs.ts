/**
 * The system programs a few tests need beyond Node. On a machine without one, those tests
 * skip and the run says so in one line (see `build.ts`); CI installs them and sets
 * `CARDSOLVE_REQUIRE_SYSTEM_TESTS=1`, which turns a missing program into a failure, so CI
 * never skips.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export const REQUIRE_VARIABLE = 'CARDSOLVE_REQUIRE_SYSTEM_TESTS';

interface SystemProgram {
  /** Which tests need it, as the skip line names them. */
  tests: string;
  /** The Debian package that brings it. */
  debian: string;
}

const PROGRAMS = {
  'redis-server': { tests: 'the queue tests (batch --queue, worker) and the shared cache of serve', debian: 'redis-server' },
  openssl: { tests: 'the queue test over TLS', debian: 'openssl' },
  python3: { tests: 'the terminal game test (play on a pseudo-terminal)', debian: 'python3' },
  chromium: { tests: 'the browser tests (the page, the static site and the core, in headless chromium)', debian: 'chromium' },
} satisfies Record<string, SystemProgram>;

export type ProgramName = keyof typeof PROGRAMS;

/** Whether `name` is an executable file in a folder of the PATH. */
export function onPath(name: ProgramName): boolean {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

/** What is missing and how to install it. */
function absence(name: ProgramName): string {
  return `${name} is not on the PATH (Debian: apt-get install ${PROGRAMS[name].debian})`;
}

/** The missing programs' lines; throws instead when the environment requires every test to run. */
export function checkPrograms(): string[] {
  const missing = (Object.keys(PROGRAMS) as ProgramName[]).filter((name) => !onPath(name));
  if (missing.length > 0 && process.env[REQUIRE_VARIABLE] === '1') {
    throw new Error(`${REQUIRE_VARIABLE}=1 requires every test, but ${missing.map(absence).join('; ')}`);
  }
  return missing.map((name) => `skipped ${PROGRAMS[name].tests}: ${absence(name)}`);
}

/** For `describe.skipIf`: skip when the program is missing, unless every test is required to run. */
export function missing(name: ProgramName): boolean {
  return !onPath(name) && process.env[REQUIRE_VARIABLE] !== '1';
}
