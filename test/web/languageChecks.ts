/**
 * What the language tests share: the catalogue read from the page's sources, the check that
 * a view speaks its language, and a Pyramide game won by taps on the page's own hints.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from '../support/cli.js';

type Message = string | Record<string, string>;

// The page's sources are not part of the build the other tests import: read from src/web itself.
const MESSAGES = {} as Record<'en' | 'hi' | 'th', Record<string, Message>>;
for (const language of ['en', 'hi', 'th'] as const)
  MESSAGES[language] = (await import(join(ROOT, 'src', 'web', 'i18n', `${language}.ts`)))[language];

export const WAIT = { timeout: 15_000 };

/** The three languages as a phone states them, and the page's name for each. */
export const LOCALES = [
  { locale: 'hi-IN', language: 'hi' },
  { locale: 'th-TH', language: 'th' },
  { locale: 'en', language: 'en' },
] as const;

export type Language = (typeof LOCALES)[number]['language'];

/** A plain text of the catalogue (a plural: its `other` form, `{names}` left in). */
export function text(language: Language, key: string): string {
  const message = MESSAGES[language][key]!;
  return typeof message === 'string' ? message : message.other!;
}

/** What may be in Latin letters in any language: deal codes, card faces, rule sets' codes (`app`, `D1N`), the program's name, file formats. */
const ANY_LANGUAGE = [
  /\b(?:PY|DS)\d-[A-Z0-9]+-[A-Z0-9]+\b/g,
  /(?:10|[2-9AJQK])[♠♥♦♣]/g,
  /\b(?:10|[2-9AJQK])\+(?:10|[2-9AJQK])\b/g,
  /\b(?:app|msc|D[13][NV])\b/g,
  /cardsolve|serve|--token|--db|JSON|CSV/g,
];

/** The words of a script: Latin for English, Devanagari for Hindi, Thai for Thai. */
const SCRIPTS: Record<Language, RegExp> = { en: /[A-Za-z]{2,}/, hi: /[\u0900-\u097F]/, th: /[\u0E00-\u0E7F]/ };

/**
 * The view's text (the language picker left out: it names every language in its own) is in
 * `language`: its script is there, and no other language's words are.
 */
export async function expectLanguage(page: Page, language: Language, at: string): Promise<void> {
  // Run in the page (the tests' TypeScript has no DOM types): the text nodes of a copy, one
  // apart from the next, with the picker and what is hidden taken out first.
  const shown = (await page.evaluate(`(() => {
    const body = document.body.cloneNode(true);
    for (const gone of body.querySelectorAll('select.language, [hidden], script, style, details:not([open]) > :not(summary)')) gone.remove();
    const words = [];
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) words.push(walker.currentNode.nodeValue);
    return words.join(' ');
  })()`)) as string;
  expect(await page.locator('html').getAttribute('lang'), at).toBe(language);
  let rest = shown;
  for (const allowed of ANY_LANGUAGE) rest = rest.replace(allowed, ' ');
  expect(rest, at).toMatch(SCRIPTS[language]);
  for (const [other, script] of Object.entries(SCRIPTS)) {
    if (other === language) continue;
    const found = script.exec(rest);
    expect(found === null ? null : rest.slice(Math.max(0, found.index - 30), found.index + 30), `${at}: ${other} words`).toBeNull();
  }
}

/** Whether the page is wider than the screen (a phone widens its layout to the page's content). */
export async function expectNoSidewaysScroll(page: Page, at: string): Promise<void> {
  const { scrollWidth, innerWidth } = (await page.evaluate('({ scrollWidth: document.documentElement.scrollWidth, innerWidth })')) as {
    scrollWidth: number;
    innerWidth: number;
  };
  expect(scrollWidth, at).toBeLessThanOrEqual(innerWidth);
}

/** The hint asked by its button, and the cards of the best move it lights up (none: a stock move). */
export async function askHint(page: Page): Promise<string[]> {
  await page.getByTestId('hint').and(page.locator(':enabled')).click();
  await page.locator('[data-testid="legal-move"].best').waitFor(WAIT);
  return page.locator('.board .card.hint').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card') ?? ''));
}

/** Taps the hinted move until the game is won (at most `rounds` moves). */
export async function winByHints(page: Page, rounds: number): Promise<void> {
  const won = page.locator('[data-testid="status"][data-status="won"]');
  for (let move = 0; move < rounds && (await won.count()) === 0; move++) {
    const before = page.url();
    const cards = await askHint(page);
    if (cards.length === 0) {
      const draw = page.getByTestId('draw');
      await ((await draw.count()) > 0 ? draw : page.getByTestId('stock')).tap();
    } else {
      for (const card of cards) await page.locator(`.board [data-card="${card}"]`).tap();
    }
    await page.waitForURL((url) => url.href !== before, WAIT);
    // The new position drawn (its link to the deal view carries the URL's moves), then judged or won.
    const moves = page.url().split('?').at(-1)!;
    await page.locator(`[data-testid="show-line"][href$="?${moves}"]`).waitFor(WAIT);
    await page.locator('[data-testid="hint"]:enabled, [data-testid="status"][data-status="won"]').first().waitFor(WAIT);
  }
  await won.waitFor(WAIT);
}

/** Every button, link and field a finger taps is at least 44 × 44 px, every card at least 24 px wide (a phone's view). */
export async function expectTapTargets(page: Page, at: string): Promise<void> {
  const small = (await page.evaluate(`(() => {
    const targets = document.querySelectorAll(
      'button:not(.card):not(.slot), a[href], select, input:not([type=checkbox]), summary, label.fair-switch',
    );
    const out = [];
    for (const target of targets) {
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width < 44 || box.height < 44) out.push(target.outerHTML.slice(0, 80) + ' ' + Math.round(box.width) + 'x' + Math.round(box.height));
    }
    for (const card of document.querySelectorAll('.card')) {
      const box = card.getBoundingClientRect();
      if (box.width < 24) out.push(card.outerHTML.slice(0, 80) + ' ' + Math.round(box.width) + ' wide');
    }
    return out;
  })()`)) as string[];
  expect(small, `${at}: ${small.join('; ')}`).toEqual([]);
}
