/**
 * Card moves: a line's moves named by what they move rather than where it sits (see
 * shorten.ts), and their replay with the draws each waste play needs, put back lazily.
 */
import { COL_CAP, type DoubleState, PILES } from './engine.js';
import { M_CC, M_CF, M_DRAW, M_FC, M_TURN, M_WC, M_WF, mA, mB, mKind, mN, mv } from './move.js';

/** A card move that names what it moves: see the file comment. */
export interface CardMove {
  kind: number;
  /** Source column (M_CC, M_CF). */
  a: number;
  /** Target column (M_CC, M_WC, M_FC). */
  b: number;
  /** Base face (M_CC, M_FC) or original stock index (M_WC, M_WF). */
  x: number;
}

/**
 * The fewest draws and turn-overs that bring the waste pointer from where it is to `q`
 * (the pointer at which the wanted card is the waste top), or -1 when no sequence does
 * (Vegas: the pointer never goes back; Draw 3: only every third position is reachable in a
 * pass). A second turn-over never helps: after one, every pointer of the pass is reachable.
 */
function drawsTo(s: DoubleState, q: number): { draws: number; turn: boolean } | null {
  const T = s.talLen;
  const p = s.waste;
  const step = s.draw;
  const onPass = (from: number): number => {
    // Draws from pointer `from` (start of a pass or the current pointer) to reach q, or -1.
    if (q < from) return -1;
    if (q === from) return 0;
    if (q === T) return Math.ceil((T - from) / step);
    return (q - from) % step === 0 ? (q - from) / step : -1;
  };
  const forward = onPass(p);
  if (forward >= 0) return { draws: forward, turn: false };
  if (s.vegas) return null;
  const after = onPass(0);
  if (after < 0) return null;
  if (T === 0) return null;
  return { draws: Math.ceil((T - p) / step) + after, turn: true };
}

/**
 * Stock cards (original indexes) that the rest of the line plays from the waste to the
 * foundations: while drawing towards another card, such a card that shows up on the waste
 * and fits is played at once (shortcut 4) and its later play is skipped.
 */
export interface Pull {
  wanted: Uint8Array;
  done: Uint8Array;
}

/** Where stock card `idx` sits in the talon (the pointer that makes it the waste top), or 0. */
function talonPos(s: DoubleState, idx: number): number {
  for (let i = 0; i < s.talLen; i++) if (s.tal[i] === idx) return i + 1;
  return 0;
}

/**
 * Draws (and turns over) until stock card `idx` is the waste top, the fewest moves
 * `drawsTo` allows, replanned after every step; with `pull`, plays wanted cards to the
 * foundations on the way. Returns the engine moves applied, or -1 (all undone) when the card
 * cannot be reached.
 */
function reachCard(s: DoubleState, idx: number, pull: Pull | null, out: number[] | null): number {
  let n = 0;
  const mark = out?.length ?? 0;
  const fail = (): number => {
    for (let i = 0; i < n; i++) s.undo();
    if (out) out.length = mark;
    return -1;
  };
  for (;;) {
    const q = talonPos(s, idx);
    if (q === 0) return fail();
    if (s.waste === q) return n;
    const plan = drawsTo(s, q);
    if (plan === null) return fail();
    const step = plan.turn && s.stockCount() === 0 ? mv(M_TURN) : mv(M_DRAW);
    s.apply(step);
    out?.push(step);
    n++;
    if (pull === null) continue;
    for (;;) {
      const t = s.waste > 0 ? s.tal[s.waste - 1]! : -1;
      if (t < 0 || t === idx || pull.wanted[t] !== 1 || pull.done[t] === 1 || s.pileFor(s.stockCards[t]!) < 0) break;
      s.apply(mv(M_WF));
      out?.push(mv(M_WF));
      pull.done[t] = 1;
      n++;
    }
  }
}

/**
 * Plays one card move on `s` (with the draws it needs), columns read through `phi`.
 * Returns the number of engine moves applied, or -1 (nothing applied) when it is illegal.
 */
export function playCard(s: DoubleState, c: CardMove, phi: Uint8Array, out: number[] | null, pull: Pull | null = null): number {
  let m: number;
  switch (c.kind) {
    case M_CC: {
      const a = phi[c.a]!;
      const b = phi[c.b]!;
      const l = s.len[a]!;
      let n = 0;
      for (let i = l - 1; i >= s.down[a]!; i--) {
        if (s.col[a * COL_CAP + i] === c.x) {
          n = l - i;
          break;
        }
      }
      if (n === 0) return -1;
      m = mv(M_CC, a, b, n);
      break;
    }
    case M_CF:
      if (s.len[phi[c.a]!] === 0 || s.top(phi[c.a]!) !== c.x) return -1;
      m = mv(M_CF, phi[c.a]!);
      break;
    case M_FC: {
      let p = 0;
      while (p < PILES && s.pileTop(p) !== c.x) p++;
      if (p === PILES) return -1;
      m = mv(M_FC, p, phi[c.b]!);
      break;
    }
    case M_WC:
    case M_WF: {
      const mark = out?.length ?? 0;
      const applied = reachCard(s, c.x, pull, out);
      if (applied < 0) return -1;
      m = c.kind === M_WC ? mv(M_WC, 0, phi[c.b]!) : mv(M_WF);
      if (s.refusal(m) !== null) {
        for (let i = 0; i < applied; i++) s.undo();
        if (out) out.length = mark;
        return -1;
      }
      s.apply(m);
      out?.push(m);
      return applied + 1;
    }
    default:
      return -1;
  }
  if (s.refusal(m) !== null) return -1;
  s.apply(m);
  out?.push(m);
  return 1;
}

/** The card move an engine move makes, in the state before it. */
export function cardMoveOf(s: DoubleState, m: number): CardMove {
  switch (mKind(m)) {
    case M_CC:
      return { kind: M_CC, a: mA(m), b: mB(m), x: s.card(mA(m), s.len[mA(m)]! - mN(m)) };
    case M_CF:
      return { kind: M_CF, a: mA(m), b: 0, x: s.top(mA(m)) };
    case M_FC:
      return { kind: M_FC, a: 0, b: mB(m), x: s.pileTop(mA(m)) };
    case M_WC:
      return { kind: M_WC, a: 0, b: mB(m), x: s.tal[s.waste - 1]! };
    default:
      return { kind: M_WF, a: 0, b: 0, x: s.tal[s.waste - 1]! };
  }
}

/** The card moves of a line of real engine moves. */
export function cardMovesOf(fresh: () => DoubleState, real: readonly number[]): CardMove[] {
  const s = fresh();
  const cards: CardMove[] = [];
  for (const m of real) {
    const k = mKind(m);
    if (k !== M_DRAW && k !== M_TURN) cards.push(cardMoveOf(s, m));
    s.apply(m);
  }
  return cards;
}

/** One move doing what `first` then `second` did to the same card; 'none' when they cancel out. */
export function mergeMoves(first: CardMove, second: CardMove): CardMove | 'none' | null {
  const src = first.kind === M_CC ? { k: 'c', a: first.a } : first.kind === M_FC ? { k: 'f', a: 0 } : { k: 'w', a: 0 };
  if (second.kind === M_CC) {
    if (src.k === 'c') return src.a === second.b ? 'none' : { kind: M_CC, a: src.a, b: second.b, x: first.x };
    if (src.k === 'f') return { kind: M_FC, a: 0, b: second.b, x: first.x };
    return { kind: M_WC, a: 0, b: second.b, x: first.x };
  }
  // second is to the foundations
  if (src.k === 'c') return { kind: M_CF, a: src.a, b: 0, x: first.x };
  if (src.k === 'f') return 'none';
  return { kind: M_WF, a: 0, b: 0, x: first.x };
}
