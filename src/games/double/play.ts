/**
 * Moves in words, for `play` and for solutions, and the position drawn for people.
 *
 * Move text (case-insensitive; moves separated by `;`, `,` or line breaks):
 *
 *   draw                  turn (one card in Draw 1, up to three in Draw 3); also `d`
 *   turn over             the empty stock takes the waste back; also `turn-over`, `t`
 *   7♥ c3-c5              the run whose base is 7♥, from column 3 onto column 5
 *   c3-c5                 the same without naming the card: the one run of column 3 that
 *                         fits on column 5 (the King run for an empty column)
 *   w-c5, 7♣ w-c5         the waste top onto column 5
 *   w-f, c3-f             the waste top, or column 3's top, to the foundations (the app
 *                         picks the place: the first of its suit's row that accepts it)
 *   7♥ f-c2               a foundation top (named by its card) back onto column 2
 *
 * Places may also be written `waste`, `column 3`, `foundation`. Cards as everywhere:
 * `7♥`, `7H`, `10♣`, `TC`, French `D♦`.
 */

import { type CardStyle, formatCard, parseCard, tryParseCard } from '../../cards/notation.js';
import { InputError } from '../../errors/inputError.js';
import type { Refusal, RefusalCode } from '../../errors/refusal.js';
import type { MoveJson } from '../moveJson.js';
import { RefusedMoveError } from '../position.js';
import { COLUMNS, type DoubleState, movedCard, PILES } from './engine.js';
import { M_CC, M_CF, M_DRAW, M_FC, M_TURN, M_WC, M_WF, mKind, mN, mv, placeName } from './move.js';
import { replayLine } from './solverLine.js';

export function splitMoves(text: string): string[] {
  return text
    .split(/[;,\n\r]+/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

type Place = { kind: 'w' } | { kind: 'f' } | { kind: 'c'; index: number };

function parsePlace(text: string, moveText: string): Place {
  const t = text.trim().toLowerCase();
  if (t === 'w' || t === 'waste') return { kind: 'w' };
  if (t === 'f' || t === 'foundation' || t === 'foundations') return { kind: 'f' };
  const m = /^(?:c|col|column)\s*(\d+)$/.exec(t);
  if (m) {
    const n = Number(m[1]);
    if (n >= 1 && n <= COLUMNS) return { kind: 'c', index: n - 1 };
    throw new InputError(`"${moveText}": there is no column ${n}: expected c1 to c9`);
  }
  throw new InputError(`"${moveText}": "${text}" is not a place: expected w (waste), f (foundation) or c1-c9 (a column)`);
}

/** A move the rules refuse, found while reading it: the app's reason and its stable code. */
export class IllegalMove extends Error {
  constructor(
    message: string,
    readonly code: RefusalCode,
  ) {
    super(message);
  }
}

/**
 * Reads one move in the position `state`. Throws `InputError` when the text is not a move,
 * `IllegalMove` (with the app's reason) when it is one the rules refuse.
 */
export function parseMove(state: DoubleState, text: string, style: CardStyle): number {
  const t = text.trim().replace(/\s+/g, ' ');
  const lower = t.toLowerCase();
  if (lower === 'draw' || lower === 'd') return mv(M_DRAW);
  if (lower === 'turn over' || lower === 'turn-over' || lower === 'turnover' || lower === 't') return mv(M_TURN);
  const m = /^(?:(\S+)\s+)?([a-z]+\s*\d*)\s*-\s*([a-z]+\s*\d*)$/i.exec(t);
  if (!m) {
    throw new InputError(
      `"${text}" is not a move: expected draw, turn over, or [card] from-to such as "7♥ c3-c5", "w-f", "c3-f" or "7♥ f-c2"`,
    );
  }
  let card: number | null = null;
  if (m[1] !== undefined) {
    card = tryParseCard(m[1]);
    if (card === null) throw new InputError(`"${text}": "${m[1]}" is not a card: expected for example 7♥, 7H or 10♣`);
  }
  const from = parsePlace(m[2]!, text);
  const to = parsePlace(m[3]!, text);
  const fc = (c: number): string => formatCard(c, style);
  if (to.kind === 'w') throw new IllegalMove('nothing can be put on the waste', 'not-a-move');
  if (from.kind === 'w') {
    const top = state.wasteTop();
    if (top < 0) throw new IllegalMove('the waste is empty', 'waste-empty');
    if (card !== null && card !== top)
      throw new IllegalMove(`the waste top is ${fc(top)}, not ${fc(card)}: only the last card of the waste can be played`, 'not-there');
    return to.kind === 'f' ? mv(M_WF) : mv(M_WC, 0, to.index);
  }
  if (from.kind === 'f') {
    if (to.kind !== 'c') throw new IllegalMove('a foundation card can only go back onto a column', 'not-a-move');
    if (card === null) throw new InputError(`"${text}": name the foundation card to take back, for example "7♥ f-c2"`);
    for (let p = 0; p < PILES; p++) if (state.pileTop(p) === card) return mv(M_FC, p, to.index);
    throw new IllegalMove(`${fc(card)} is not on top of a foundation`, 'not-there');
  }
  const a = from.index;
  const len = state.len[a]!;
  const down = state.down[a]!;
  if (len === 0) throw new IllegalMove(`column ${a + 1} is empty`, 'place-empty');
  if (to.kind === 'f') {
    const top = state.top(a);
    if (card !== null && card !== top) {
      throw new IllegalMove(
        `${fc(card)} is not the last card of column ${a + 1} (${fc(top)} is): only one card at a time goes to the foundations`,
        'not-there',
      );
    }
    return mv(M_CF, a);
  }
  const b = to.index;
  if (card !== null) {
    for (let i = len - 1; i >= 0; i--) {
      if (state.card(a, i) !== card) continue;
      if (i < down) throw new IllegalMove(`${fc(card)} is face down in column ${a + 1}`, 'face-down');
      return mv(M_CC, a, b, len - i);
    }
    throw new IllegalMove(`${fc(card)} is not in column ${a + 1}`, 'not-there');
  }
  if (a === b) throw new IllegalMove('a run cannot move onto its own column', 'no-such-place');
  for (let i = down; i < len; i++) {
    const base = state.card(a, i);
    const fits = state.takes(b, base);
    if (fits) return mv(M_CC, a, b, len - i);
  }
  if (state.len[b] === 0)
    throw new IllegalMove(`only a King may go into an empty column, and column ${a + 1} has no face-up King`, 'king-only');
  throw new IllegalMove(
    `no face-up card of column ${a + 1} goes on ${fc(state.top(b))}: a card goes on the opposite colour one rank higher`,
    'does-not-fit',
  );
}

/**
 * One move written as `parseMove` reads it, legal in `state` (not played yet). A move the
 * rules refuse throws `RefusedMoveError` numbered `n` with the app's reason.
 */
export function legalMove(state: DoubleState, text: string, n: number, style: CardStyle): number {
  let why: Refusal | null;
  let m = -1;
  try {
    m = parseMove(state, text, style);
    why = state.refusalOf(m, style);
  } catch (e) {
    if (!(e instanceof IllegalMove)) throw e;
    why = { code: e.code, text: e.message };
  }
  if (why !== null) throw new RefusedMoveError(`move ${n} "${text}" is refused: ${why.text}`, n, why.text, why.code);
  return m;
}

/** A move for people, in the syntax `parseMove` reads (`7♥ c3-c5`, `w-f`, `draw`). */
export function moveText(state: DoubleState, m: number, style: CardStyle): string {
  const kind = mKind(m);
  if (kind === M_DRAW) return 'draw';
  if (kind === M_TURN) return 'turn over';
  const card = formatCard(movedCard(state, m), style);
  const short = (p: string): string => (p === 'waste' ? 'w' : p === 'foundation' ? 'f' : 'c' + p.slice(7));
  return `${card} ${short(placeName('from', m))}-${short(placeName('to', m))}`;
}

/** A move as JSON any program can replay (in the state before it). */
export function moveJson(state: DoubleState, m: number, style: CardStyle = 'symbols'): MoveJson {
  const kind = mKind(m);
  if (kind === M_DRAW) return { move: 'draw' };
  if (kind === M_TURN) return { move: 'turn-over' };
  return {
    move: 'cards',
    card: formatCard(movedCard(state, m), style),
    count: kind === M_CC ? mN(m) : 1,
    from: placeName('from', m),
    to: placeName('to', m),
  };
}

/** A JSON move (`moveJson`) back in the syntax `parseMove` reads, its card in `style`. */
export function jsonMoveText(m: MoveJson, style: CardStyle): string {
  if (m.move === 'draw') return 'draw';
  if (m.move === 'turn-over') return 'turn over';
  const place = (p: string): string => (p === 'waste' ? 'w' : p === 'foundation' ? 'f' : `c${p.slice(7)}`);
  const card = style === 'symbols' ? String(m.card) : formatCard(parseCard(String(m.card)), style);
  return `${card} ${place(String(m.from))}-${place(String(m.to))}`;
}

/** A JSON move (`moveJson`, cards in symbols) with its card in `style`. */
export function jsonMoveInStyle(m: MoveJson, style: CardStyle): MoveJson {
  if (style === 'symbols' || typeof m.card !== 'string') return m;
  return { ...m, card: formatCard(parseCard(m.card), style) };
}

/** Replays a solver line on `state` (see `replayLine`) and returns its real moves as JSON. */
export function lineJson(state: DoubleState, line: readonly number[]): MoveJson[] {
  const out: MoveJson[] = [];
  replayLine(state, line, (m) => out.push(moveJson(state, m)));
  return out;
}

function foundationsText(state: DoubleState, style: CardStyle): string {
  const rows: string[] = [];
  const names = ['♠', '♥', '♦', '♣'];
  const letters = ['S', 'H', 'D', 'C'];
  for (let s = 0; s < 4; s++) {
    const show = (p: number): string => (state.fnd[p] === 0 ? '--' : formatCard(state.pileTop(p), style));
    rows.push(`${style === 'en' ? letters[s] : names[s]} ${show(2 * s)} ${show(2 * s + 1)}`);
  }
  return rows.join('  |  ');
}

/**
 * The position drawn as text. Unless `reveal`, only what the player sees: face-down cards as
 * `##` and the stock as a count; revealed, the face-down cards in brackets and the stock's order.
 */
export function positionText(state: DoubleState, style: CardStyle, reveal: boolean): string {
  const lines: string[] = [];
  lines.push(`foundations: ${foundationsText(state, style)}  (${state.onFoundations}/104)`);
  for (let c = 0; c < COLUMNS; c++) {
    const cards: string[] = [];
    for (let i = 0; i < state.len[c]!; i++) {
      if (i >= state.down[c]!) cards.push(formatCard(state.card(c, i), style));
      else cards.push(reveal ? `[${formatCard(state.card(c, i), style)}]` : '##');
    }
    lines.push(`column ${c + 1}: ${cards.length > 0 ? cards.join(' ') : '(empty)'}`);
  }
  const waste: string[] = [];
  for (let i = Math.max(0, state.waste - 3); i < state.waste; i++) waste.push(formatCard(state.stockCards[state.tal[i]!]!, style));
  lines.push(
    `waste: ${state.waste === 0 ? '(empty)' : `${state.waste > 3 ? '... ' : ''}${waste.join(' ')} (${state.waste} card${state.waste === 1 ? '' : 's'}, the last one playable)`}`,
  );
  const stock: string[] = [];
  for (let i = state.waste; i < state.talLen; i++) stock.push(formatCard(state.stockCards[state.tal[i]!]!, style));
  const order = reveal && stock.length > 0 ? ` (next drawn first: [${stock.join(' ')}])` : '';
  lines.push(`stock: ${stock.length} card${stock.length === 1 ? '' : 's'}${order}`);
  lines.push(`score ${state.scoreText()}, moves ${state.moves}${state.isWon() ? ', won' : ''}`);
  return lines.join('\n');
}

/** The position as `play --json` gives it (and a hint, cards in symbols). */
export type DoublePositionJson = {
  columns: { faceDown: string[]; faceUp: string[] }[];
  waste: string[];
  stock: number;
  foundations: (string | null)[];
  onFoundations: number;
  score: string;
  moves: number;
  won: boolean;
};

export function positionJson(state: DoubleState, style: CardStyle): DoublePositionJson {
  const columns = [];
  for (let c = 0; c < COLUMNS; c++) {
    const down: string[] = [];
    const up: string[] = [];
    for (let i = 0; i < state.len[c]!; i++) (i < state.down[c]! ? down : up).push(formatCard(state.card(c, i), style));
    columns.push({ faceDown: down, faceUp: up });
  }
  const waste: string[] = [];
  for (let i = 0; i < state.waste; i++) waste.push(formatCard(state.stockCards[state.tal[i]!]!, style));
  const foundations: (string | null)[] = [];
  for (let p = 0; p < PILES; p++) foundations.push(state.fnd[p] === 0 ? null : formatCard(state.pileTop(p), style));
  return {
    columns,
    waste,
    stock: state.stockCount(),
    foundations,
    onFoundations: state.onFoundations,
    score: state.scoreText(),
    moves: state.moves,
    won: state.isWon(),
  };
}
