import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCards, parseCard } from '../../../src/cards/notation.js';
import { InputError } from '../../../src/errors/inputError.js';
import { dealFromNumber, fingerprint, formatDealText, parseDealText, talonOf } from '../../../src/games/pyramide/deal.js';

const fixturePath = new URL('../../../data/examples/pyramide-app-example.txt', import.meta.url);
const fixture = readFileSync(fixturePath, 'utf8');

describe('Pyramide deals from codes', () => {
  it('lays out PY1-N-AAAAAAA as deal-codes.md gives it', () => {
    const deal = dealFromNumber(0);
    expect(formatCards(deal.pyramid.slice(0, 1))).toBe('9♦');
    expect(formatCards(deal.pyramid.slice(1, 3))).toBe('A♠ 6♣');
    expect(formatCards(deal.pyramid.slice(21, 28))).toBe('J♦ 2♦ 2♣ 2♥ 4♠ A♥ 2♠');
    expect(formatCards([deal.first!])).toBe('Q♦');
    expect(deal.stock).toHaveLength(23);
    expect(formatCards([deal.stock![0]!, deal.stock![22]!])).toBe('6♥ 9♥');
  });
});

describe('Pyramide deal files', () => {
  it('reads the app fixture, without its stock', () => {
    const deal = parseDealText(fixture, 'fixture');
    expect(formatCards(deal.pyramid.slice(0, 3))).toBe('J♦ 6♣ 7♥');
    expect(formatCards(deal.pyramid.slice(21))).toBe('7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠');
    expect(deal.first).toBe(parseCard('7♦'));
    expect(deal.stock).toBeNull();
    expect(talonOf(deal)).toBeNull();
  });

  it('reads the plain layout (as written and as dealers write it) as the full reader does, and leaves every mistake to it', () => {
    // A comment line sends a text to the full reader.
    const full = (text: string) => parseDealText(`# the full reader\n${text}`, 'deal');
    for (let n = 0; n < 60; n++) {
      for (const style of ['symbols', 'en', 'fr'] as const) {
        const text = formatDealText(dealFromNumber(n * 7919), false, style);
        for (const variant of [text, text.toLowerCase(), text.replace(/\n/g, '\r\n'), text.replace(/10/g, 'T')]) {
          expect(parseDealText(variant, 'deal')).toEqual(full(variant));
          expect(parseDealText(variant, 'deal')).toEqual(dealFromNumber(n * 7919));
        }
      }
    }
    const text = formatDealText(dealFromNumber(5), false, 'en');
    const twice = text.replace(/^row 1: \S+/m, `row 1: ${/^waste: (\S+)/m.exec(text)![1]}`);
    expect(() => parseDealText(twice, 'deal')).toThrow(/^deal, line 9: .+ appears twice \(also on line 2\)/);
    expect(() => parseDealText(text.replace(/^row 2: \S+ /m, 'row 2: '), 'deal')).toThrow('deal, line 3: row 2 has 1 cards, expected 2');
    expect(() => parseDealText(text.replace(/ \S+\n$/, '\n'), 'deal')).toThrow('deal, line 10: the stock has 22 cards, expected 23');
    expect(() => parseDealText(text.replace(/^row 4: \S+/m, 'row 4: 11S'), 'deal')).toThrow('deal, line 5: "11S" is not a card');
    // Without the stock: the full reader's deal, with no stock.
    expect(parseDealText(text.replace(/^stock: .*$/m, ''), 'deal').stock).toBeNull();
  });

  it('round-trips the layout, under both waste conventions', () => {
    for (let n = 0; n < 20; n++) {
      const deal = dealFromNumber(n);
      for (const wasteStartsEmpty of [false, true]) {
        for (const style of ['symbols', 'en', 'fr'] as const) {
          const text = formatDealText(deal, wasteStartsEmpty, style);
          expect(parseDealText(text, 'layout')).toEqual(deal);
        }
      }
    }
    const partial = parseDealText(fixture, 'fixture');
    expect(parseDealText(formatDealText(partial, false), 'again')).toEqual(partial);
  });

  it('reads the compact 52-card form, drawn as a pyramid or not', () => {
    const deal = dealFromNumber(7);
    const cards = [...deal.pyramid, ...talonOf(deal)!];
    const drawn = [1, 2, 3, 4, 5, 6, 7]
      .map((r) => ' '.repeat(14 - 2 * r) + formatCards(cards.slice((r * (r - 1)) / 2, (r * (r + 1)) / 2), 'en'))
      .join('\n');
    const text = `${drawn}\n${formatCards(cards.slice(28), 'en')}\n`;
    expect(parseDealText(text, 'compact')).toEqual(deal);
  });

  it('gives a deal without a code a fingerprint of its cards and rules', () => {
    const a = dealFromNumber(1);
    expect(fingerprint(a, 'app')).toMatch(/^[0-9a-f]{16}$/);
    // Stored in every database row: a value once given must never change.
    expect(fingerprint(dealFromNumber(0), 'app')).toBe('3f22e88cb585d649');
    expect(fingerprint(a, 'app')).toBe(fingerprint(parseDealText(formatDealText(a, false), 'x'), 'app'));
    expect(fingerprint(a, 'app')).not.toBe(fingerprint(a, 'msc'));
    expect(fingerprint(a, 'app')).not.toBe(fingerprint(dealFromNumber(2), 'app'));
  });

  const rows = fixture.split('\n').filter((l) => l.startsWith('row'));
  const base = ['game: pyramide', ...rows, 'waste: 7♦'];
  it.each([
    ['a card that is not a card', base.map((l) => l.replace('J♦', 'J★')), /line 2: "J★" is not a card/],
    ['a duplicated card', base.map((l) => l.replace('6♣ 7♥', '6♣ J♦')), /J♦ appears twice \(also on line 2\)/],
    ['a short row', base.map((l) => l.replace('6♣ 7♥', '6♣')), /row 2 has 1 cards, expected 2/],
    ['a missing row', base.filter((l) => !l.startsWith('row 4')), /row 4 is missing/],
    ['a row given twice', [...base, rows[0]!], /row 1 is given twice/],
    ['an unknown line', [...base, 'tableau: 7♦'], /unknown line "tableau:"/],
    ['another game', ['game: klondike', ...rows], /not a Pyramide deal/],
    ['a stock of the wrong size', [...base, 'stock: 2♠ 3♠'], /the stock has 2 cards, expected 23/],
    ['two waste cards', [...base.slice(0, -1), 'waste: 7♦ 8♦'], /one card, got 2/],
    ['cards outside a line', [...base, '9♠'], /cards outside a row/],
    ['too few cards in compact form', ['2♠ 3♠ 4♠'], /found 3 cards/],
  ])('refuses %s, naming the line and what is expected', (_what, lines, message) => {
    expect(() => parseDealText(lines.join('\n'), 'deal.txt')).toThrow(InputError);
    expect(() => parseDealText(lines.join('\n'), 'deal.txt')).toThrow(message);
  });
});
