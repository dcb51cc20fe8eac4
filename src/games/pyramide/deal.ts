import { type Card, makeCard, type Suit } from '../../cards/card.js';
import { type CardStyle, formatCard, formatCards, tryParseCard } from '../../cards/notation.js';
import { shortHash } from '../../codes/shortHash.js';
import { shuffledDeck } from '../../codes/shuffle.js';
import { InputError } from '../../errors/inputError.js';
import { PYRAMID_SIZE, ROWS, rowStart, TALON_SIZE } from './layout.js';

/**
 * A Pyramide deal: the 28 pyramid cards row by row, then the other 24 cards in dealing
 * order (the "talon"). The 29th card is the first waste card under the app's rules and the
 * stock's top card under rules whose waste starts empty; either way the order is the same,
 * so one deal serves every rule set. A player may not know the stock order: `stock` is
 * then null and only what does not depend on it can be answered.
 */
export interface PyramideDeal {
  pyramid: Card[];
  /** The 29th card (first waste card in the app), or null when not given. */
  first: Card | null;
  /** The remaining cards, top (next drawn) first, or null when not known. */
  stock: Card[] | null;
}

/** The PY1 generator (deal-codes.md): its sfc32 salt and one deck. */
export const PY1_SALT = 0x50593100;

export function dealFromNumber(number: number): PyramideDeal {
  const cards = shuffledDeck(PY1_SALT, 1, number);
  return { pyramid: cards.slice(0, PYRAMID_SIZE), first: cards[PYRAMID_SIZE]!, stock: cards.slice(PYRAMID_SIZE + 1) };
}

/** The 24 non-pyramid cards in order, when the whole order is known. */
export function talonOf(deal: PyramideDeal): Card[] | null {
  if (deal.first === null || deal.stock === null) return null;
  return [deal.first, ...deal.stock];
}

/** The cards not in the pyramid, whatever their order (always known). */
export function talonCards(deal: PyramideDeal): Card[] {
  const inPyramid = new Set(deal.pyramid);
  const out: Card[] = [];
  for (let c = 0; c < 52; c++) if (!inPyramid.has(c)) out.push(c);
  return out;
}

/** Where in the text a card came from, for error messages. */
interface Token {
  card: Card;
  text: string;
  line: number;
}

function parseTokens(text: string, line: number, source: string): Token[] {
  return text
    .split(/[\s,]+/)
    .filter((t) => t !== '')
    .map((t) => {
      const card = tryParseCard(t);
      if (card === null) {
        throw new InputError(
          `${source}, line ${line}: "${t}" is not a card: expected a rank (A 2-10 J Q K, T, or V D R) then a suit (S H D C or ♠ ♥ ♦ ♣), for example 10♣ or D♦`,
        );
      }
      return { card, text: t, line };
    });
}

/**
 * Reads a Pyramide deal file (deal-files.md): the `row N:` / `waste:` / `stock:` layout, or
 * the compact form of 52 cards in deal order. Every refusal names the line, the card and
 * what was expected.
 */
export function parseDealText(text: string, source: string): PyramideDeal {
  return readPlainLayout(text) ?? readDealText(text, source);
}

/**
 * The layout as `formatDealText` and app dealers write it (`game: pyramide`, rows 1 to 7 in
 * order, one waste card, 23 stock cards, single spaces, plain card names), read character by
 * character: a batch of a dealer's codes reads one per deal, twice, and the full reader's
 * strings and arrays cost more than solving a deal. Null for anything else, even a mistake:
 * the full reader then reads it, with its messages.
 */
function readPlainLayout(text: string): PyramideDeal | null {
  const seen = new Uint8Array(52);
  const pyramid: Card[] = [];
  const talon: Card[] = [];
  let row = 0;
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const lineEnd = end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const line = at;
    at = end + 1;
    if (lineEnd === line || (lineEnd - line === GAME_LINE.length && text.startsWith(GAME_LINE, line))) continue;
    // The labels compared in place: `row N: `, `waste: `, `stock: `.
    if (row < ROWS && text.startsWith('row ', line) && text.charCodeAt(line + 4) === 49 + row && text.startsWith(': ', line + 5)) {
      if (plainCards(text, line + 7, lineEnd, seen, pyramid) !== row + 1) return null;
      row++;
    } else if (row === ROWS && talon.length === 0 && text.startsWith('waste: ', line)) {
      if (plainCards(text, line + 7, lineEnd, seen, talon) !== 1) return null;
    } else if (talon.length === 1 && text.startsWith('stock: ', line)) {
      if (plainCards(text, line + 7, lineEnd, seen, talon) !== TALON_SIZE - 1) return null;
    } else return null;
  }
  return talon.length === TALON_SIZE ? { pyramid, first: talon[0]!, stock: talon.slice(1) } : null;
}

const GAME_LINE = 'game: pyramide';

/** Appends the cards of `text` from `from` to `to`, separated by single spaces, each new to `seen`, to `out`: how many, or -1 at anything else. */
function plainCards(text: string, from: number, to: number, seen: Uint8Array, out: Card[]): number {
  let count = 0;
  for (let start = from; start < to; ) {
    let end = text.indexOf(' ', start);
    if (end < 0 || end > to) end = to;
    const card = plainCard(text, start, end);
    if (card < 0 || seen[card] === 1) return -1;
    seen[card] = 1;
    out.push(card);
    count++;
    start = end + 1;
  }
  return count;
}

/** A card written `10♣`, `TC`, `qd`, `R♦` between `start` and `end`, or -1. */
function plainCard(text: string, start: number, end: number): number {
  const length = end - start;
  if (length !== 2 && length !== 3) return -1;
  const suit = plainSuit(text.charCodeAt(end - 1));
  const rank = length === 3 ? (text.startsWith('10', start) ? 10 : 0) : plainRank(text.charCodeAt(start));
  return suit < 0 || rank === 0 ? -1 : makeCard(rank, suit as Suit);
}

/** Ranks by character code, upper case: A 2-9 T J Q K and the French V D R. */
const PLAIN_RANKS = codes('A23456789TJQK', 1, 'VDR', 11);
/** Suits by character code: S H D C and ♠ ♥ ♦ ♣. */
const PLAIN_SUITS = codes('SHDC', 0, '♠♥♦♣', 0);

/** Each character of `a` to its place from `from`, and of `b` from `fromB`. */
function codes(a: string, from: number, b: string, fromB: number): Map<number, number> {
  return new Map([
    ...[...a].map((c, i) => [c.charCodeAt(0), from + i] as const),
    ...[...b].map((c, i) => [c.charCodeAt(0), fromB + i] as const),
  ]);
}

/** Lower-case letters as upper case. */
function upper(code: number): number {
  return code >= 97 && code <= 122 ? code - 32 : code;
}

function plainRank(code: number): number {
  return PLAIN_RANKS.get(upper(code)) ?? 0;
}

function plainSuit(code: number): number {
  return PLAIN_SUITS.get(upper(code)) ?? -1;
}

function readDealText(text: string, source: string): PyramideDeal {
  const rows: (Token[] | undefined)[] = new Array(ROWS + 1);
  let waste: Token[] | undefined;
  let stock: Token[] | undefined;
  const loose: Token[] = [];
  let sawLabels = false;

  text.split(/\r?\n/).forEach((raw, index) => {
    const lineNo = index + 1;
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    const m = /^([a-z][a-z ]*?)\s*(\d+)?\s*:\s*(.*)$/i.exec(line);
    if (!m) {
      loose.push(...parseTokens(line, lineNo, source));
      return;
    }
    const label = m[1]!.toLowerCase();
    const body = m[3]!;
    if (label === 'game') {
      if (!/^pyramid(e)?$/i.test(body.trim())) {
        throw new InputError(`${source}, line ${lineNo}: game "${body.trim()}" is not a Pyramide deal (expected "game: pyramide")`);
      }
      return;
    }
    sawLabels = true;
    if (label === 'row') {
      const n = Number(m[2]);
      if (!(n >= 1 && n <= ROWS)) throw new InputError(`${source}, line ${lineNo}: there is no row ${m[2] ?? ''}; rows are 1 to 7`);
      if (rows[n]) throw new InputError(`${source}, line ${lineNo}: row ${n} is given twice`);
      const tokens = parseTokens(body, lineNo, source);
      if (tokens.length !== n) {
        throw new InputError(`${source}, line ${lineNo}: row ${n} has ${tokens.length} cards, expected ${n}`);
      }
      rows[n] = tokens;
    } else if (label === 'waste') {
      if (waste) throw new InputError(`${source}, line ${lineNo}: the waste is given twice`);
      waste = parseTokens(body, lineNo, source);
      if (waste.length > 1) throw new InputError(`${source}, line ${lineNo}: the waste starts with one card, got ${waste.length}`);
    } else if (label === 'stock') {
      if (stock) throw new InputError(`${source}, line ${lineNo}: the stock is given twice`);
      stock = parseTokens(body, lineNo, source);
    } else {
      throw new InputError(`${source}, line ${lineNo}: unknown line "${m[1]}:": expected game:, row 1: ... row 7:, waste: or stock:`);
    }
  });

  let deal: PyramideDeal;
  let all: Token[];
  if (sawLabels) {
    if (loose.length > 0) {
      throw new InputError(`${source}, line ${loose[0]!.line}: cards outside a row, waste or stock line`);
    }
    for (let r = 1; r <= ROWS; r++) {
      if (!rows[r]) throw new InputError(`${source}: row ${r} is missing (a Pyramide deal has rows 1 to 7)`);
    }
    const pyramid = rows.slice(1).flatMap((r) => r!);
    const wasteCard = waste && waste.length === 1 ? waste[0]! : null;
    const expectedStock = wasteCard ? TALON_SIZE - 1 : TALON_SIZE;
    if (stock && stock.length !== expectedStock) {
      throw new InputError(
        `${source}, line ${stock[0]?.line ?? '?'}: the stock has ${stock.length} cards, expected ${expectedStock}` +
          (wasteCard ? ' (with one waste card)' : ' (with an empty waste)'),
      );
    }
    all = [...pyramid, ...(wasteCard ? [wasteCard] : []), ...(stock ?? [])];
    let first: Card | null = wasteCard?.card ?? null;
    let rest: Card[] | null = stock ? stock.map((t) => t.card) : null;
    if (first === null && rest !== null) {
      // No waste line: the 24 stock cards are the whole talon, top first.
      first = rest[0]!;
      rest = rest.slice(1);
    }
    deal = { pyramid: pyramid.map((t) => t.card), first, stock: rest };
  } else {
    if (loose.length !== 52) {
      throw new InputError(
        `${source}: found ${loose.length} cards; a Pyramide deal in compact form has all 52 cards in deal order ` +
          `(the 28 pyramid cards row by row, then the other 24), or use the row 1: ... row 7: layout`,
      );
    }
    all = loose;
    const cards = loose.map((t) => t.card);
    deal = { pyramid: cards.slice(0, PYRAMID_SIZE), first: cards[PYRAMID_SIZE]!, stock: cards.slice(PYRAMID_SIZE + 1) };
  }

  const seen = new Map<Card, Token>();
  for (const t of all) {
    const before = seen.get(t.card);
    if (before) {
      throw new InputError(
        `${source}, line ${t.line}: ${formatCard(t.card)} appears twice (also on line ${before.line}); a Pyramide deal has each card once`,
      );
    }
    seen.set(t.card, t);
  }
  return deal;
}

/** The deal-file form (deal-files.md); `parseDealText` reads it back to the same deal. */
export function formatDealText(deal: PyramideDeal, wasteStartsEmpty: boolean, style: CardStyle = 'symbols'): string {
  const lines = ['game: pyramide'];
  for (let r = 1; r <= ROWS; r++) {
    lines.push(`row ${r}: ${formatCards(deal.pyramid.slice(rowStart(r), rowStart(r) + r), style)}`);
  }
  const talon = talonOf(deal);
  if (wasteStartsEmpty && talon) {
    lines.push(`stock: ${formatCards(talon, style)}`);
  } else {
    if (deal.first !== null) lines.push(`waste: ${formatCard(deal.first, style)}`);
    if (deal.stock) lines.push(`stock: ${formatCards(deal.stock, style)}`);
    else lines.push('# stock: not known');
  }
  return lines.join('\n') + '\n';
}

/** A stable identity for a deal without a code: its cards in canonical order plus the rules. */
export function fingerprint(deal: PyramideDeal, rulesName: string): string {
  const text = [
    'pyramide',
    rulesName,
    deal.pyramid.join(','),
    deal.first === null ? '?' : String(deal.first),
    deal.stock === null ? '?' : deal.stock.join(','),
  ].join('|');
  return shortHash(text);
}

export function recognisesPyramideText(text: string): boolean {
  // As formatDealText and dealers write it: no need to look further.
  if (text.startsWith('game: pyramide\n')) return true;
  const game = /^\s*game\s*:\s*(\S+)/im.exec(text.replace(/#.*/g, ''));
  if (game) return /^pyramid(e)?$/i.test(game[1]!);
  if (/^\s*row\s*\d\s*:/im.test(text)) return true;
  const tokens = text
    .replace(/#.*/g, '')
    .split(/[\s,]+/)
    .filter((t) => t !== '');
  return tokens.length === 52 && tokens.every((t) => tryParseCard(t) !== null);
}
