/**
 * The page's message catalogue: every text in every language, with the same `{names}` and
 * plural forms as the English; no English left in Hindi or Thai (deal codes, card faces and
 * program names apart); and no text the page never shows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

type Message = string | Record<string, string>;

// The page's sources are not part of the build the other tests import: read from src/web itself.
const WEB = join(ROOT, 'src', 'web');
const MESSAGES: Record<string, Record<string, Message>> = {};
for (const language of ['en', 'hi', 'th']) MESSAGES[language] = (await import(join(WEB, 'i18n', `${language}.ts`)))[language];
const en = MESSAGES.en!;

function texts(message: Message): string[] {
  return typeof message === 'string' ? [message] : Object.values(message);
}

function names(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

/** What may stay in Latin letters: deal codes, card faces (`A+Q`), the program, its options and the file formats. */
const ALLOWED = [/\b(?:PY|DS)\d-[A-Z0-9]+-[A-Z]+\b/g, /\b(?:10|[2-9AJQK])\+(?:10|[2-9AJQK])\b/g, /cardsolve|serve|--token|--db|JSON|CSV/g];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the message catalogue', () => {
  it('has every text in every language, with the same names to fill and the plural forms each language needs', () => {
    for (const [language, messages] of Object.entries(MESSAGES)) {
      expect(Object.keys(messages).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, message] of Object.entries(messages)) {
        const english = en[key]!;
        for (const text of texts(message)) {
          expect(text.trim(), `${language}.${key}`).not.toBe('');
          // Every name the English fills in, each language fills in too (a plural's forms: the same names).
          expect(names(text), `${language}.${key}`).toEqual(names(texts(english).at(-1)!));
        }
        if (typeof message !== 'string') {
          const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
          for (const form of forms) expect(message[form], `${language}.${key}: the form ${form}`).toBeDefined();
        }
      }
    }
  });

  it('leaves no English in Hindi or Thai', () => {
    for (const language of ['hi', 'th']) {
      for (const [key, message] of Object.entries(MESSAGES[language]!)) {
        for (const text of texts(message)) {
          let rest = text.replace(/\{\w+\}/g, '');
          for (const allowed of ALLOWED) rest = rest.replace(allowed, '');
          expect(rest, `${language}.${key}: ${text}`).not.toMatch(/[A-Za-z]/);
        }
      }
    }
  });

  it('has no text the page never uses', () => {
    const catalogue = new Set(['en.ts', 'hi.ts', 'th.ts'].map((name) => join(WEB, 'i18n', name)));
    const code = sourcesUnder(WEB)
      .filter((path) => !catalogue.has(path))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    // A key is used where it is written as a string: in code ('key') or a JSX attribute ("key").
    const unused = Object.keys(en).filter((key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
