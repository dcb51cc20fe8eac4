/**
 * A slow, obviously correct Double Solitaire player for the tests, written from the rules
 * specification alone: it shares nothing with the rules engine or the solver (no move
 * encoding, no apply/undo, no canonical key). Positions are plain arrays, copied for every
 * move; a breadth-first search over all of them gives winnability, the most foundation
 * cards any line reaches and the fewest moves (as the app counts them) that win.
 *
 * Cards are faces 0..51: suit * 13 + rank - 1, suits spades, hearts, diamonds, clubs.
 */

export interface BrutePosition {
  /** Bottom to top; `down[c]` of them face down. */
  columns: number[][];
  down: number[];
  /** Top (next drawn) first. */
  stock: number[];
  /** Bottom to top. */
  waste: number[];
  /** Top rank of the 8 places, two per suit: spades, spades, hearts, hearts, ... */
  piles: number[];
  /** Turn-overs played so far (counted only under a turn limit). */
  turns?: number;
}

export interface BruteRules {
  draw: 1 | 3;
  vegas: boolean;
  /** At most this many turn-overs in a line (normal scoring); unlimited when absent. */
  turnLimit?: number;
}

const suit = (f: number): number => Math.floor(f / 13);
const rank = (f: number): number => (f % 13) + 1;
const red = (f: number): boolean => suit(f) === 1 || suit(f) === 2;

/** `card` may go on `target` in a column: opposite colour, one rank lower. */
function buildsOn(card: number, target: number): boolean {
  return red(card) !== red(target) && rank(card) + 1 === rank(target);
}

function copy(p: BrutePosition): BrutePosition {
  return {
    columns: p.columns.map((c) => c.slice()),
    down: p.down.slice(),
    stock: p.stock.slice(),
    waste: p.waste.slice(),
    piles: p.piles.slice(),
    ...(p.turns !== undefined ? { turns: p.turns } : {}),
  };
}

/** The place a card dropped on the foundations goes to (the first of its row that accepts it), or -1. */
function placeFor(p: BrutePosition, card: number): number {
  for (const i of [2 * suit(card), 2 * suit(card) + 1]) if (p.piles[i] === rank(card) - 1) return i;
  return -1;
}

/** A face-down card left on top of its column turns face up. */
function turnUp(p: BrutePosition, c: number): void {
  if (p.down[c]! > 0 && p.down[c] === p.columns[c]!.length) p.down[c]!--;
}

/** Where a card (or a run with this base) may go among the columns. */
function columnTargets(p: BrutePosition, card: number, except: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < p.columns.length; c++) {
    if (c === except) continue;
    const col = p.columns[c]!;
    if (col.length === 0 ? rank(card) === 13 : buildsOn(card, col[col.length - 1]!)) out.push(c);
  }
  return out;
}

/** Every position one move away (each is one move on the app's counter). */
export function successors(p: BrutePosition, rules: BruteRules): BrutePosition[] {
  const out: BrutePosition[] = [];
  // Draw: up to `draw` cards from the stock, one after the other onto the waste.
  if (p.stock.length > 0) {
    const q = copy(p);
    for (let i = 0; i < rules.draw && q.stock.length > 0; i++) q.waste.push(q.stock.shift()!);
    out.push(q);
  } else if (!rules.vegas && p.waste.length > 0 && (rules.turnLimit === undefined || (p.turns ?? 0) < rules.turnLimit)) {
    // Turn-over: the waste goes back face down, the first card drawn on top again.
    const q = copy(p);
    q.stock = q.waste;
    q.waste = [];
    if (rules.turnLimit !== undefined) q.turns = (p.turns ?? 0) + 1;
    out.push(q);
  }
  // The waste top.
  if (p.waste.length > 0) {
    const card = p.waste[p.waste.length - 1]!;
    const place = placeFor(p, card);
    if (place >= 0) {
      const q = copy(p);
      q.waste.pop();
      q.piles[place]!++;
      out.push(q);
    }
    for (const c of columnTargets(p, card, -1)) {
      const q = copy(p);
      q.waste.pop();
      q.columns[c]!.push(card);
      out.push(q);
    }
  }
  for (let a = 0; a < p.columns.length; a++) {
    const col = p.columns[a]!;
    if (col.length === 0) continue;
    // The top card to the foundations.
    const top = col[col.length - 1]!;
    const place = placeFor(p, top);
    if (place >= 0) {
      const q = copy(p);
      q.columns[a]!.pop();
      q.piles[place]!++;
      turnUp(q, a);
      out.push(q);
    }
    // Any face-up card with everything on it, to another column.
    for (let i = p.down[a]!; i < col.length; i++) {
      for (const b of columnTargets(p, col[i]!, a)) {
        const q = copy(p);
        const run = q.columns[a]!.splice(i);
        q.columns[b]!.push(...run);
        turnUp(q, a);
        out.push(q);
      }
    }
  }
  // A foundation top back onto a column.
  for (let i = 0; i < 8; i++) {
    if (p.piles[i] === 0) continue;
    const card = Math.floor(i / 2) * 13 + p.piles[i]! - 1;
    for (const c of columnTargets(p, card, -1)) {
      const q = copy(p);
      q.piles[i]!--;
      q.columns[c]!.push(card);
      out.push(q);
    }
  }
  return out;
}

/**
 * Everything about a position, written out (one character per card), the columns in sorted
 * order: the rules treat the nine columns alike, so positions that differ only by which
 * column holds what play the same.
 */
function keyOf(p: BrutePosition): string {
  const ch = (f: number): string => String.fromCharCode(48 + f);
  const columns = p.columns.map((col, c) => String.fromCharCode(200 + p.down[c]!) + col.map(ch).join('')).sort();
  const k = columns.join('/');
  return `${k}|${p.stock.map(ch).join('')}|${p.waste.map(ch).join('')}|${p.piles.map(ch).join('')}|${p.turns ?? 0}`;
}

const onPiles = (p: BrutePosition): number => p.piles.reduce((x, y) => x + y, 0);

/**
 * Breadth-first search over every reachable position (null when there are more than `cap`).
 * `total`: the foundation cards of a win.
 */
export function bruteForce(
  start: BrutePosition,
  rules: BruteRules,
  total: number,
  cap: number,
): { winnable: boolean; max: number; minMoves: number | null } | null {
  const seen = new Set<string>([keyOf(start)]);
  let frontier = [start];
  let max = onPiles(start);
  if (max === total) return { winnable: true, max, minMoves: 0 };
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: BrutePosition[] = [];
    for (const p of frontier) {
      for (const q of successors(p, rules)) {
        const n = onPiles(q);
        if (n > max) max = n;
        if (n === total) return { winnable: true, max: n, minMoves: depth };
        const k = keyOf(q);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push(q);
        if (seen.size > cap) return null;
      }
    }
    frontier = next;
  }
  return { winnable: false, max, minMoves: null };
}
