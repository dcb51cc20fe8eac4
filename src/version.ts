import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function packageVersion(): string {
  // From source this file sits one folder below the root (src/), built two (dist/src/).
  for (const path of ['../package.json', '../../package.json']) {
    try {
      const pkg = require(path) as { name?: string; version?: string };
      if (pkg.name === 'cardsolve' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // try the next layout
    }
  }
  return '0.0.0';
}

/** The package's version, as `cardsolve --version` prints it. */
export const CARDSOLVE_VERSION = packageVersion();
