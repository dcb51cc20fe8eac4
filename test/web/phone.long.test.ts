/**
 * The page on a phone, in a headless chromium with touch: every view fits 360 to 430 px without
 * sideways scrolling, the boards scale to the width with cards a finger can hit, the hint panel
 * sits below the board, and taps play: one selects a card, a second moves it.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Server, startServer } from '../support/browser.js';
import { cardsolve } from '../support/cli.js';
import { missing } from '../support/programs.js';
import { tempDir } from '../support/tempDir.js';

const WAIT = { timeout: 15_000 };
const WIDTHS = [360, 390, 430];
const HEIGHT = 844;

/** Each view and what shows once it is drawn in full. */
const VIEWS: [string, string][] = [
  ['/', '.home'],
  ['/deal/PY1-N-AAAAAAA', '[data-testid="stepper"]'],
  ['/deal/DS1-D1N-AAAAAAB', '[data-testid="stepper"]'],
  ['/play/PY1-N-AAAAAAA', '[data-testid="hint"]:enabled'],
  ['/play/DS1-D1N-AAAAAAB', '[data-testid="hint"]:enabled'],
  ['/daily?game=pyramide&month=2026-12&day=2026-12-05', '[data-testid="daily-deal"]'],
  ['/results', '[data-testid="result-row"]'],
  ['/stats?game=pyramide', '[data-testid="chart-minMoves"] rect.bar'],
];

describe.skipIf(missing('chromium'))('the page on a phone', () => {
  let folder: { dir: string; cleanup: () => void };
  let server: Server;
  let browser: Browser;
  let launching: Promise<Browser> | undefined;
  let phone: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    folder = tempDir();
    const db = join(folder.dir, 'results.sqlite');
    launching = launchBrowser();
    launching.catch(() => undefined); // awaited below
    // A few quick deals: the results table and the stats have rows to draw.
    const batch = cardsolve(['batch', 'PY1-N-AAAAAAO..PY1-N-AAAAAAR', '--db', db, '--workers', '1']);
    expect(batch.status, batch.stderr).toBe(0);
    [server, browser] = await Promise.all([startServer(db), launching]);
    phone = await browser.newContext({ viewport: { width: WIDTHS[0]!, height: HEIGHT }, hasTouch: true, isMobile: true });
    page = await phone.newPage();
  }, 60_000);

  afterAll(async () => {
    await (await launching?.catch(() => undefined))?.close();
    await server?.stop();
    folder?.cleanup();
  });

  // A phone's browser widens its layout to the page's content: a page too wide shows as innerWidth grown past the screen's.
  const widths = () =>
    page.locator('html').evaluate((html) => ({ scrollWidth: html.scrollWidth, innerWidth: html.ownerDocument.defaultView!.innerWidth }));

  it('fits every view at 360, 390 and 430 px: no sideways scroll, the whole board on the screen', async () => {
    for (const [path, shown] of VIEWS) {
      await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
      await page.goto(server.url + path);
      await page.locator(shown).first().waitFor(WAIT);
      // The layout is CSS alone: the same page measured at each width.
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        const at = `${path} at ${width} px`;
        const measured = await widths();
        expect(measured.innerWidth, at).toBe(width);
        expect(measured.scrollWidth, at).toBeLessThanOrEqual(width);
        if (path.startsWith('/deal') || path.startsWith('/play')) {
          const board = (await page.getByTestId('board').boundingBox())!;
          expect(board.x, at).toBeGreaterThanOrEqual(0);
          expect(board.x + board.width, at).toBeLessThanOrEqual(width);
        }
      }
    }
  });

  it('draws cards a finger can hit, and the hint panel below the board', async () => {
    await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
    await page.goto(`${server.url}/deal/DS1-D1N-AAAAAAB`);
    await page.getByTestId('hint-panel').waitFor(WAIT);
    const heights = await page
      .locator('[data-testid="foundation"], [data-testid="stock"], .column > .card:last-child')
      .evaluateAll((places) => places.map((p) => p.getBoundingClientRect().height));
    expect(heights).toHaveLength(8 + 1 + 9);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(40);
    const board = (await page.getByTestId('board').boundingBox())!;
    const panel = (await page.getByTestId('hint-panel').boundingBox())!;
    expect(panel.y).toBeGreaterThanOrEqual(board.y + board.height);
  });

  it('plays Pyramide by taps: a tap selects a card, a tap on its partner removes both', async () => {
    await page.setViewportSize({ width: 390, height: HEIGHT });
    await page.goto(`${server.url}/play/PY1-N-AAAAAAA`);
    // J♦ + 2♦, both on the pyramid's bottom row as dealt.
    await page.locator('.pyramid [data-card="J♦"]').tap();
    await page.locator('.pyramid .card.selected[data-card="J♦"]').waitFor(WAIT);
    expect(await page.getByTestId('counter').textContent()).toBe('0');
    await page.locator('.pyramid [data-card="2♦"]').tap();
    await page.getByTestId('counter').getByText('1').waitFor(WAIT);
    expect(await page.locator('.pyramid [data-card="J♦"], .pyramid [data-card="2♦"]').count()).toBe(0);
  });

  it('plays Double Solitaire by taps: a card, then the column it goes to', async () => {
    await page.setViewportSize({ width: 390, height: HEIGHT });
    await page.goto(`${server.url}/play/DS1-D1N-AAAAAAB`);
    // 9♦ c3-c2, one of the moves as dealt.
    await page.locator('.column [data-place="column 3"][data-card="9♦"]').tap();
    await page.locator('.card.selected[data-card="9♦"]').waitFor(WAIT);
    await page.locator('.column [data-place="column 2"][data-card]').last().tap();
    await page.getByTestId('counter').getByText('1').waitFor(WAIT);
    expect(await page.locator('.column[data-column="2"] [data-card="9♦"]').count()).toBe(1);
  });
});
