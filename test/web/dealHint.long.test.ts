/**
 * The deal view and its hint panel tell one story: the hint of each position along the
 * solution is given the rest of it, so no move is said to need more moves than the line shown,
 * not even for the moment between the line showing and its rest reaching the hint.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Server, startServer } from '../support/browser.js';
import { missing } from '../support/programs.js';
import { tempDir } from '../support/tempDir.js';

const WAIT = { timeout: 30_000 };

/** The count of moves a winning move's figure tells (`231 moves left`). */
async function movesLeftOf(p: Page, selector: string): Promise<number> {
  const text = (await p.locator(`${selector} .figure`).textContent()) ?? '';
  const found = /^(\d+) moves left/.exec(text);
  if (!found) throw new Error(`no count of moves in "${text}"`);
  return Number(found[1]);
}

describe.skipIf(missing('chromium'))('the deal view and its hint', () => {
  let folder: { dir: string; cleanup: () => void };
  let server: Server;
  let browser: Browser;

  beforeAll(async () => {
    folder = tempDir();
    [server, browser] = await Promise.all([startServer(`${folder.dir}/none.sqlite`), launchBrowser()]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    folder?.cleanup();
  });

  it('a Double Solitaire solution: at each step shown, the next move of the line is judged by what is left of it', async () => {
    // The hint alone finds 318 moves from the start of this deal, its analysis a line of about 230.
    const p = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    for (const step of [0, 5]) {
      await p.goto(`${server.url}/deal/DS1-D3N-AAAAAAD?step=${step}`);
      await p.getByTestId('stepper').waitFor(WAIT);
      const total = Number(/\/ (\d+)/.exec((await p.getByTestId('step').textContent()) ?? '')![1]);
      const next = '[data-testid="legal-move"].next';
      await p.locator(`${next}[data-label="winning"]`).waitFor(WAIT);
      expect(await movesLeftOf(p, next)).toBeLessThanOrEqual(total - step - 1);
      // The best move needs no more moves than the line's next one.
      expect(await movesLeftOf(p, '[data-testid="legal-move"].best')).toBeLessThanOrEqual(await movesLeftOf(p, next));
    }
    await p.close();
  }, 90_000);
});
