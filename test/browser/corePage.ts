/**
 * The core's browser build served as a static host would serve it, and a page that loads it:
 * a folder holding `cardsolve-core.js` as `npm run build` makes it, the build of `probe.ts`
 * beside it, a tiny page and a module worker. The page puts on `globalThis` the core, the
 * probe, `inWorker` (a probe function run in a fresh module Web Worker) and `watchBlocking`
 * (how long the main thread stays blocked while something runs). Used by the browser tests
 * and `npm run bench -- browser`.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { type StaticServer, serveStatic } from '../support/staticServer.js';
import type * as Probe from './probe.js';
import type { CoreModule } from './probe.js';

/** The project's folder, from this file in test/browser or in its build, dist/test/browser. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('no package.json above the browser test helpers');
    dir = up;
  }
  return dir;
}

export const ROOT = projectRoot();
/** The core's one-file browser build. */
export const BUNDLE = join(ROOT, 'dist', 'core', 'cardsolve-core.js');
/** The probe's build (tsc emits it with the tests' and the bench's build). */
const PROBE = join(ROOT, 'dist', 'test', 'browser', 'probe.js');

const INDEX = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>cardsolve core</title>
<link rel="icon" href="data:,">
<script type="module" src="page.js"></script>
</html>
`;

const PAGE = `import * as core from './cardsolve-core.js';
import * as probe from './probe.js';

globalThis.core = core;
globalThis.probe = probe;

globalThis.inWorker = (name, args) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (event) => {
      worker.terminate();
      if (event.data.error !== undefined) reject(new Error(event.data.error));
      else resolve(event.data.result);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error('the worker failed: ' + event.message));
    };
    worker.postMessage({ name, args });
  });

globalThis.watchBlocking = async (work) => {
  const tasks = [];
  const supported = PerformanceObserver.supportedEntryTypes.includes('longtask');
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  if (supported) observer.observe({ type: 'longtask' });
  let last = performance.now();
  let gap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 10);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  // The observer reports a task once it has ended: one more turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50));
  clearInterval(timer);
  if (supported) {
    for (const entry of observer.takeRecords()) tasks.push(entry.duration);
    observer.disconnect();
  }
  return { result, ms, longTasks: supported ? tasks.length : null, longestTask: supported ? Math.max(0, ...tasks) : null, longestGap: gap };
};

globalThis.ready = true;
`;

const WORKER = `import * as core from './cardsolve-core.js';
import * as probe from './probe.js';

self.onmessage = (event) => {
  const { name, args } = event.data;
  try {
    self.postMessage({ result: probe[name](core, ...args) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.stack ?? error.message : String(error) });
  }
};
`;

/** What the main thread did while a worker ran: `watchBlocking`'s answer. */
export interface Blocking<T> {
  result: T;
  /** From the start of the work to its answer. */
  ms: number;
  /** The long tasks (over 50 ms) the page reported, and the longest; null where not supported. */
  longTasks: number | null;
  longestTask: number | null;
  /** The longest time between two ticks of a 10 ms interval. */
  longestGap: number;
}

/** What the page puts on `globalThis`, for the functions `page.evaluate` runs there. */
export interface CorePageGlobals {
  core: CoreModule;
  probe: typeof Probe;
  ready: boolean;
  inWorker<T>(name: string, args: readonly unknown[]): Promise<T>;
  watchBlocking<T>(work: () => Promise<T>): Promise<Blocking<T>>;
}

export interface CoreSite {
  /** The page's address. */
  url: string;
  server: StaticServer;
  stop: () => Promise<void>;
}

/** A fresh folder with the bundle, the probe, the page and the worker, served on 127.0.0.1. */
export async function serveCore(): Promise<CoreSite> {
  for (const file of [BUNDLE, PROBE]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'cardsolve-core-'));
  copyFileSync(BUNDLE, join(dir, 'cardsolve-core.js'));
  copyFileSync(PROBE, join(dir, 'probe.js'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'page.js'), PAGE);
  writeFileSync(join(dir, 'worker.js'), WORKER);
  const server = await serveStatic(dir);
  return {
    url: `${server.url}/`,
    server,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The page opened in `context` and its modules loaded. Errors the page throws or logs are
 * collected in `errors`.
 */
export async function openCorePage(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as unknown as Partial<CorePageGlobals>).ready === true, undefined, { timeout: 15_000 });
  return { page, errors };
}

/**
 * Serves the page with the headers that isolate it (COOP and COEP): a cross-origin isolated
 * page reads `performance.now()` to 5 µs rather than 100 µs, which the bench needs for hints
 * that take a tenth of a millisecond.
 */
export async function isolate(context: BrowserContext): Promise<void> {
  await context.route('**/*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: {
        ...response.headers(),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      },
    });
  });
}
