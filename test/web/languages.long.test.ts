/**
 * The long check of the page's languages and accessibility, under `cardsolve serve` with a few
 * stored results: every view in every language, at 390 px with touch and at desktop size,
 * in its language and without a serious or critical axe-core finding (the counts of every
 * impact printed), and on the phone with tap targets of 44 px and no sideways scroll; and in
 * each language a Pyramide deal won from the deal by its hints.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, launchBrowser, type Server, startServer } from '../support/browser.js';
import { cardsolve } from '../support/cli.js';
import { missing } from '../support/programs.js';
import { tempDir } from '../support/tempDir.js';
import { askHint, expectLanguage, expectNoSidewaysScroll, expectTapTargets, LOCALES, WAIT, winByHints } from './languageChecks.js';

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, hasTouch: false, isMobile: false },
];

/** Each view, what shows once it is drawn, and what to do then. */
const VIEWS: [string, string, string?][] = [
  ['/', '.home'],
  ['/deal/PY1-N-AAAAAAA', '[data-testid="stepper"]'],
  ['/deal/DS1-D1N-AAAAAAB', '[data-testid="stepper"]'],
  ['/play/PY1-N-AAAAAAA', '[data-testid="hint"]:enabled', 'hint'],
  ['/play/DS1-D1N-AAAAAAB', '[data-testid="hint"]:enabled', 'hint'],
  ['/daily?game=pyramide&month=2026-12&day=2026-12-05', '[data-testid="day-deals"] [data-testid="daily-deal"]'],
  ['/rules/pyramide', '[data-testid="rules-view"]'],
  ['/rules/double', '[data-testid="rules-view"]'],
  ['/results', '[data-testid="result-row"]'],
  ['/stats?game=pyramide', '[data-testid="chart-minMoves"] rect.bar'],
];

describe.skipIf(missing('chromium'))('the page in every language, every view, both sizes', () => {
  let folder: { dir: string; cleanup: () => void };
  let server: Server;
  let browser: Browser;
  let launching: Promise<Browser> | undefined;

  beforeAll(async () => {
    folder = tempDir();
    const db = join(folder.dir, 'results.sqlite');
    launching = launchBrowser();
    launching.catch(() => undefined); // awaited below
    const batch = cardsolve(['batch', 'PY1-N-AAAAAAO..PY1-N-AAAAAAR', '--db', db, '--workers', '1']);
    expect(batch.status, batch.stderr).toBe(0);
    [server, browser] = await Promise.all([startServer(db), launching]);
  }, 60_000);

  afterAll(async () => {
    await (await launching?.catch(() => undefined))?.close();
    await server?.stop();
    folder?.cleanup();
  });

  for (const { locale, language } of LOCALES) {
    it(`${locale}: every view in the language, with no serious or critical axe-core finding`, async () => {
      const counts: string[] = [];
      for (const size of SIZES) {
        const context = await browser.newContext({ ...size, locale });
        const page = await context.newPage();
        for (const [path, shown, then] of VIEWS) {
          await page.goto(server.url + path);
          await page.locator(shown).first().waitFor(WAIT);
          if (then === 'hint') await askHint(page);
          const at = `${locale} ${size.name} ${path}`;
          await expectLanguage(page, language, at);
          if (size.hasTouch) {
            await expectTapTargets(page, at);
            await expectNoSidewaysScroll(page, at);
          }
          const found = await checkAccessibility(page);
          const grave = found.filter((f) => f.impact === 'serious' || f.impact === 'critical');
          expect(grave, `${at}: ${JSON.stringify(grave)}`).toEqual([]);
          counts.push(`${at}: ${found.map((f) => `${f.id} (${f.impact}) ×${f.nodes}`).join(', ') || 'none'}`);
        }
        await context.close();
      }
      console.log(`axe-core findings\n${counts.join('\n')}`);
    }, 240_000);

    it(`${locale}: a Pyramide deal won from the deal by taps on its hints`, async () => {
      const context = await browser.newContext({ ...SIZES[0]!, locale });
      const page = await context.newPage();
      await page.goto(`${server.url}/play/PY1-N-AAAAAAI`);
      await winByHints(page, 100);
      await expectLanguage(page, language, `${locale} won`);
      await context.close();
    }, 240_000);
  }
});
