import { describe, expect, it } from 'vitest';
import { rankOf } from '../../../src/cards/card.js';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { PYRAMID_SIZE, pairableMasks } from '../../../src/games/pyramide/layout.js';

/** Row and place (both from 0) of a position, from the row lengths alone. */
function at(pos: number): { row: number; place: number } {
  let row = 0;
  while (((row + 1) * (row + 2)) / 2 <= pos) row++;
  return { row, place: pos - (row * (row + 1)) / 2 };
}

/** Whether `low` lies in the triangle under `high` (it must go before `high` is uncovered). */
function under(low: number, high: number): boolean {
  const h = at(high);
  const l = at(low);
  return l.row > h.row && l.place >= h.place && l.place <= h.place + (l.row - h.row);
}

/** Whether `a` directly covers `b` or `b` covers `a`. */
function touching(a: number, b: number): boolean {
  const covers = (top: number, bottom: number): boolean => {
    const t = at(top);
    const u = at(bottom);
    return t.row === u.row + 1 && (t.place === u.place || t.place === u.place + 1);
  };
  return covers(a, b) || covers(b, a);
}

describe('pairableMasks', () => {
  it('names, for each position, the cards of the partner value it could ever meet: pair by pair from the geometry', () => {
    let seed = 7;
    const random = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    const valueSets = [
      ...Array.from({ length: 20 }, (_, n) => dealFromNumber(n).pyramid.map(rankOf)),
      ...Array.from({ length: 20 }, () => Array.from({ length: PYRAMID_SIZE }, () => 1 + (random() % 13))),
    ];
    for (const values of valueSets) {
      for (const pairCovering of [false, true]) {
        const masks = pairableMasks(values, pairCovering);
        for (let x = 0; x < PYRAMID_SIZE; x++) {
          let expected = 0;
          for (let y = 0; y < PYRAMID_SIZE; y++) {
            if (values[x]! + values[y]! !== 13) continue;
            const apart = !under(x, y) && !under(y, x);
            if (apart || (pairCovering && touching(x, y))) expected |= 1 << y;
          }
          expect(masks[x], `position ${x}, pair-covering ${pairCovering}`).toBe(expected);
        }
      }
    }
  });
});
