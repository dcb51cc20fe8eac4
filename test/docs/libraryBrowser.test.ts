/**
 * The library page's browser examples (docs/library.md, "The core, in any JavaScript
 * engine"), run as a reader would: the page and the worker written into a folder beside the
 * browser build of the core, served by a plain static server, opened in headless chromium;
 * what they show must be what the page says they show.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { ROOT } from '../support/cli.js';
import { missing } from '../support/programs.js';
import { type StaticServer, serveStatic } from '../support/staticServer.js';
import { tempDir } from '../support/tempDir.js';

const PAGE = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8');
const SECTION = PAGE.slice(PAGE.indexOf('## The core, in any JavaScript engine'));

/** The fenced blocks of a language in the section, in order. */
function blocks(language: string): string[] {
  return [...SECTION.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

describe.skipIf(missing('chromium'))("the library page's browser examples", () => {
  let folder: { dir: string; cleanup: () => void };
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    folder = tempDir();
    copyFileSync(join(ROOT, 'dist', 'core', 'cardsolve-core.js'), join(folder.dir, 'cardsolve-core.js'));
    const [worker, caller] = blocks('js');
    writeFileSync(join(folder.dir, 'index.html'), blocks('html')[0]!);
    writeFileSync(join(folder.dir, 'hint-worker.js'), worker!);
    writeFileSync(join(folder.dir, 'worker.html'), `<!doctype html>\n<script type="module">\n${caller}</script>\n`);
    [server, browser] = await Promise.all([serveStatic(folder.dir), launchBrowser()]);
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    folder?.cleanup();
  });

  it('the page imports the one-file core and shows the hint the page says', async () => {
    const [shown] = blocks('text');
    const page = await browser.newPage();
    await page.goto(`${server.url}/index.html`);
    await page.locator('#hint').filter({ hasNotText: 'thinking' }).waitFor({ timeout: 20_000 });
    expect(`${await page.locator('#hint').textContent()}\n`).toBe(shown);
    await page.close();
  });

  it('the worker answers the page with the lines the page says', async () => {
    const shown = blocks('text')[1]!.trimEnd().split('\n');
    const page = await browser.newPage();
    const lines: string[] = [];
    const done = new Promise<void>((resolve) => {
      page.on('console', (message) => {
        // Only what the example logs: the browser's own notices (a favicon's 404) are not its lines.
        if (message.type() !== 'log') return;
        lines.push(message.text());
        if (lines.length === shown.length) resolve();
      });
    });
    await page.goto(`${server.url}/worker.html`);
    await done;
    expect(lines).toEqual(shown);
    await page.close();
  });
});
