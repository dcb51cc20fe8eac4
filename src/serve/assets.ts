/**
 * The page's files: only those the build made (dist/web), listed once at start. A path that
 * is not one of them is the page's own route (index.html) when it has no extension, and a
 * 404 otherwise; a path with `..`, encoded or not, is a 404 before anything is looked up.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface Asset {
  body: Buffer;
  type: string;
  /** Built names carry a hash of their content: cached for good. */
  immutable: boolean;
}

/** The folder of the built page: beside the built server (dist/web), whichever copy runs. */
export function webFolder(): string | null {
  for (const up of ['../../web', '../../../dist/web']) {
    const path = fileURLToPath(new URL(up, import.meta.url));
    if (existsSync(join(path, 'index.html'))) return path;
  }
  return null;
}

function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(root, path) : [path];
  });
}

export class Assets {
  private readonly files = new Map<string, Asset>();

  constructor(root: string | null) {
    if (root === null) return;
    for (const path of filesUnder(root)) {
      const url = `/${relative(root, path).split(sep).join('/')}`;
      this.files.set(url, {
        body: readFileSync(path),
        type: TYPES[extname(path)] ?? 'application/octet-stream',
        immutable: url.startsWith('/assets/'),
      });
    }
  }

  get built(): boolean {
    return this.files.has('/index.html');
  }

  /** The file for a request path, the page for a route of its own, or null (404). */
  find(rawPath: string): Asset | null {
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return null;
    }
    if (rawPath.includes('..') || path.includes('..') || path.includes('\\') || path.includes('\0')) return null;
    const file = this.files.get(path === '/' ? '/index.html' : path);
    if (file !== undefined) return file;
    // The page's own routes (/deal/PY1-N-AAAAAAA, /results): no extension.
    if (extname(path) === '' && !path.startsWith('/api/')) return this.files.get('/index.html') ?? null;
    return null;
  }
}
