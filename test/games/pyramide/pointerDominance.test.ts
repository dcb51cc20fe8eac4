/** Pointer dominance of the minimum-move search: which positions draws and turn-overs reach, at what cost. */
import { describe, expect, it } from 'vitest';
import { GROUP_HI, GROUP_LO, movesBetween } from '../../../src/games/pyramide/solver/pointerDominance.js';
import { StateTable } from '../../../src/search/stateTable.js';

/** A packed position as `FullStateSpace.pack` writes it (the pointer already past removed cards). */
function packed(removed: number, talonRemoved: number, next: number, passes = 0): { lo: number; hi: number } {
  return { lo: (removed | ((next & 15) << 28)) >>> 0, hi: (talonRemoved | ((next >> 4) << 24) | (passes << 25)) >>> 0 };
}

function moves(q: { lo: number; hi: number }, p: { lo: number; hi: number }, wrap: boolean): number {
  return movesBetween(q.lo, q.hi, p.lo, p.hi, wrap);
}

describe('pointer dominance', () => {
  const pyramid = 0b1011;
  const talon = 0b1100; // talon cards 2 and 3 removed: 22 left

  it('a later pointer of the same pass: the talon cards left between them, one draw each', () => {
    // From pointer 1 (card 0 drawn) to pointer 5: cards 1 and 4.
    expect(moves(packed(pyramid, talon, 1), packed(pyramid, talon, 5), false)).toBe(2);
    expect(moves(packed(pyramid, talon, 1), packed(pyramid, talon, 5), true)).toBe(2);
    expect(moves(packed(pyramid, talon, 1, 1), packed(pyramid, talon, 5, 1), false)).toBe(2);
    // Never a position to itself.
    expect(moves(packed(pyramid, talon, 5), packed(pyramid, talon, 5), true)).toBe(-1);
  });

  it('an earlier pointer: only round the end, with unlimited turn-overs (the rest of the stock, the turn-over, the draws)', () => {
    // From pointer 20: cards 20-23, the turn-over, then card 0 to reach pointer 1.
    expect(moves(packed(pyramid, talon, 20), packed(pyramid, talon, 1), true)).toBe(6);
    expect(moves(packed(pyramid, talon, 20), packed(pyramid, talon, 1), false)).toBe(-1);
  });

  it('more turn-overs used: the rest of the stock, the turn-over, a whole pass for each further one, then the draws', () => {
    // From pointer 1 with none used: 21 draws, the turn-over, 3 draws to pointer 5 with one used.
    expect(moves(packed(pyramid, talon, 1, 0), packed(pyramid, talon, 5, 1), false)).toBe(25);
    expect(moves(packed(pyramid, talon, 1, 0), packed(pyramid, talon, 5, 2), false)).toBe(25 + 23);
    expect(moves(packed(pyramid, talon, 20, 0), packed(pyramid, talon, 1, 1), false)).toBe(6);
    // Fewer turn-overs left is never reached back.
    expect(moves(packed(pyramid, talon, 1, 1), packed(pyramid, talon, 5, 0), false)).toBe(-1);
  });

  it('the table grouped by pyramid and talon walks past every taken position of a group when it looks one up', () => {
    const table = new StateTable(null, 1 << 4, 0, GROUP_HI, GROUP_LO);
    const members: { lo: number; hi: number }[] = [];
    for (let k = 0; k < 200; k++) {
      // 40 groups of 5 positions each, interleaved, so that the table grows and groups collide.
      const group = k % 40;
      const p = packed(group * 3 + 1, talon | (group << 4), 1 + Math.floor(k / 40), Math.floor(k / 80));
      table.intern(p.hi, p.lo);
      if (group === 7) members.push(p);
    }
    expect(members.length).toBe(5);
    for (const m of members) {
      const met = new Set<number>();
      for (let i = table.probeStart(m.hi, m.lo); table.idAtSlot(i) >= 0; i = table.nextSlot(i)) met.add(table.idAtSlot(i));
      for (const other of members) expect(met.has(table.lookup(other.hi, other.lo))).toBe(true);
    }
  });
});
