/**
 * The page tests' browser and server: Debian's chromium driven by playwright-core (never a
 * downloaded browser), and `cardsolve serve` started as a user starts it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { BIN, ROOT } from './cli.js';

/** The chromium on the PATH. */
export function chromiumPath(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'chromium');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('chromium is not on the PATH');
}

/** A headless chromium with a fresh profile, quiet on the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Server {
  url: string;
  stop: () => Promise<void>;
}

/** `cardsolve serve --db DB --port 0`, its URL read from what it prints. */
export function startServer(db: string, extra: readonly string[] = []): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', '--db', db, '--port', '0', ...extra], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // Ctrl-C: stops at once (SIGTERM would drain first, for --drain).
      child.kill('SIGINT');
    });
  return new Promise<Server>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`cardsolve serve printed no URL in 20 s:\n${output}`));
    }, 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /https?:\/\/[^\s"']+/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve({ url: found[0].replace(/\/$/, ''), stop });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cardsolve serve exited (${code}) before printing its URL:\n${output}`));
    });
  });
}

/** Screenshots for the documentation are taken only when asked (`CARDSOLVE_SCREENSHOTS=1`). */
export function screenshotPath(name: string): string | null {
  return process.env.CARDSOLVE_SCREENSHOTS === '1' ? join(ROOT, 'docs', 'images', name) : null;
}

/** axe-core's source, put into a page by `checkAccessibility` (read once). */
let axeSource: string | undefined;

/** One rule axe-core found broken on the page: its id, impact and how many elements break it. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  nodes: number;
  targets: string[];
}

/** axe-core run on the page as it stands (WCAG A and AA rules and best practices): every violation. */
export async function checkAccessibility(page: import('playwright-core').Page): Promise<AxeFinding[]> {
  if (axeSource === undefined) {
    const { readFileSync } = await import('node:fs');
    const { createRequire } = await import('node:module');
    axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  }
  // The tests' TypeScript has no DOM types: the page's globals are reached through globalThis.
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  // Evaluated through the debugging protocol: the page's Content-Security-Policy allows no inline script.
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    interface Violation {
      id: string;
      impact?: string | null;
      nodes: { target: string[] }[];
    }
    const page = globalThis as unknown as {
      axe: { run: (context: unknown, options: object) => Promise<{ violations: Violation[] }> };
      document: unknown;
    };
    const result = await page.axe.run(page.document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
}
