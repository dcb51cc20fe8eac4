/**
 * The page `cardsolve serve` shows, in a headless chromium against the real server: the deal
 * view steps a line to the win, play hints and flags a losing move, the results table filters,
 * opens a deal and downloads what `cardsolve export` prints, the daily calendar and the stats
 * charts draw, and nothing leaves the machine.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Server, screenshotPath, startServer } from '../support/browser.js';
import { BIN, ROOT } from '../support/cli.js';
import { missing } from '../support/programs.js';
import { tempDir } from '../support/tempDir.js';

const WAIT = { timeout: 15_000 };
/** The example app's dealer (docs/dealers.md): the server deals its codes, the page solves them from the text. */
const DEALER = 'examples/dealers/acme.js';

/** `cardsolve ARGS` without blocking: the command lines the tests compare with run while the browser starts. */
function cardsolveLater(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`cardsolve ${args.join(' ')}: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

describe.skipIf(missing('chromium'))('the page of cardsolve serve', () => {
  let folder: { dir: string; cleanup: () => void };
  let db: string;
  let server: Server;
  let browser: Browser;
  let launching: Promise<Browser> | undefined;
  let page: Page;
  /** What the command line prints, asked once at the start. */
  let cli: Record<'solve' | 'hint' | 'daily' | 'stats' | 'unwinnable' | 'winnableCsv' | 'dealt', Promise<string>>;

  beforeAll(async () => {
    folder = tempDir();
    db = join(folder.dir, 'results.sqlite');
    // The browser starts and the command lines run while the batch fills the database.
    launching = launchBrowser();
    const launched = launching.then((b) => (browser = b));
    const later = {
      solve: cardsolveLater(['solve', 'PY1-N-AAAAAAA', '--json']),
      hint: cardsolveLater(['hint', 'PY1-N-AAAAAAA', '--json']),
      daily: cardsolveLater(['daily', '--tier', 'hard', '--date', '2026-12-05']),
      dealt: cardsolveLater(['solve', 'ACME-7', '--dealer', DEALER, '--json']),
    };
    for (const p of [launched, ...Object.values(later)]) p.catch(() => undefined); // awaited below or by the tests
    // Quick deals, a third of them unwinnable: the slow ones would only lengthen the set-up.
    await cardsolveLater(['batch', 'PY1-N-AAAAAAO..PY1-N-AAAAABF', '--db', db, '--workers', '1']);
    cli = {
      ...later,
      stats: cardsolveLater(['stats', '--db', db, '--json']),
      unwinnable: cardsolveLater(['export', '--db', db, '--game', 'pyramide', '--verdict', 'unwinnable', '--format', 'json']),
      winnableCsv: cardsolveLater(['export', '--db', db, '--game', 'pyramide', '--verdict', 'winnable', '--format', 'csv']),
    };
    for (const p of Object.values(cli)) p.catch(() => undefined);
    [server] = await Promise.all([startServer(db, ['--dealer', DEALER]), launched]);
  }, 60_000);

  afterAll(async () => {
    // The browser may still be starting when the set-up failed early.
    await (await launching?.catch(() => undefined))?.close();
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
    const solve = JSON.parse(await cli.solve) as { minMoves: number };
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
    if (shot) {
      await p.getByText('reading the line').waitFor({ state: 'detached', ...WAIT });
      await p.screenshot({ path: shot, fullPage: true });
    }
    // Steps replace the history entry; another view is a new one, and Back returns to the step.
    await p.getByTestId('next').click();
    await p.getByText(`step 21 / ${solve.minMoves}`).waitFor(WAIT);
    await p.getByTestId('play-from-here').click();
    await p.getByTestId('play-view').waitFor(WAIT);
    expect(new URL(p.url()).pathname).toBe('/play/PY1-N-AAAAAAA');
    await p.goBack();
    await p.getByText(`step 21 / ${solve.minMoves}`).waitFor(WAIT);
    expect(new URL(p.url()).searchParams.get('step')).toBe('21');
  });

  it("opens an app's code through the server's dealer, solving it in the page under that code", async () => {
    const solve = JSON.parse(await cli.dealt) as { code: string; minMoves: number };
    expect(solve.code).toBe('ACME-7');
    const p = await open('/deal/ACME-7');
    await p.getByTestId('step').getByText(`step 0 / ${solve.minMoves}`).waitFor(WAIT);
    expect(await p.locator('.pyramid [data-card]').count()).toBe(28);
    await p.getByText('ACME-7').first().waitFor(WAIT);
  });

  it('a hint in play lights up the best move on the board', async () => {
    const hint = JSON.parse(await cli.hint) as { best: { cards?: string[]; card?: string } };
    const best = hint.best.cards ?? [hint.best.card!];
    const p = await open('/play/PY1-N-AAAAAAA');
    await p.getByTestId('hint').and(p.locator(':enabled')).waitFor(WAIT);
    await p.getByTestId('hint').click();
    await p.locator('.card.hint').first().waitFor(WAIT);
    const lit = await p.locator('.card.hint').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
    expect(lit.sort()).toEqual([...best].sort());
    const shot = screenshotPath('play.png');
    if (shot) await p.screenshot({ path: shot, fullPage: true });
  });

  it('flags at once a move that throws away a winnable game, with the most cards still removable', async () => {
    const hint = JSON.parse(await cli.hint) as {
      moves: { move: { cards?: string[] }; label: string; maxRemoved: number }[];
    };
    const losing = hint.moves.find((m) => m.label === 'losing' && m.move.cards)!;
    const p = await open('/play/PY1-N-AAAAAAA');
    await p.getByTestId('hint').and(p.locator(':enabled')).waitFor(WAIT);
    for (const card of losing.move.cards!) await p.locator(`.pyramid [data-card="${card}"]`).click();
    await p.getByTestId('warning').waitFor(WAIT);
    expect(await p.getByTestId('warning-most').getAttribute('data-most')).toBe(String(losing.maxRemoved));
    expect(await p.getByTestId('counter').textContent()).toBe('1');
    // Undo takes the move back, and the warning with it.
    await p.getByTestId('undo').click();
    await p.getByTestId('counter').getByText('0').waitFor(WAIT);
    expect(await p.getByTestId('warning').count()).toBe(0);
  });

  it('the switch "Only what I can see" shows each move’s chance in percent, the best first, as the API’s fair hint gives it', async () => {
    const api = (await (await fetch(`${server.url}/api/v1/hint?deal=PY1-N-AAAAAAA&fair=true`)).json()) as {
      samples: number;
      moves: { chance: number | null }[];
    };
    const p = await open('/deal/PY1-N-AAAAAAA');
    await p.locator('[data-testid="legal-move"][data-label="optimal"]').first().waitFor(WAIT);
    const legal = await p.getByTestId('legal-move').count();
    await p.getByTestId('fair-switch').check();
    await p.getByTestId('fair-move').first().waitFor(WAIT);
    const chances = await p.getByTestId('chance').allTextContents();
    expect(chances).toEqual(api.moves.map((m) => `${Math.round(m.chance! * 1000) / 10}%`));
    // Every legal move has its chance.
    expect(chances).toHaveLength(legal);
    expect(await p.getByTestId('fair-head').textContent()).toContain(`${api.samples} sampled deals`);
    expect(await p.getByTestId('fair-assumption').textContent()).toMatch(/determinized sampling/);
    // Off again: the labels of the whole deal, as before.
    await p.getByTestId('fair-switch').uncheck();
    await p.locator('[data-testid="legal-move"][data-label="optimal"]').first().waitFor(WAIT);
    expect(await p.getByTestId('fair-move').count()).toBe(0);
  });

  it('filters the results table, and a row opens its deal view', async () => {
    const exported = JSON.parse(await cli.unwinnable) as { code: string; stuck: number }[];
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
    const row = p.getByTestId('result-row').first();
    const code = (await row.getAttribute('data-code'))!;
    expect(exported.map((r) => r.code)).toContain(code);
    await row.locator('td').nth(2).click();
    await p.locator(`[data-testid="deal-view"][data-code="${code}"]`).waitFor(WAIT);
    expect(new URL(p.url()).pathname).toBe(`/deal/${encodeURIComponent(code)}`);
    // A lost deal steps through its line to the most cards, to its end.
    await p.getByText('Line to the most cards').waitFor(WAIT);
    const lost = exported.find((r) => r.code === code)!;
    const total = /step 0 \/ (\d+)/.exec((await p.getByTestId('step').textContent()) ?? '')?.[1];
    expect(Number(total)).toBeGreaterThan(0);
    await p.getByTestId('last').click();
    await p.getByText(`step ${total} / ${total}`).waitFor(WAIT);
    // At its end the most pyramid cards are gone.
    await p.locator('.pyramid').waitFor(WAIT);
    await expect.poll(() => p.locator('.pyramid [data-card]').count(), WAIT).toBe(28 - lost.stuck);
    expect(await p.getByTestId('error').count()).toBe(0);
    // Back returns to the filtered table.
    await p.goBack();
    await p.locator(`[data-testid="total"][data-total="${exported.length}"]`).waitFor(WAIT);
  });

  it('downloads the list byte for byte as cardsolve export prints it', async () => {
    const p = await open('/results?game=pyramide&verdict=winnable&sort=difficulty&order=desc');
    await p.getByTestId('result-row').first().waitFor(WAIT);
    const shot = screenshotPath('results.png');
    if (shot) await p.screenshot({ path: shot, fullPage: true });
    const [download] = await Promise.all([p.waitForEvent('download', WAIT), p.getByTestId('download-csv').click()]);
    const saved = join(folder.dir, 'download.csv');
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toBe(await cli.winnableCsv);
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

  it('plays Double Solitaire by a click on a card, then one on the column it goes to', async () => {
    const dealt = (await (await fetch(`${server.url}/api/v1/play?deal=DS1-D1N-AAAAAAB`)).json()) as {
      legalMoves: { move: { card?: string; from?: string; to?: string }; text: string }[];
    };
    const move = dealt.legalMoves.find((m) => m.move.from?.startsWith('column') && m.move.to?.startsWith('column'))!;
    const p = await open('/play/DS1-D1N-AAAAAAB');
    await p.locator(`.column [data-place="${move.move.from}"][data-card="${move.move.card}"]`).click();
    await p.locator('.card.selected').waitFor(WAIT);
    // The target column's top card stands for its column.
    await p.locator(`.column [data-place="${move.move.to}"][data-card]`).last().click();
    await p.getByTestId('counter').getByText('1').waitFor(WAIT);
    expect(new URL(p.url()).searchParams.get('moves')).toBe(move.text);
    expect(await p.locator(`.column[data-column="${move.move.to!.slice('column '.length)}"] [data-card="${move.move.card}"]`).count()).toBe(
      1,
    );
  });

  it('shows the deals of the day of a month, and a day opens its deal', async () => {
    const hard = (await cli.daily).trim();
    const p = await open('/daily?game=pyramide&month=2026-12');
    await p.locator('[data-testid="day"][data-date="2026-12-31"]').waitFor(WAIT);
    expect(await p.getByTestId('day').count()).toBe(31);
    // A day's tiers show once the day is chosen.
    await p.locator('[data-testid="day"][data-date="2026-12-05"]').click();
    const link = p.locator('[data-testid="day-deals"][data-date="2026-12-05"] [data-testid="daily-deal"][data-tier="hard"]');
    expect(await link.getAttribute('data-code')).toBe(hard);
    await link.click();
    await p.locator(`[data-testid="deal-view"][data-code="${hard}"]`).waitFor(WAIT);
    expect(new URL(p.url()).pathname).toBe(`/deal/${hard}`);
    await p.goBack();
    await p.locator('[data-testid="day"][data-date="2026-12-05"]').waitFor(WAIT);
    // Vegas Double Solitaire: pools smaller than a year, and the page says they repeat.
    await p.goto(`${server.url}/daily?game=double&rules=D1V&month=2026-12`);
    await p.getByTestId('daily-notes').waitFor(WAIT);
    expect(await p.getByTestId('daily-notes').textContent()).toMatch(
      /hard: the pool has \d+ deals: the deal of the day repeats every \d+ days/,
    );
    await p.locator('[data-testid="day"][data-date="2026-12-31"]').click();
    await p.locator('[data-testid="day-deals"][data-date="2026-12-31"]').waitFor(WAIT);
    expect(await p.locator('[data-testid="day-deals"][data-date="2026-12-31"] [data-testid="daily-deal"]').count()).toBe(4);
  });

  it('draws the winnable share and the three histograms of the stored results', async () => {
    const stats = JSON.parse(await cli.stats) as { groups: { winnable: number; unwinnable: number; tiers: Record<string, number> }[] };
    const group = stats.groups[0]!;
    const p = await open('/stats?game=pyramide');
    await p.getByTestId('winnable-interval').waitFor(WAIT);
    const sum = async (chart: string) =>
      (
        await p
          .locator(`[data-testid="chart-${chart}"] [data-testid="bar"]`)
          .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-count'))))
      ).reduce((a, b) => a + b, 0);
    // Every winnable deal has its fewest moves and a score; every unwinnable one its stuck figure.
    expect(await sum('minMoves')).toBe(group.winnable);
    expect(await sum('difficulty')).toBe(group.winnable - (group.tiers.unknown ?? 0));
    expect(await sum('stuck')).toBe(group.unwinnable);
    for (const chart of ['minMoves', 'stuck', 'difficulty']) {
      expect(await p.locator(`[data-testid="chart-${chart}"] rect.bar`).count()).toBeGreaterThan(0);
    }
    expect(await p.getByTestId('tier-bar').count()).toBe(Object.keys(group.tiers).length);
  });

  it('works with the network cut: no request leaves the machine, no error in the console', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const host = new URL(server.url).host;
    const outside: string[] = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.host === host) return route.continue();
      outside.push(url.href);
      return route.abort();
    });
    const p = await context.newPage();
    const errors: string[] = [];
    // A blocked script, style or request (the Content-Security-Policy) is an error in the console.
    p.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${p.url()}: ${message.text()}`);
    });
    p.on('pageerror', (error) => errors.push(`${p.url()}: ${error.message}`));
    const views: [string, string][] = [
      ['/deal/PY1-N-AAAAAAA?step=3', '[data-testid="legal-move"][data-label="optimal"]'],
      ['/play/PY1-N-AAAAAAA', '[data-testid="hint"]:enabled'],
      ['/results?verdict=winnable', '[data-testid="result-row"]'],
      ['/stats', '[data-testid="chart-difficulty"] rect.bar'],
      ['/daily?month=2026-12&day=2026-12-05', '[data-testid="daily-deal"]'],
    ];
    try {
      for (const [path, shown] of views) {
        await p.goto(server.url + path);
        await p.locator(shown).first().waitFor(WAIT);
      }
    } finally {
      await context.close();
    }
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });
});
