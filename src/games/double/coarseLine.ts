/**
 * A line of coarse moves (`coarse.ts`) played as real moves: each coarse move becomes one
 * engine move, or two where a card must first be freed (the run on it moved onto another free
 * card of the same class). docs/solvers.md proves such a card is always there; every move
 * made here is checked by the engine all the same.
 */
import { C_DRAW, C_FC, C_HF, C_HT, C_TURN, C_WC, C_WF, CoarseState, cArg, cKind } from './coarse.js';
import { COLUMNS, type DoubleState } from './engine.js';
import { RANK, SUIT } from './faceTables.js';
import { M_CC, M_CF, M_DRAW, M_FC, M_TURN, M_WC, M_WF, mv } from './move.js';

/** The engine moves that play `line` from `state` (which is left at the line's end). */
export function coarseToMoves(state: DoubleState, line: readonly number[]): number[] {
  const coarse = new CoarseState(state);
  const out: number[] = [];
  const play = (m: number): void => {
    const why = state.refusal(m);
    if (why !== null) throw new Error(`internal error: a coarse move does not play: ${why}`);
    state.apply(m);
    out.push(m);
  };
  for (const m of line) {
    const arg = cArg(m);
    switch (cKind(m)) {
      case C_DRAW:
        play(mv(M_DRAW));
        break;
      case C_TURN:
        play(mv(M_TURN));
        break;
      case C_WF:
        drawTo(state, arg, play);
        play(mv(M_WF));
        break;
      case C_WC:
        drawTo(state, arg, play);
        play(mv(M_WC, 0, target(state, state.wasteTop(), -1)));
        break;
      case C_FC: {
        const pile = SUIT[arg]! * 2 + (state.fnd[SUIT[arg]! * 2] === RANK[arg] ? 0 : 1);
        play(mv(M_FC, pile, target(state, arg, -1)));
        break;
      }
      case C_HT: {
        const at = coarse.k[arg]! - 1;
        play(mv(M_CC, arg, target(state, state.card(arg, at), arg), state.len[arg]! - at));
        break;
      }
      case C_HF:
        free(state, arg, coarse.k[arg]! - 1, play);
        play(mv(M_CF, arg));
        break;
      default: {
        const c = columnHolding(state, coarse, arg);
        free(state, c, lastIndexOf(state, c, arg), play);
        play(mv(M_CF, c));
      }
    }
    if (!coarse.legal(m)) throw new Error('internal error: an illegal coarse move in a line');
    coarse.apply(m);
  }
  return out;
}

/** Draws until talon card `i` (its original stock index) is the waste top. */
function drawTo(state: DoubleState, i: number, play: (m: number) => void): void {
  while (state.waste === 0 || state.tal[state.waste - 1] !== i) {
    if (state.stockCount() === 0) throw new Error('internal error: a coarse move names a talon card the draws do not reach');
    play(mv(M_DRAW));
  }
}

/** Moves what lies on card `i` of column `c` onto another column, so that the card is its column's top. */
function free(state: DoubleState, c: number, i: number, play: (m: number) => void): void {
  const n = state.len[c]! - 1 - i;
  if (n > 0) play(mv(M_CC, c, target(state, state.card(c, i + 1), c), n));
}

/** A column other than `except` that takes `face` on its top (a King: an empty column). */
function target(state: DoubleState, face: number, except: number): number {
  for (let b = 0; b < COLUMNS; b++) if (b !== except && state.takes(b, face)) return b;
  throw new Error('internal error: no free card for a coarse move');
}

/** A column holding face `face` above its cards in place (not as its head). */
function columnHolding(state: DoubleState, coarse: CoarseState, face: number): number {
  for (let c = 0; c < COLUMNS; c++) {
    for (let i = coarse.k[c]!; i < state.len[c]!; i++) if (state.card(c, i) === face) return c;
  }
  throw new Error('internal error: a coarse move names a card that is not in the tableau');
}

function lastIndexOf(state: DoubleState, c: number, face: number): number {
  for (let i = state.len[c]! - 1; i >= 0; i--) if (state.card(c, i) === face) return i;
  return -1;
}
