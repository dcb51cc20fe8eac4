import { describe, expect, it } from 'vitest';
import { rankOf } from '../../../src/cards/card.js';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { PYRAMID_SIZE, pairableMasks } from '../../../src/games/pyramide/layout.js';
import { liesOn, place } from './geometry.js';

/** Whether `a` directly covers `b` or `b` covers `a`. */
function touching(a: number, b: number): boolean {
  const covers = (top: number, bottom: number): boolean => {
    const t = place(top);
    const u = place(bottom);
    return t.row === u.row + 1 && (t.col === u.col || t.col === u.col + 1);
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
            const apart = !liesOn(x, y) && !liesOn(y, x);
            if (apart || (pairCovering && touching(x, y))) expected |= 1 << y;
          }
          expect(masks[x], `position ${x}, pair-covering ${pairCovering}`).toBe(expected);
        }
      }
    }
  });
});
