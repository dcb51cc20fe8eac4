/**
 * Double Solitaire deals: dealing a code's cards (deal-codes.md), reading and writing the
 * deal-file layout (deal-files.md), the rules letters and the fingerprint.
 */
import { type CardStyle, formatCard, tryParseCard } from '../../cards/notation.js';
import { shortHash } from '../../codes/shortHash.js';
import { shuffledDeck } from '../../codes/shuffle.js';
import { InputError } from '../../errors/inputError.js';
import { COLUMNS, type DoubleDeal, type DoubleRules, STOCK_SIZE } from './engine.js';

const RULE_NAMES = ['D1N', 'D3N', 'D1V', 'D3V'] as const;

/** `D1N` / `D3N` / `D1V` / `D3V`, case-insensitive; throws with the choices otherwise. */
export function parseRules(text: string, what = '--rules'): DoubleRules {
  const t = text.trim().toUpperCase();
  const m = /^D([13])([NV])$/.exec(t);
  if (!m) {
    throw new InputError(
      `${what} "${text}" is not a Double Solitaire rule set: expected one of ${RULE_NAMES.join(', ')} ` +
        `(D1/D3: draw one or three; N: normal scoring with unlimited turn-overs, V: Vegas, one pass)`,
    );
  }
  return { draw: m[1] === '1' ? 1 : 3, vegas: m[2] === 'V' };
}

/** The DS1 generator (deal-codes.md): its sfc32 salt; two decks. */
export const DS1_SALT = 0x44533100;

/** The deal of a code's number: 9 columns dealt in rounds, then the 59-card stock, top first. */
export function dealFromNumber(number: number): DoubleDeal {
  const deck = shuffledDeck(DS1_SALT, 2, number).map((c) => c % 52);
  const columns: number[][] = Array.from({ length: COLUMNS }, () => []);
  let next = 0;
  for (let round = 0; round < COLUMNS; round++) {
    for (let c = round; c < COLUMNS; c++) columns[c]!.push(deck[next++]!);
  }
  return { columns, stock: deck.slice(next) };
}

/** The deal-file text (deal-files.md); `open` reads it back to the same deal. */
export function layoutText(deal: DoubleDeal, rules: DoubleRules, style: CardStyle = 'symbols', header: string[] = []): string {
  const lines = [...header.map((h) => `# ${h}`)];
  lines.push('game: double-solitaire');
  lines.push(`draw: ${rules.draw}`);
  lines.push(`redeal: ${rules.vegas ? 'none' : 'unlimited'}`);
  deal.columns.forEach((cards, i) => {
    lines.push(`column ${i + 1}: ${cards.map((c) => formatCard(c, style)).join(' ')}`);
  });
  lines.push(`stock: ${deal.stock.map((c) => formatCard(c, style)).join(' ')}`);
  return lines.join('\n') + '\n';
}

/** A stable identity of the cards and the rules (the same for a code and its layout). */
export function fingerprint(deal: DoubleDeal, rules: DoubleRules): string {
  const text = layoutText(deal, rules, 'en');
  return shortHash(text);
}

/** Whether a deal text says it is Double Solitaire (its `game:` line). */
export function isDoubleText(text: string): boolean {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = /^game\s*:\s*(.*)$/i.exec(line);
    if (m) return /^(double[- ]?solitaire|double)$/i.test(m[1]!.trim());
  }
  return false;
}

interface ParsedDealText {
  deal: DoubleDeal;
  /** The rules the file states (null parts when it does not say). */
  draw: 1 | 3 | null;
  vegas: boolean | null;
}

/**
 * Reads the Double Solitaire layout: `game:`, `draw:`, `redeal:`, `column 1:` ... `column 9:`
 * (bottom to top, column N holds N cards) and `stock:` (59 cards, top first). `#` starts a
 * comment. Every face must appear exactly twice over the 104 cards.
 */
export function parseDealText(text: string, source: string): ParsedDealText {
  const columns: (number[] | null)[] = Array.from({ length: COLUMNS }, () => null);
  let stock: number[] | null = null;
  let draw: 1 | 3 | null = null;
  let vegas: boolean | null = null;
  const seen = new Map<number, string[]>();
  const where = (n: number): string => `${source}, line ${n}`;

  const readCards = (body: string, lineNo: number, label: string): number[] => {
    const cards: number[] = [];
    for (const word of body.split(/[\s,]+/).filter((w) => w.length > 0)) {
      const c = tryParseCard(word);
      if (c === null) {
        throw new InputError(
          `${where(lineNo)} (${label}): "${word}" is not a card: expected a rank (A 2-10 J Q K, T for 10, ` +
            `or V D R) then a suit (S H D C or ♠ ♥ ♦ ♣), for example 10♣ or QH`,
        );
      }
      const places = seen.get(c) ?? [];
      places.push(`${label} (line ${lineNo})`);
      seen.set(c, places);
      if (places.length > 2) {
        throw new InputError(
          `${where(lineNo)} (${label}): ${formatCard(c)} appears a third time (already in ${places
            .slice(0, 2)
            .join(' and ')}): a Double Solitaire deal has every card exactly twice`,
        );
      }
      cards.push(c);
    }
    return cards;
  };

  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const m = /^([a-z]+(?:\s+\d+)?)\s*:\s*(.*)$/i.exec(line);
    if (!m) {
      throw new InputError(`${where(lineNo)}: "${line}" is not understood: expected "game:", "draw:", "redeal:", "column N:" or "stock:"`);
    }
    const key = m[1]!.toLowerCase().replace(/\s+/g, ' ');
    const body = m[2]!.trim();
    if (key === 'game') {
      if (!/^(double[- ]?solitaire|double)$/i.test(body)) {
        throw new InputError(`${where(lineNo)}: game "${body}" is not Double Solitaire: expected "game: double-solitaire"`);
      }
    } else if (key === 'draw') {
      if (body !== '1' && body !== '3') throw new InputError(`${where(lineNo)}: draw "${body}": expected 1 or 3`);
      draw = body === '1' ? 1 : 3;
    } else if (key === 'redeal') {
      const b = body.toLowerCase();
      if (b !== 'unlimited' && b !== 'none') {
        throw new InputError(`${where(lineNo)}: redeal "${body}": expected "unlimited" (normal scoring) or "none" (Vegas)`);
      }
      vegas = b === 'none';
    } else if (/^column \d+$/.test(key)) {
      const n = Number(key.slice(7));
      if (n < 1 || n > COLUMNS) throw new InputError(`${where(lineNo)}: there is no column ${n}: expected column 1 to column 9`);
      if (columns[n - 1] !== null) throw new InputError(`${where(lineNo)}: column ${n} is given twice`);
      const cards = readCards(body, lineNo, `column ${n}`);
      if (cards.length !== n) {
        throw new InputError(
          `${where(lineNo)}: column ${n} has ${cards.length} card${cards.length === 1 ? '' : 's'}, expected ${n} (column N holds N cards, bottom to top)`,
        );
      }
      columns[n - 1] = cards;
    } else if (key === 'stock') {
      if (stock !== null) throw new InputError(`${where(lineNo)}: the stock is given twice`);
      const cards = readCards(body, lineNo, 'stock');
      if (cards.length !== STOCK_SIZE) {
        throw new InputError(`${where(lineNo)}: the stock has ${cards.length} cards, expected ${STOCK_SIZE} (top first)`);
      }
      stock = cards;
    } else {
      throw new InputError(
        `${where(lineNo)}: "${m[1]}" is not a Double Solitaire line: expected "game:", "draw:", "redeal:", "column N:" or "stock:"`,
      );
    }
  });
  const missing = columns.indexOf(null);
  if (missing >= 0) throw new InputError(`${source}: column ${missing + 1} is missing: expected column 1 to column 9`);
  if (stock === null) throw new InputError(`${source}: the stock is missing: expected a "stock:" line with ${STOCK_SIZE} cards, top first`);
  // 45 + 59 = 104 cards, none more than twice: so every card is there exactly twice.
  return { deal: { columns: columns as number[][], stock }, draw, vegas };
}

export function rulesFromParsed(parsed: ParsedDealText, override: string | undefined): DoubleRules {
  if (override !== undefined) return parseRules(override);
  return { draw: parsed.draw ?? 1, vegas: parsed.vegas ?? false };
}
