/** Pointer dominance of the minimum-move search: which positions draws alone reach, at what cost. */
import { describe, expect, it } from 'vitest';
import { PointerDominance } from '../../../src/games/pyramide/solver/pointerDominance.js';

/** A packed position as `FullStateSpace.pack` writes it (the pointer already past removed cards). */
function packed(removed: number, talonRemoved: number, next: number, passes = 0): { lo: number; hi: number } {
  return { lo: (removed | ((next & 15) << 28)) >>> 0, hi: (talonRemoved | ((next >> 4) << 24) | (passes << 25)) >>> 0 };
}

describe('pointer dominance', () => {
  const pyramid = 0b1011;
  const talon = 0b1100; // talon cards 2 and 3 removed: from pointer 1, pointer 5 is 2 draws away (cards 1 and 4)

  it('a position taken earlier in the stock reaches a later pointer by its draws: dominated at that cost or more, not below', () => {
    const d = new PointerDominance();
    d.reset(null, true);
    const a = packed(pyramid, talon, 1);
    d.close(a.lo, a.hi, 10);
    const b = packed(pyramid, talon, 5);
    expect(d.dominated(b.lo, b.hi, 12)).toBe(true);
    expect(d.dominated(b.lo, b.hi, 13)).toBe(true);
    expect(d.dominated(b.lo, b.hi, 11)).toBe(false);
    // The position itself is the transposition table's business, not this one's.
    expect(d.dominated(a.lo, a.hi, 50)).toBe(false);
  });

  it('only the same pyramid and talon cards removed compare, and never a position with fewer turn-overs used', () => {
    const d = new PointerDominance();
    d.reset(null, false);
    const a = packed(pyramid, talon, 1, 1);
    d.close(a.lo, a.hi, 10);
    for (const other of [packed(pyramid | 16, talon, 5, 1), packed(pyramid, talon | 1, 5, 1), packed(pyramid, talon, 5, 0)]) {
      expect(d.dominated(other.lo, other.hi, 100)).toBe(false);
    }
    expect(d.dominated(packed(pyramid, talon, 5, 1).lo, packed(pyramid, talon, 5, 1).hi, 12)).toBe(true);
  });

  it('one more turn-over used: the rest of the stock, the turn-over, then the draws to the pointer (a whole pass more for each further one)', () => {
    // 22 talon cards left; from pointer 1 (card 0 drawn): 21 draws, the turn-over, 3 draws to pointer 5.
    const d = new PointerDominance();
    d.reset(null, false);
    const a = packed(pyramid, talon, 1, 0);
    d.close(a.lo, a.hi, 10);
    const once = packed(pyramid, talon, 5, 1);
    expect(d.dominated(once.lo, once.hi, 35)).toBe(true);
    expect(d.dominated(once.lo, once.hi, 34)).toBe(false);
    const twice = packed(pyramid, talon, 5, 2);
    expect(d.dominated(twice.lo, twice.hi, 35 + 23)).toBe(true);
    expect(d.dominated(twice.lo, twice.hi, 34 + 23)).toBe(false);
  });

  it('an earlier pointer is reached from a later one only with unlimited turn-overs: to the end, one turn-over, then drawing', () => {
    // Talon cards left: 0, 1, 4-23. From pointer 20 (cards 20-23 still to draw): 4 draws, the
    // turn-over, then card 0 drawn to reach pointer 1: 6 moves.
    const later = packed(pyramid, talon, 20);
    const earlier = packed(pyramid, talon, 1);
    for (const wrap of [true, false]) {
      const d = new PointerDominance();
      d.reset(null, wrap);
      d.close(later.lo, later.hi, 10);
      expect(d.dominated(earlier.lo, earlier.hi, 16)).toBe(wrap);
      expect(d.dominated(earlier.lo, earlier.hi, 15)).toBe(false);
    }
  });

  it('a position taken again by a shorter path compares by its shorter cost; reset forgets', () => {
    const d = new PointerDominance();
    d.reset(null, true);
    const a = packed(pyramid, talon, 1);
    const b = packed(pyramid, talon, 5);
    d.close(a.lo, a.hi, 10);
    d.close(a.lo, a.hi, 8);
    expect(d.dominated(b.lo, b.hi, 10)).toBe(true);
    d.reset(null, true);
    expect(d.dominated(b.lo, b.hi, 100)).toBe(false);
  });

  it('kept from search to search: after a reset nothing taken before dominates, whether few or many positions were taken', () => {
    const d = new PointerDominance();
    for (const taken of [3, 6000]) {
      d.reset(null, true);
      for (let k = 0; k < taken; k++) {
        const a = packed(k, talon, 1);
        d.close(a.lo, a.hi, 10);
        expect(d.dominated(packed(k, talon, 5).lo, packed(k, talon, 5).hi, 12)).toBe(true);
      }
      d.reset(null, true);
      for (let k = 0; k < taken; k++) expect(d.dominated(packed(k, talon, 5).lo, packed(k, talon, 5).hi, 1000)).toBe(false);
    }
  });
});
