import { describe, expect, it } from 'vitest';
import { positionKey } from '../../../src/games/double/cycleKey.js';
import type { DoubleState } from '../../../src/games/double/engine.js';
import { openDouble } from '../../../src/games/double/index.js';
import { largestFirst } from '../../../src/games/double/largest.js';
import { LineIndex, LinePositions } from '../../../src/games/double/lineIndex.js';
import { mA, mB, mKind, sourceColumn, targetColumn } from '../../../src/games/double/move.js';
import { columnCodesInto, PositionKey } from '../../../src/games/double/positionKey.js';
import { seededRandom } from '../../support/random.js';
import { same, sameList } from '../../support/same.js';

/** Random games on a few deals of each rule set: every position met, in order. */
function* randomPositions(seed: number, games: number, steps: number): Generator<DoubleState> {
  const random = seededRandom(seed);
  for (const code of ['DS1-D1N-AAAAAAA', 'DS1-D3N-AAAAAAB', 'DS1-D1V-AAAAAAC']) {
    for (let game = 0; game < games; game++) {
      const s = openDouble({ kind: 'code', code }, {}).newState();
      for (let step = 0; step < steps; step++) {
        yield s;
        const legal = s.legalMoves();
        if (legal.length === 0) break;
        s.apply(legal[Math.floor(random() * legal.length)]!);
      }
    }
  }
}

describe('position keys written from the codes of the position one move before', () => {
  it('are the keys written whole, after every legal move along random games', () => {
    const whole = new PositionKey();
    const partial = new PositionKey();
    const before = new Uint32Array(2 * 9);
    const after = new Uint32Array(9);
    const fromScratch = new Uint32Array(9);
    let compared = 0;
    for (const s of randomPositions(7, 10, 250)) {
      columnCodesInto(s, before, 9);
      for (const m of s.legalMoves()) {
        const kind = mKind(m);
        s.apply(m);
        const a = sourceColumn(kind, mA(m));
        const b = targetColumn(kind, mB(m));
        sameList(partial.writeAfterMove(s, before, 9, a, b), whole.write(s, true));
        sameList(partial.writeAfterMove(s, before, 9, a, b, false), whole.write(s, false));
        columnCodesInto(s, after, 0, before, 9, a, b);
        columnCodesInto(s, fromScratch, 0);
        sameList(after, fromScratch);
        s.undo();
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20_000);
  });
});

describe('where a line last meets a position (the shortening jumps)', () => {
  it('tells positions apart exactly as the cycle key does', () => {
    // Along random games: two positions get the same index entry if and only if their cycle keys are equal.
    let checked = 0;
    let metAgain = 0;
    for (const code of ['DS1-D1N-AAAAAAA', 'DS1-D3N-AAAAAAB']) {
      const random = seededRandom(11);
      for (let game = 0; game < 10; game++) {
        const s = openDouble({ kind: 'code', code }, {}).newState();
        const index = new LineIndex();
        const byText = new Map<string, number>();
        for (let step = 0; step < 400; step++) {
          const text = positionKey(s);
          const known = byText.get(text) ?? -1;
          same(index.get(s), known);
          if (known >= 0) metAgain++;
          index.set(s, step);
          byText.set(text, step);
          checked++;
          const legal = s.legalMoves();
          if (legal.length === 0) break;
          // Moves to and fro (a card back onto the column it left) bring positions back often.
          s.apply(legal[Math.floor(random() * legal.length)]!);
        }
      }
    }
    expect(checked).toBeGreaterThan(5_000);
    expect(metAgain).toBeGreaterThan(100);
  });
});

describe('the positions of a line being cut (the shortening cycles)', () => {
  it('are found, and cut back, exactly as by the cycle key', () => {
    const random = seededRandom(5);
    let cut = 0;
    for (let game = 0; game < 20; game++) {
      const s = openDouble({ kind: 'code', code: 'DS1-D1N-AAAAAAB' }, {}).newState();
      const line = new LinePositions();
      const texts: string[] = [];
      const index = new Map<string, number>();
      const add = (): void => {
        line.push(s);
        index.set(positionKey(s), texts.length);
        texts.push(positionKey(s));
      };
      add();
      for (let step = 0; step < 300; step++) {
        const legal = s.legalMoves();
        if (legal.length === 0) break;
        s.apply(legal[Math.floor(random() * legal.length)]!);
        const at = index.get(positionKey(s)) ?? -1;
        same(line.indexOf(s), at);
        if (at < 0) {
          add();
          continue;
        }
        // Back to an earlier position: the line is cut back to it.
        line.truncate(at + 1);
        while (texts.length > at + 1) index.delete(texts.pop()!);
        cut++;
      }
    }
    expect(cut).toBeGreaterThan(50);
  });
});

describe('the largest keys first', () => {
  it('are the end of a full sort, reversed', () => {
    const random = seededRandom(3);
    for (let trial = 0; trial < 300; trial++) {
      const n = Math.floor(random() * 400);
      const count = 1 + Math.floor(random() * 130);
      const keys = new Float64Array(n + 5);
      const seen = new Set<number>();
      for (let i = 0; i < n; i++) {
        let x: number;
        do x = Math.floor(random() * 2 ** 40);
        while (seen.has(x));
        seen.add(x);
        keys[i] = x;
      }
      const expected = Array.from(keys.subarray(0, n))
        .sort((x, y) => y - x)
        .slice(0, count);
      const kept = largestFirst(keys, n, count);
      expect(kept).toBe(Math.min(n, count));
      expect(Array.from(keys.subarray(0, kept))).toEqual(expected);
    }
  });
});
