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
