/**
 * The static site (dist/site) on a phone, in a headless chromium behind a plain static
 * server: a Pyramide deal played to the win by taps, following the page's own hints, with the
 * solver in the page and not one request to an API; Double Solitaire's hint; the main thread
 * never held while a deal is solved, and a solve left behind stopped; the deal view; the deal
 * of the day as `cardsolve daily` gives it; the views that need the database say so; and after
 * one visit the page installs, and plays and hints with the network cut.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveText } from '../../src/games/hint.js';
import type { MoveJson } from '../../src/games/types.js';
import { chromiumPath, launchBrowser, screenshotPath } from '../support/browser.js';
import { BIN, ROOT } from '../support/cli.js';
import { missing } from '../support/programs.js';
import { type StaticServer, serveStatic } from '../support/staticServer.js';
import { tempDir } from '../support/tempDir.js';

const WAIT = { timeout: 15_000 };
const SITE = join(ROOT, 'dist', 'site');
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
/** A Pyramide deal won in 43 moves, each hint found at once. */
const SHORT_WIN = 'PY1-N-AAAAAAI';
/** A Pyramide deal won in 37 moves, a King among the last dozen: the walk by taps starts there. */
const LATE_KING = 'PY1-N-AAAAAKA';

/** `cardsolve ARGS` without blocking: the command lines run while the browser starts. */
function cardsolveLater(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`cardsolve ${args.join(' ')}: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Wall time and thread (CPU) time, in microseconds. */
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The longest task of a page's main thread in a trace, in the CPU time it took (the wall time
 * counts the moments a busy machine gives the thread none): the main threads of the renderers
 * that run the solver's workers.
 */
function longestMainTaskMs(trace: string): number {
  const events = (JSON.parse(readFileSync(trace, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const threads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name');
  const pages = new Set(threads.filter((t) => t.args?.name === 'DedicatedWorker thread').map((t) => t.pid));
  const mains = new Set(threads.filter((t) => pages.has(t.pid) && t.args?.name === 'CrRendererMain').map((t) => `${t.pid}/${t.tid}`));
  const tasks = events.filter((e) => e.name === 'RunTask' && mains.has(`${e.pid}/${e.tid}`));
  expect(tasks.length).toBeGreaterThan(0);
  return Math.max(...tasks.map((e) => (e.tdur ?? e.dur ?? 0) / 1000));
}

/** The button of the page's own hint pressed, and what it lights up: the cards of the best move (none: a stock move). */
async function askHint(page: Page): Promise<string[]> {
  await page.getByTestId('hint').and(page.locator(':enabled')).tap();
  await page.locator('[data-testid="legal-move"].best').waitFor(WAIT);
  return page.locator('.board .card.hint').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card') ?? ''));
}

describe.skipIf(missing('chromium'))('the static site, with no server', () => {
  let site: StaticServer;
  let browser: Browser;
  let launching: Promise<Browser> | undefined;
  let context: BrowserContext;
  let cli: Record<'pyramide' | 'double' | 'line', Promise<string>>;
  /** What the pages wrote to the console as errors, and what they threw. */
  const errors: string[] = [];

  beforeAll(async () => {
    launching = launchBrowser();
    cli = {
      pyramide: cardsolveLater(['daily', '--json', '--tier', 'hard', '--date', '2026-12-05']),
      double: cardsolveLater(['daily', '--json', '--game', 'double', '--rules', 'D1N', '--tier', 'easy', '--date', '2026-12-05']),
      line: cardsolveLater(['solve', LATE_KING, '--json']),
    };
    for (const p of Object.values(cli)) p.catch(() => undefined); // awaited by the tests
    [site, browser] = await Promise.all([serveStatic(SITE), launching]);
    context = await browser.newContext(PHONE);
    context.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.page()?.url()}: ${message.text()}`);
    });
    context.on('weberror', (error) => errors.push(error.error().message));
  }, 60_000);

  afterAll(async () => {
    await (await launching?.catch(() => undefined))?.close();
    await site?.stop();
  });

  const open = async (view: string): Promise<Page> => {
    const page = await context.newPage();
    await page.goto(`${site.url}/index.html#${view}`);
    return page;
  };

  it('plays a Pyramide deal to the win by taps on the cards, following its hints, with no request to an API', async () => {
    // The line's moves up to its last King come typed in the URL: the dozen left still take every kind of tap (a
    // King, a pair, the stock), without a whole deal's forty-odd rounds of hint and taps.
    const line = (JSON.parse(await cli.line) as { solution: MoveJson[] }).solution;
    const lastKing = line.reduce((at, m, i) => (m.move === 'king' ? i : at), -1);
    const typed = line.slice(0, lastKing).map((m) => moveText('pyramide', m));
    const page = await open(`/play/${LATE_KING}?${new URLSearchParams({ moves: typed.join('; ') })}`);
    const won = page.locator('[data-testid="status"][data-status="won"]');
    const taps = { king: 0, pair: 0, stock: 0 };
    for (let move = 0; move < 100 && (await won.count()) === 0; move++) {
      const before = page.url();
      const cards = await askHint(page);
      if (move === 3) {
        const shot = screenshotPath('phone-play-pyramide.png');
        if (shot) await page.screenshot({ path: shot });
      }
      if (cards.length === 0) {
        // The best move is at the stock: its draw button, or the stock itself.
        const draw = page.getByTestId('draw');
        await ((await draw.count()) > 0 ? draw : page.getByTestId('stock')).tap();
        taps.stock++;
      } else {
        for (const card of cards) await page.locator(`.board [data-card="${card}"]`).tap();
        taps[cards.length === 1 ? 'king' : 'pair']++;
      }
      await page.waitForURL((url) => url.href !== before, WAIT);
      // The new position drawn: its link to the deal view carries the moves the URL has.
      const moves = new URL(page.url()).hash.split('?')[1]!;
      await page.locator(`[data-testid="show-line"][href$="?${moves}"]`).waitFor(WAIT);
    }
    await won.waitFor(WAIT);
    expect(await page.locator('.pyramid [data-card]').count()).toBe(0);
    expect(taps.king).toBeGreaterThan(0);
    expect(taps.pair).toBeGreaterThan(0);
    expect(taps.stock).toBeGreaterThan(0);
    expect(site.requests.length).toBeGreaterThan(0);
    expect(site.requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
    await page.close();
  });

  it('opens a Double Solitaire deal in play and gives its hint', async () => {
    const page = await open('/play/DS1-D1N-AAAAAAB');
    await page.locator('[data-game="double"]').waitFor(WAIT);
    expect(await page.getByTestId('column').count()).toBe(9);
    await askHint(page);
    await page.getByTestId('hint-text').waitFor(WAIT);
    const shot = screenshotPath('phone-play-double.png');
    if (shot) await page.screenshot({ path: shot });
    await page.close();
  });

  it('solves in workers: while a Double Solitaire deal is analysed and its line read, the main thread is never held 50 ms', async () => {
    const page = await context.newPage();
    const folder = tempDir();
    const trace = join(folder.dir, 'trace.json');
    try {
      await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      await page.goto(`${site.url}/index.html#/deal/DS1-D1N-AAAAAAB?step=12`);
      await page.getByTestId('step').getByText('step 12 / ').waitFor(WAIT);
      await page.getByText('reading the line').waitFor({ state: 'detached', ...WAIT });
      await page.locator('[data-testid="legal-move"][data-label]:not([data-label=""])').first().waitFor(WAIT);
      await browser.stopTracing();
      expect(longestMainTaskMs(trace)).toBeLessThan(50);
    } finally {
      folder.cleanup();
      await page.close();
    }
  });

  it('leaving a deal while it is analysed stops the solve: its worker ends, and a fresh one answers the next view', async () => {
    const page = await context.newPage();
    let ended = false;
    page.on('worker', (worker) => worker.on('close', () => (ended = true)));
    // A Vegas deal no search decides in the page's 2 s: its analysis runs to that limit on any
    // machine, so it is still under way when the view is left (a quick one may end first on a busy machine).
    await page.goto(`${site.url}/index.html#/deal/DS1-D1V-AAAAAAA`);
    // Left as soon as the analysis is asked, by a URL typed.
    await page.getByText('Analysing…').waitFor(WAIT);
    await page.evaluate(`location.hash = '#/play/${SHORT_WIN}'`);
    await expect.poll(() => ended, WAIT).toBe(true);
    await page.getByTestId('hint').and(page.locator(':enabled')).waitFor(WAIT);
    await page.close();
  });

  it('steps through a line in the deal view, its step in the hash', async () => {
    const page = await open(`/deal/${SHORT_WIN}?step=12`);
    await page.getByTestId('step').getByText('step 12 / 43').waitFor(WAIT);
    await page.locator('[data-testid="legal-move"][data-label="optimal"]').first().waitFor(WAIT);
    await page.getByTestId('next').tap();
    await page.getByTestId('step').getByText('step 13 / 43').waitFor(WAIT);
    expect(new URL(page.url()).hash).toBe(`#/deal/${SHORT_WIN}?step=13`);
    const shot = screenshotPath('phone-deal.png');
    if (shot) {
      await page.getByText('reading the line').waitFor({ state: 'detached', ...WAIT });
      await page.screenshot({ path: shot });
    }
    // A link to another view stays in the hash.
    await page.getByTestId('play-from-here').tap();
    await page.getByTestId('play-view').waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/index.html');
    expect(new URL(page.url()).hash).toMatch(new RegExp(`^#/play/${SHORT_WIN}\\?moves=`));
    await page.close();
  });

  it('computes the deals of the day in the page, as cardsolve daily does', async () => {
    const pyramide = JSON.parse(await cli.pyramide) as { code: string };
    const page = await open('/daily?game=pyramide&month=2026-12');
    await page.locator('[data-testid="day"][data-date="2026-12-05"]').tap();
    const hard = page.locator('[data-testid="day-deals"][data-date="2026-12-05"] [data-testid="daily-deal"][data-tier="hard"]');
    await hard.waitFor(WAIT);
    expect(await page.getByTestId('day').count()).toBe(31);
    expect(await hard.getAttribute('data-code')).toBe(pyramide.code);
    await hard.tap();
    await page.locator(`[data-testid="deal-view"][data-code="${pyramide.code}"]`).waitFor(WAIT);
    expect(new URL(page.url()).hash).toBe(`#/deal/${pyramide.code}`);

    const double = JSON.parse(await cli.double) as { code: string };
    await page.goto(`${site.url}/index.html#/daily?game=double&rules=D1N&month=2026-12`);
    await page.locator('[data-testid="day"][data-date="2026-12-05"]').tap();
    const easy = page.locator('[data-testid="day-deals"][data-date="2026-12-05"] [data-testid="daily-deal"][data-tier="easy"]');
    await easy.waitFor(WAIT);
    expect(await easy.getAttribute('data-code')).toBe(double.code);
    await page.close();
  });

  it('says that results and stats need cardsolve serve; no view asked an API, none wrote an error', async () => {
    const page = await open('/results');
    await page.getByTestId('needs-server').waitFor(WAIT);
    expect(await page.getByTestId('needs-server').textContent()).toContain('cardsolve serve');
    // Not in the static site's menu: an old link still says why.
    expect(await page.getByTestId('nav-results').count()).toBe(0);
    expect(await page.getByTestId('nav-stats').count()).toBe(0);
    await page.goto(`${site.url}/index.html#/stats`);
    await page.getByTestId('needs-server').getByText('Stats').first().waitFor(WAIT);
    await page.close();
    // Every view so far: play, deal, daily, results and stats.
    expect(site.requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('after one visit Chrome can install it, and it plays and hints with the network cut', async () => {
    // A profile of its own: Chrome installs no app from an incognito context, and this server stops.
    const profile = tempDir();
    const own = await serveStatic(SITE);
    const phone = await chromium.launchPersistentContext(profile.dir, { executablePath: chromiumPath(), args: ['--no-sandbox'], ...PHONE });
    try {
      const page = phone.pages()[0] ?? (await phone.newPage());
      await page.goto(`${own.url}/index.html#/play/${SHORT_WIN}`);
      await page.getByTestId('hint').and(page.locator(':enabled')).waitFor(WAIT);
      // Installed once every file is kept; then the service worker answers the page.
      // (As text: the tests are compiled without the DOM's types.)
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, WAIT);
      const cdp = await phone.newCDPSession(page);
      expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
      // The home-screen bitmaps: the manifest's PNGs and the iPhone's own, each at its size.
      const icons = (await page.evaluate(`(async () => {
        const size = async (src) => {
          const bitmap = await createImageBitmap(await (await fetch(src)).blob());
          return bitmap.width + 'x' + bitmap.height;
        };
        const manifest = await (await fetch('manifest.webmanifest')).json();
        const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
        return {
          manifest: await Promise.all(pngs.map(async (icon) => [icon.sizes, await size(icon.src)])),
          iphone: await size(document.querySelector('link[rel="apple-touch-icon"]').href),
        };
      })()`)) as { manifest: [string, string][]; iphone: string };
      expect(icons.manifest).toEqual([
        ['192x192', '192x192'],
        ['512x512', '512x512'],
      ]);
      expect(icons.iphone).toBe('180x180');

      await own.stop();
      await phone.setOffline(true);
      await page.reload();
      await page.locator('.pyramid [data-card]').first().waitFor(WAIT);
      expect(await page.locator('.pyramid [data-card]').count()).toBe(28);
      expect((await askHint(page)).length).toBeGreaterThan(0);
    } finally {
      await phone.close();
      await own.stop();
      profile.cleanup();
    }
  });
});
