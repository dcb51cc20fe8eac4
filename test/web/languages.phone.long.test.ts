/**
 * The page in Hindi and Thai on a phone (390 × 844, touch), the language taken from
 * the browser's: a Pyramide game won by taps on the hints, a Double Solitaire hint, the deal
 * of the day and the rules, each view in its language, none scrolling sideways, none with a
 * serious or critical axe-core finding; and a change of language keeps the game in progress.
 * On the static site: the page's own workers answer, no server to start. (English here only
 * as the language switched from; every view in all three languages at both sizes, and whole
 * games from the deal, are in languages.long.test.ts.)
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, openDeal } from '../../src/core.js';
import { moveText } from '../../src/games/hint.js';
import { checkAccessibility, launchBrowser, screenshotPath } from '../support/browser.js';
import { ROOT } from '../support/cli.js';
import { missing } from '../support/programs.js';
import { type StaticServer, serveStatic } from '../support/staticServer.js';
import { askHint, expectLanguage, expectNoSidewaysScroll, expectTapTargets, LOCALES, text, WAIT, winByHints } from './languageChecks.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const PYRAMIDE = 'PY1-N-AAAAAAA';
/** The moves left to tap: the rest of the solution comes typed in the URL. */
const TAPPED = 3;

describe.skipIf(missing('chromium'))('the page in Hindi, Thai and English', () => {
  let site: StaticServer;
  let browser: Browser;
  let launching: Promise<Browser> | undefined;
  let typed: string;

  beforeAll(async () => {
    launching = launchBrowser();
    launching.catch(() => undefined); // awaited below
    const solution = openDeal(PYRAMIDE).analyse(DEFAULT_LIMITS).solution!;
    typed = solution
      .slice(0, -TAPPED)
      .map((m) => moveText('pyramide', m))
      .join('; ');
    [site, browser] = await Promise.all([serveStatic(join(ROOT, 'dist', 'site')), launching]);
  }, 60_000);

  afterAll(async () => {
    await (await launching?.catch(() => undefined))?.close();
    await site?.stop();
  });

  /** No serious or critical finding of axe-core on the view as it stands. */
  const accessible = async (page: Parameters<typeof checkAccessibility>[0], at: string) => {
    const found = await checkAccessibility(page);
    const grave = found.filter((f) => f.impact === 'serious' || f.impact === 'critical');
    expect(grave, `${at}: ${JSON.stringify(grave)}`).toEqual([]);
  };

  // English on every view is the other long check's (languages.long.test.ts), and the other page tests'.
  for (const { locale, language } of LOCALES.filter((l) => l.language !== 'en')) {
    it(`${locale}: wins a Pyramide deal by its hints, hints Double Solitaire, shows the deal of the day and the rules`, async () => {
      const context = await browser.newContext({ ...PHONE, locale });
      const page = await context.newPage();
      const view = (path: string) => page.goto(`${site.url}/index.html#${path}`);

      // For the README (when asked): the deal as dealt, its hint shown.
      const shot = screenshotPath(`phone-play-${language}.png`);
      if (shot) {
        await view(`/play/${PYRAMIDE}`);
        await askHint(page);
        await page.screenshot({ path: shot });
      }
      await view(`/play/${PYRAMIDE}?${new URLSearchParams({ moves: typed })}`);
      await page.locator('[data-testid="hint"]:enabled').waitFor(WAIT);
      expect(await page.getByTestId('hint').textContent()).toBe(text(language, 'hintButton'));
      await askHint(page);
      await expectLanguage(page, language, `${locale} play`);
      await expectNoSidewaysScroll(page, `${locale} play`);
      await expectTapTargets(page, `${locale} play`);
      await accessible(page, `${locale} play`);
      await winByHints(page, TAPPED + 2);
      expect(await page.getByTestId('status').textContent()).toBe(text(language, 'statusWon'));

      await view('/play/DS1-D1N-AAAAAAB');
      await askHint(page);
      await page.getByTestId('hint-text').waitFor(WAIT);
      await expectLanguage(page, language, `${locale} Double Solitaire`);
      await expectNoSidewaysScroll(page, `${locale} Double Solitaire`);

      const today = new Date().toISOString().slice(0, 10);
      await view('/daily');
      await page.locator(`[data-testid="today"][data-date="${today}"] [data-testid="daily-deal"]`).first().waitFor(WAIT);
      // Another day of the month tapped: its tiers show below the calendar.
      const other = `${today.slice(0, 8)}${today.endsWith('-01') ? '02' : '01'}`;
      await page.locator(`[data-testid="day"][data-date="${other}"]`).tap();
      await page.locator(`[data-testid="day-deals"][data-date="${other}"] [data-testid="daily-deal"]`).first().waitFor(WAIT);
      const dailyShot = screenshotPath(`phone-daily-${language}.png`);
      if (dailyShot) await page.screenshot({ path: dailyShot });
      await expectLanguage(page, language, `${locale} daily`);
      await expectNoSidewaysScroll(page, `${locale} daily`);
      await expectTapTargets(page, `${locale} daily`);
      await accessible(page, `${locale} daily`);

      await page.getByTestId('nav-rules').tap();
      await page.getByTestId('rules-view').waitFor(WAIT);
      const rulesShot = screenshotPath(`phone-rules-${language}.png`);
      if (rulesShot) await page.screenshot({ path: rulesShot });
      await expectLanguage(page, language, `${locale} rules`);
      await expectNoSidewaysScroll(page, `${locale} rules`);
      await expectTapTargets(page, `${locale} rules`);
      await accessible(page, `${locale} rules`);
      await context.close();
    });
  }

  it('plays from the keyboard, and keeps the game in progress and the choice when the language changes', async () => {
    const context = await browser.newContext({ ...PHONE, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${site.url}/index.html#/play/${PYRAMIDE}`);
    // Played from the keyboard: each card a button, Enter picks it.
    await page.locator('.pyramid [data-card="J♦"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('.pyramid [data-card="2♦"]').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('counter').getByText('1').waitFor(WAIT);
    const url = page.url();
    await page.getByTestId('language').selectOption('th');
    await page.getByTestId('hint').getByText(text('th', 'hintButton')).waitFor(WAIT);
    expect(page.url()).toBe(url);
    expect(await page.getByTestId('counter').textContent()).toBe('1');
    expect(await page.locator('html').getAttribute('lang')).toBe('th');
    // Kept: a new page in the same browser speaks Thai, whatever the browser's language.
    await page.reload();
    await page.getByTestId('hint').getByText(text('th', 'hintButton')).waitFor(WAIT);
    expect(await page.getByTestId('counter').textContent()).toBe('1');
    // A refused move (typed in the URL) in Thai, worded from its code: K♠ is still covered.
    await page.goto(`${site.url}/index.html#/play/${PYRAMIDE}?moves=K%E2%99%A0`);
    const refused = page.locator('[data-testid="refused"][data-reason="covered"]');
    await refused.waitFor(WAIT);
    expect(await refused.textContent()).toContain(text('th', 'refusalCovered'));
    await context.close();
  });
});
