/**
 * Seeded random playouts of a Pyramide deal, for the difficulty's random-play win rate where
 * the exact rate (randomPlay.ts) would take too long: a player choosing uniformly among the
 * engine's legal moves, a playout lost the moment its position cannot be won.
 */
import { Sfc32 } from '../../codes/sfc32.js';
import { type PyramideDeal, talonOf } from './deal.js';
import type { PyramideDecisionSpace } from './decisionSpace.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE } from './layout.js';
import type { PyramideRules } from './rules.js';

/** A playout longer than this is stopped and counted lost (noted; a win needs far fewer). */
export const PLAYOUT_MOVE_CAP = 20_000;
const RANDOM_PLAY_SALT = 0x52414e44;

/** A 32-bit seed from the deal's cards, so the same deal always gets the same playouts. */
function dealSeed(deal: PyramideDeal): number {
  let h = 0x811c9dc5;
  const mix = (c: number): void => {
    h ^= c + 1;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  for (const c of deal.pyramid) mix(c);
  for (const c of talonOf(deal) ?? []) mix(c);
  return h >>> 0;
}

/**
 * Uniform random play through the engine's moves on packed state: pyramid mask, talon cards
 * removed, the waste/stock boundary, seeded by the deal's cards. Returns the number of wins; `capped` counts playouts
 * stopped at the move cap.
 *
 * The moves of a position are numbered in one fixed order (pyramid Kings, the waste King,
 * then per available card its pairs in the pyramid and its pair with the waste top, then the
 * draw or turn-over), and the player picks a number. The pyramid's part changes only with
 * a removal, so it is listed once per pyramid and the draws between removals (most of a
 * random player's moves) only count the waste top's moves and find the one picked.
 */
export function randomPlayouts(
  space: PyramideDecisionSpace,
  rules: PyramideRules,
  deal: PyramideDeal,
  playouts: number,
): { wins: number; capped: number } {
  const rng = new Sfc32(RANDOM_PLAY_SALT, dealSeed(deal));
  const value = space.value;
  const tv = space.talonValue;
  // The pyramid's moves, for the mask `listed`: available cards, their pair partners.
  const avail = new Int32Array(PYRAMID_SIZE);
  const kings = new Int32Array(PYRAMID_SIZE);
  const pairStart = new Int32Array(PYRAMID_SIZE + 1);
  const partner = new Int32Array(PYRAMID_SIZE * PYRAMID_SIZE);
  const availOfValue = new Int32Array(14);
  const startNext = rules.wasteStartsEmpty ? 0 : 1;
  const cycles = rules.passes === Infinity;
  let wins = 0;
  let capped = 0;
  for (let g = 0; g < playouts; g++) {
    let mask = 0;
    let listed = -1;
    let n = 0;
    let nKings = 0;
    let nPairs = 0;
    let talonRemoved = 0;
    let next = startNext;
    let usage = 0;
    let steps = 0;
    let outcome = 0; // 1 won, -1 lost
    while (outcome === 0) {
      if (++steps > PLAYOUT_MOVE_CAP) {
        capped++;
        break;
      }
      if (listed !== mask) {
        listed = mask;
        n = 0;
        nKings = 0;
        nPairs = 0;
        availOfValue.fill(0);
        for (let t = ~mask & FULL_PYRAMID; t !== 0; t &= t - 1) {
          const i = 31 - Math.clz32(t & -t);
          if ((mask & COVER_MASK[i]!) === COVER_MASK[i]) {
            avail[n++] = i;
            availOfValue[value[i]!]!++;
            if (value[i] === 13) kings[nKings++] = i;
          }
        }
        for (let a = 0; a < n; a++) {
          pairStart[a] = nPairs;
          const va = value[avail[a]!]!;
          for (let b = a + 1; b < n; b++) if (va + value[avail[b]!]! === 13) partner[nPairs++] = avail[b]!;
        }
        pairStart[n] = nPairs;
      }
      // The waste top (the highest talon card in play below the boundary) and the stock top.
      const below = ~talonRemoved & ((1 << next) - 1);
      const top = below === 0 ? -1 : 31 - Math.clz32(below);
      const above = ~talonRemoved & 0xffffff & ~((1 << next) - 1);
      const stockTop = above === 0 ? -1 : 31 - Math.clz32(above & -above);
      const vt = top >= 0 ? tv[top]! : 0;
      const wasteKing = vt === 13 ? 1 : 0;
      const wastePairs = vt >= 1 && vt <= 12 ? availOfValue[13 - vt]! : 0;
      const talonMove = stockTop >= 0 || (top >= 0 && cycles) ? 1 : 0;
      const k = nKings + wasteKing + nPairs + wastePairs + talonMove;
      if (k === 0) {
        outcome = -1;
        break;
      }
      const pick = rng.uniform(k);
      if (pick === k - talonMove) {
        // The talon move (numbered last): a draw, or the turn-over once the stock is empty.
        next = stockTop >= 0 ? stockTop + 1 : 0;
        continue;
      }
      let a = -1; // pyramid card removed, or none
      let b = -1; // its partner in the pyramid
      let waste = false; // the waste top removed
      if (pick < nKings) a = kings[pick]!;
      else if (pick < nKings + wasteKing) waste = true;
      else {
        let r = pick - nKings - wasteKing;
        for (let i = 0; a < 0; i++) {
          const own = pairStart[i + 1]! - pairStart[i]!;
          const withWaste = vt !== 0 && value[avail[i]!]! + vt === 13 ? 1 : 0;
          if (r < own) {
            a = avail[i]!;
            b = partner[pairStart[i]! + r]!;
          } else if (r < own + withWaste) {
            a = avail[i]!;
            waste = true;
          } else r -= own + withWaste;
        }
      }
      if (a >= 0) mask |= 1 << a;
      if (b >= 0) mask |= 1 << b;
      if (waste) {
        talonRemoved |= 1 << top;
        usage = space.useTalon(usage, vt);
      }
      if (mask === FULL_PYRAMID) outcome = 1;
      else if (!space.winnable(space.closeKings(mask), usage)) outcome = -1;
    }
    if (outcome === 1) wins++;
  }
  return { wins, capped };
}
