/**
 * Pointer dominance for the minimum-move search (minMoves.ts). Two positions with the same
 * pyramid and the same talon cards removed differ only in where the waste ends and how many
 * turn-overs they used. From the one with the earlier pointer, draws alone reach the other;
 * from any pointer, drawing to the end and turning over reaches every pointer with one more
 * turn-over used (and, with unlimited turn-overs, every pointer). So when a position was
 * taken from the queue after g moves and the other is met after g' >= g + those moves,
 * every line from the other is matched, move for move after them, by a line from the first
 * that is no longer (the search's steps from the first include each of its own after those
 * moves): the other needs no search of its own. The draws between two pointers are the
 * talon cards left between them, so no position is compared with itself at a lower cost (a
 * pointer always sits on a card left, or at the end).
 *
 * The search keeps its taken positions in a table grouped by pyramid and talon (`GROUP_HI`,
 * `GROUP_LO`): looking a position up walks past every other member of its group, so the
 * comparison costs no table of its own.
 */
import type { StateTable } from '../../../search/stateTable.js';
import { FULL_PYRAMID, popcount } from '../layout.js';
import { ALL_TALON, pointerOf, turnOversOf } from './fullState.js';

/** The key bits that name a position's group: talon cards removed (hi), pyramid cards removed (lo). */
export const GROUP_HI = ALL_TALON;
export const GROUP_LO = FULL_PYRAMID;

/**
 * The draws and turn-overs that lead from position q to position p of the same group, or -1
 * when none do (p has fewer turn-overs used, or is q itself, or lies behind q in the same pass
 * while turn-overs are limited). `wrap`: turn-overs are unlimited (and never counted).
 */
export function movesBetween(qLo: number, qHi: number, pLo: number, pHi: number, wrap: boolean): number {
  const kq = turnOversOf(qHi);
  const k = turnOversOf(pHi);
  const q = pointerOf(qLo, qHi);
  const p = pointerOf(pLo, pHi);
  if (kq > k || (kq === k && q === p)) return -1;
  const left = ~pHi & ALL_TALON;
  const before = popcount(left & ((1 << p) - 1));
  const fromQ = popcount(left & ((1 << q) - 1));
  if (kq === k && q < p) return before - fromQ;
  if (kq === k && !wrap) return -1;
  // To the end, turn over, a whole pass for each further turn-over, then on to the pointer.
  const all = popcount(left);
  return all - fromQ + 1 + (k - kq - (kq < k ? 1 : 0)) * (all + 1) + before;
}

/**
 * Turn-overs used, then the waste pointer, as one number: within a group, a position reaches
 * every position of a larger one by draws and turn-overs (for the exhaustive searches, where
 * only reaching counts, not the moves).
 */
export function reachOrder(lo: number, hi: number): number {
  return (turnOversOf(hi) << 8) | pointerOf(lo, hi);
}

/** What `dominatedIn` returns when another taken position of the group reaches the one asked about in time. */
export const DOMINATED = -2;

/**
 * Walks the probe run of (lo, hi) in `table` (grouped by `GROUP_HI`, `GROUP_LO`), whose taken
 * positions were reached in `movesTo[id]` moves: DOMINATED when another of its group reaches
 * (lo, hi) by draws and turn-overs within `g` moves in all; otherwise the id of (lo, hi)
 * itself when it was taken, else -1. The walk is the one a lookup makes anyway.
 */
export function dominatedIn(table: StateTable, movesTo: Int32Array, lo: number, hi: number, g: number, wrap: boolean): number {
  let self = -1;
  for (let i = table.probeStart(hi, lo); ; i = table.nextSlot(i)) {
    const id = table.idAtSlot(i);
    if (id < 0) return self;
    const sLo = table.loOf(id);
    const sHi = table.hiOf(id);
    if (sLo === lo && sHi === hi) self = id;
    else if (((sLo ^ lo) & GROUP_LO) === 0 && ((sHi ^ hi) & GROUP_HI) === 0) {
      const d = movesBetween(sLo, sHi, lo, hi, wrap);
      if (d >= 0 && movesTo[id]! + d <= g) return DOMINATED;
    }
  }
}
