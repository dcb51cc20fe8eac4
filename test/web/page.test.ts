/**
 * The page `cardsolve serve` shows, in a headless chromium against the real server: the deal
 * view steps a line to the win, play hints and flags a losing move, the results table filters,
 * opens a deal and downloads what `cardsolve export` prints.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePageBuilt, launchBrowser, type Server, screenshotPath, startServer } from '../support/browser.js';
import { cardsolve } from '../support/cli.js';
import { missing } from '../support/programs.js';
import { tempDir } from '../support/tempDir.js';

const WAIT = { timeout: 15_000 };

describe.skipIf(missing('chromium'))('the page of cardsolve serve', () => {
  let folder: { dir: string; cleanup: () => void };
  let db: string;
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ensurePageBuilt();
    folder = tempDir();
    db = join(folder.dir, 'results.sqlite');
    const batch = cardsolve(['batch', 'PY1-N-AAAAAAA..PY1-N-AAAAABF', '--db', db]);
    expect(batch.status, batch.stderr).toBe(0);
    server = await startServer(db);
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    folder?.cleanup();
  });

  const open = async (path: string): Promise<Page> => {
    await page?.close();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    await page.goto(server.url + path);
    return page;
  };

  it('steps through a Pyramide solution to the win, with the buttons, the keys and the URL', async () => {
    const p = await open('/deal/PY1-N-AAAAAAA');
    const solve = JSON.parse(cardsolve(['solve', 'PY1-N-AAAAAAA', '--json']).stdout) as { minMoves: number };
    await p.getByTestId('step').getByText(`step 0 / ${solve.minMoves}`).waitFor(WAIT);
    expect(await p.locator('.pyramid [data-card]').count()).toBe(28);
    // The first move of the line is marked, and every legal move has its label.
    await p.locator('[data-testid="legal-move"][data-label="optimal"]').first().waitFor(WAIT);
    expect(await p.getByTestId('crossroad').count()).toBeGreaterThan(0);
    await p.getByTestId('next').click();
    await p.getByText(`step 1 / ${solve.minMoves}`).waitFor(WAIT);
    expect(await p.locator('.pyramid [data-card]').count()).toBe(26);
    await p.keyboard.press('ArrowRight');
    await p.getByText(`step 2 / ${solve.minMoves}`).waitFor(WAIT);
    await p.keyboard.press('ArrowLeft');
    await p.getByText(`step 1 / ${solve.minMoves}`).waitFor(WAIT);
    await p.getByTestId('last').click();
    await p.locator('[data-testid="status"][data-status="won"]').waitFor(WAIT);
    expect(await p.locator('.pyramid [data-card]').count()).toBe(0);
    expect(new URL(p.url()).searchParams.get('step')).toBe(String(solve.minMoves));
    // The URL alone brings the step back.
    await p.goto(`${server.url}/deal/PY1-N-AAAAAAA?step=20`);
    await p.getByText(`step 20 / ${solve.minMoves}`).waitFor(WAIT);
    await p.locator('[data-testid="legal-move"][data-label]:not([data-label=""])').first().waitFor(WAIT);
    const shot = screenshotPath('deal-view.png');
    if (shot) await p.screenshot({ path: shot, fullPage: true });
  });

  it('a hint in play lights up the best move on the board', async () => {
    const hint = JSON.parse(cardsolve(['hint', 'PY1-N-AAAAAAA', '--json']).stdout) as { best: { cards?: string[]; card?: string } };
    const best = hint.best.cards ?? [hint.best.card!];
    const p = await open('/play/PY1-N-AAAAAAA');
    await p.getByTestId('hint').and(p.locator(':enabled')).waitFor(WAIT);
    await p.getByTestId('hint').click();
    await p.locator('.card.hint').first().waitFor(WAIT);
    const lit = await p.locator('.card.hint').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
    expect(lit.sort()).toEqual([...best].sort());
  });

  it('flags at once a move that throws away a winnable game, with the most cards still removable', async () => {
    const hint = JSON.parse(cardsolve(['hint', 'PY1-N-AAAAAAA', '--json']).stdout) as {
      moves: { move: { cards?: string[] }; label: string; maxRemoved: number }[];
    };
    const losing = hint.moves.find((m) => m.label === 'losing' && m.move.cards)!;
    const p = await open('/play/PY1-N-AAAAAAA');
    await p.getByTestId('hint').and(p.locator(':enabled')).waitFor(WAIT);
    for (const card of losing.move.cards!) await p.locator(`.pyramid [data-card="${card}"]`).click();
    await p.getByTestId('warning').waitFor(WAIT);
    expect(await p.getByTestId('warning-most').textContent()).toBe(String(losing.maxRemoved));
    expect(await p.getByTestId('counter').textContent()).toBe('1');
    // Undo takes the move back, and the warning with it.
    await p.getByTestId('undo').click();
    await p.getByTestId('counter').getByText('0').waitFor(WAIT);
    expect(await p.getByTestId('warning').count()).toBe(0);
  });

  it('filters the results table, and a row opens its deal view', async () => {
    const exported = JSON.parse(
      cardsolve(['export', '--db', db, '--game', 'pyramide', '--verdict', 'unwinnable', '--format', 'json']).stdout,
    ) as {
      code: string;
    }[];
    const p = await open('/results');
    await p.getByTestId('result-row').first().waitFor(WAIT);
    await p.getByTestId('filter-verdict').selectOption('unwinnable');
    await p.locator(`[data-testid="total"][data-total="${exported.length}"]`).waitFor(WAIT);
    expect(new URL(p.url()).searchParams.get('verdict')).toBe('unwinnable');
    const verdicts = await p.locator('[data-testid="result-row"] td.verdict').allTextContents();
    expect(verdicts.length).toBe(exported.length);
    expect(new Set(verdicts)).toEqual(new Set(['unwinnable']));
    await p.getByTestId('sort-minMoves').click();
    await p.waitForURL(/sort=minMoves/, WAIT);
    const shot = screenshotPath('results.png');
    if (shot) await p.screenshot({ path: shot, fullPage: true });
    const row = p.getByTestId('result-row').first();
    const code = (await row.getAttribute('data-code'))!;
    expect(exported.map((r) => r.code)).toContain(code);
    await row.locator('td').nth(2).click();
    await p.locator(`[data-testid="deal-view"][data-code="${code}"]`).waitFor(WAIT);
    expect(new URL(p.url()).pathname).toBe(`/deal/${encodeURIComponent(code)}`);
    // A lost deal steps through its line to the most cards.
    await p.getByText('Line to the most cards').waitFor(WAIT);
    // Back returns to the filtered table.
    await p.goBack();
    await p.locator(`[data-testid="total"][data-total="${exported.length}"]`).waitFor(WAIT);
  });

  it('downloads the list byte for byte as cardsolve export prints it', async () => {
    const p = await open('/results?game=pyramide&verdict=winnable');
    await p.getByTestId('result-row').first().waitFor(WAIT);
    const [download] = await Promise.all([p.waitForEvent('download', WAIT), p.getByTestId('download-csv').click()]);
    const saved = join(folder.dir, 'download.csv');
    await download.saveAs(saved);
    const expected = cardsolve(['export', '--db', db, '--game', 'pyramide', '--verdict', 'winnable', '--format', 'csv']);
    expect(expected.status).toBe(0);
    expect(readFileSync(saved, 'utf8')).toBe(expected.stdout);
  });

  it('draws a Double Solitaire deal: nine columns, eight foundations, the stock', async () => {
    const p = await open('/deal/DS1-D1N-AAAAAAB');
    await p.locator('[data-game="double"]').waitFor(WAIT);
    expect(await p.getByTestId('column').count()).toBe(9);
    expect(await p.getByTestId('foundation').count()).toBe(8);
    // The deal as dealt: one face-up card per column, the rest face down.
    expect(await p.locator('.column [data-card]').count()).toBe(9);
    expect(await p.locator('.column [data-back]').count()).toBe(36);
    await p.getByTestId('stock').waitFor(WAIT);
  });
});
