import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/inputError.js';
import { doubleGame } from '../../../src/games/double/index.js';
import { openDeal } from '../../../src/games/registry.js';

const CODE = 'DS1-D1N-AAAAAAB';

function layoutOf(code: string, style: 'symbols' | 'en' | 'fr' = 'symbols'): string {
  return doubleGame.open({ kind: 'code', code }, {}).show(style, true);
}

function openText(text: string, rules?: string) {
  return doubleGame.open({ kind: 'text', text, source: 'deal.txt' }, rules === undefined ? {} : { rules });
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('Double Solitaire deal files', () => {
  it('round trip: the layout reads back to the same deal and fingerprint', () => {
    for (const code of [CODE, 'DS1-D3V-AAAAAAC', 'DS1-D1V-ZZZZZZZ']) {
      const deal = doubleGame.open({ kind: 'code', code }, {});
      for (const style of ['symbols', 'en', 'fr'] as const) {
        const back = openText(deal.show(style, true));
        expect(back.fingerprint).toBe(deal.fingerprint);
        expect(back.rules).toBe(deal.rules);
        expect(back.code).toBeNull();
        expect(back.show('symbols', true).split('\n').slice(1)).toEqual(deal.show('symbols', true).split('\n').slice(1));
      }
    }
  });

  it('keeps the fingerprints it has stored: the same deal and rules, the same 16 hex digits', () => {
    expect(doubleGame.open({ kind: 'code', code: 'DS1-D1V-AAAAAAA' }, {}).fingerprint).toBe('58fcb7c6ea531dd9');
  });

  it('recognises its deal files', () => {
    expect(doubleGame.recognises(layoutOf(CODE))).toBe(true);
    expect(doubleGame.recognises('# x\ngame: double\n')).toBe(true);
    expect(doubleGame.recognises('game: pyramide\nrow 1: J♦\n')).toBe(false);
    expect(doubleGame.recognises('9♦ A♠ 6♣')).toBe(false);
  });

  it('reads comments, letters, French ranks and rules from the file; --rules overrides', () => {
    const text = layoutOf(CODE, 'en').replace('draw: 1', 'draw: 3  # hard').replace('redeal: unlimited', 'redeal: none');
    expect(openText(`# a comment\n${text}`).rules).toBe('D3V');
    expect(openText(text, 'd1n').rules).toBe('D1N');
    expect(openText(text, 'D1N').fingerprint).toBe(doubleGame.open({ kind: 'code', code: CODE }, {}).fingerprint);
    const noRules = text.replace(/draw: 3.*\n/, '').replace('redeal: none\n', '');
    expect(openText(noRules).rules).toBe('D1N');
    // French ranks (D = dame, R = roi, V = valet) and T for 10.
    const french = layoutOf(CODE, 'fr');
    expect(french).toContain('column 2: D♥ 10♠');
    expect(openText(french.replace('10♠', 'T♠')).fingerprint).toBe(openText(french).fingerprint);
  });

  it('a code with --rules takes the rules of the flag', () => {
    const deal = doubleGame.open({ kind: 'code', code: CODE }, { rules: 'D3V' });
    expect(deal.rules).toBe('D3V');
    expect(deal.code).toBe('DS1-D3V-AAAAAAB');
  });

  it('refuses Pyramide options and unknown rule sets', () => {
    // The registry refuses another game's options before the game sees them.
    expect(refusal(() => openDeal({ kind: 'code', code: CODE }, { passes: '2' }))).toMatch(/--passes is a Pyramide option/);
    expect(refusal(() => openDeal({ kind: 'code', code: CODE }, { strictWin: true, pairBeneath: true }))).toMatch(
      /--strict-win, --pair-beneath are Pyramide options: Double Solitaire rules are chosen with --rules D1N, D3N, D1V or D3V/,
    );
    expect(refusal(() => openDeal({ kind: 'code', code: 'DS1-D2N-AAAAAAB' }, {}))).toMatch(/unknown options "D2N"/);
    expect(refusal(() => doubleGame.open({ kind: 'code', code: CODE }, { rules: 'app' }))).toMatch(/expected one of D1N, D3N, D1V, D3V/);
    expect(refusal(() => doubleGame.open({ kind: 'code', code: 'PY1-N-AAAAAAB' }, {}))).toMatch(/not a Double Solitaire code/);
  });

  it('refuses bad deals, naming the line, the card and what was expected', () => {
    const good = layoutOf(CODE);
    const lines = good.split('\n');
    const col2 = lines.findIndex((l) => l.startsWith('column 2:'));
    const lineNo = col2 + 1;

    // A card that is not a card.
    const notCard = good.replace('column 2: Q♥ 10♠', 'column 2: Q♥ 11♠');
    expect(refusal(() => openText(notCard))).toMatch(new RegExp(`deal.txt, line ${lineNo} \\(column 2\\): "11♠" is not a card`));

    // A card three times.
    const third = good.replace('column 2: Q♥ 10♠', 'column 2: Q♥ 6♥').replace('column 3: ', 'column 3: ');
    const withThree = third.replace(/column 4: (\S+) /, 'column 4: 6♥ ');
    const msg = refusal(() => openText(withThree));
    expect(msg).toMatch(/6♥ appears a third time/);
    expect(msg).toMatch(/every card exactly twice/);

    // A column of the wrong length.
    expect(refusal(() => openText(good.replace('column 2: Q♥ 10♠', 'column 2: Q♥')))).toMatch(
      new RegExp(`line ${lineNo}: column 2 has 1 card, expected 2`),
    );

    // A stock of the wrong length (a wrong count of cards overall).
    const stockLine = lines.find((l) => l.startsWith('stock:'))!;
    const shorter = good.replace(stockLine, stockLine.replace(/ \S+$/, ''));
    expect(refusal(() => openText(shorter))).toMatch(/the stock has 58 cards, expected 59/);

    // Missing parts, wrong game, unknown lines, bad rules.
    expect(refusal(() => openText(good.replace(/column 9:.*\n/, '')))).toMatch(/column 9 is missing/);
    expect(refusal(() => openText(good.replace(stockLine + '\n', '')))).toMatch(/the stock is missing/);
    expect(refusal(() => openText(good.replace('game: double-solitaire', 'game: pyramide')))).toMatch(/not Double Solitaire/);
    expect(refusal(() => openText(good + 'row 1: J♦\n'))).toMatch(/"row 1" is not a Double Solitaire line/);
    expect(refusal(() => openText(good.replace('draw: 1', 'draw: 2')))).toMatch(/draw "2": expected 1 or 3/);
    expect(refusal(() => openText(good.replace('redeal: unlimited', 'redeal: twice')))).toMatch(/expected "unlimited"/);
    expect(refusal(() => openText(good + 'column 10: K♠\n'))).toMatch(/there is no column 10/);
  });
});
