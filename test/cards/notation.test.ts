import { describe, expect, it } from 'vitest';
import { makeCard, rankOf, suitOf } from '../../src/cards/card.js';
import { formatCard, parseCard, parseCardStyle, tryParseCard } from '../../src/cards/notation.js';
import { InputError } from '../../src/errors/inputError.js';

describe('card notation', () => {
  it('numbers cards in the generator deck order', () => {
    expect(parseCard('A♠')).toBe(0);
    expect(parseCard('K♠')).toBe(12);
    expect(parseCard('A♥')).toBe(13);
    expect(parseCard('K♣')).toBe(51);
    expect(rankOf(parseCard('10♦'))).toBe(10);
    expect(suitOf(parseCard('10♦'))).toBe(2);
  });

  it('reads symbols, letters, T for ten and the French letters', () => {
    const tenClubs = makeCard(10, 3);
    for (const t of ['10♣', '10C', '10c', 'TC', 't♣', ' 10♣ ', '10♣\uFE0F']) expect(parseCard(t)).toBe(tenClubs);
    expect(parseCard('DC')).toBe(makeCard(12, 3)); // dame de trèfle
    expect(parseCard('D♣')).toBe(makeCard(12, 3));
    expect(parseCard('RD')).toBe(makeCard(13, 2)); // roi de carreau
    expect(parseCard('V♠')).toBe(makeCard(11, 0)); // valet de pique
    expect(parseCard('10D')).toBe(makeCard(10, 2));
    expect(parseCard('QH')).toBe(makeCard(12, 1));
  });

  it('writes symbols, English letters or French letters', () => {
    const qc = parseCard('QC');
    expect(formatCard(qc)).toBe('Q♣');
    expect(formatCard(qc, 'en')).toBe('QC');
    expect(formatCard(qc, 'fr')).toBe('D♣');
    expect(formatCard(parseCard('KD'), 'fr')).toBe('R♦');
    expect(formatCard(parseCard('JS'), 'fr')).toBe('V♠');
    expect(formatCard(parseCard('TC'))).toBe('10♣');
  });

  it('round-trips every card in every style', () => {
    for (let c = 0; c < 52; c++) {
      for (const style of ['symbols', 'en', 'fr'] as const) expect(parseCard(formatCard(c, style))).toBe(c);
    }
  });

  it('refuses what is not a card, saying what is expected', () => {
    for (const t of ['', 'X', '11♣', '1', 'ZZ', '10', '♣', 'K♣♣']) expect(tryParseCard(t)).toBeNull();
    expect(() => parseCard('11♣')).toThrow(InputError);
    expect(() => parseCard('11♣')).toThrow(/"11♣" is not a card: expected a rank/);
    expect(() => parseCardStyle('german')).toThrow(/symbols, en, fr/);
  });
});
