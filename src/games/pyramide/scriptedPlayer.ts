/**
 * A scripted Pyramide player that does not search, to check that the tiers mean something:
 * a King when one is free (pyramid first, then the waste top), otherwise a pair chosen
 * uniformly among the available pairs, otherwise a draw (a turn-over when the stock is
 * empty and the rules allow one). Seeded, so a run can be repeated. It loses when it has
 * no move, or when it has gone round the whole talon without a removal (nothing can change).
 */
import { rankOf } from '../../cards/card.js';
import { Sfc32 } from '../../codes/sfc32.js';
import { type PyramideDeal, talonOf } from './deal.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE } from './layout.js';
import type { PyramideRules } from './rules.js';

const SCRIPTED_SALT = 0x53435250;

/** How many of `games` seeded games the scripted player wins (the rules engine's moves, on packed state). */
export function scriptedWins(deal: PyramideDeal, rules: PyramideRules, games: number, seed: number): number {
  const talon = talonOf(deal);
  if (talon === null) throw new Error('the scripted player needs the stock order');
  const value = Int32Array.from(deal.pyramid, (c) => rankOf(c));
  const tv = Int32Array.from(talon, (c) => rankOf(c));
  const rng = new Sfc32(SCRIPTED_SALT, seed);
  const avail = new Int32Array(PYRAMID_SIZE);
  const pairs = new Int32Array(64);
  const WASTE = 28;
  let wins = 0;
  for (let g = 0; g < games; g++) {
    let mask = 0;
    let talonRemoved = 0;
    let next = rules.wasteStartsEmpty ? 0 : 1;
    let passes = 0;
    let idle = 0;
    for (;;) {
      if (mask === FULL_PYRAMID && (!rules.strictWin || talonRemoved === 0xffffff)) {
        wins++;
        break;
      }
      let n = 0;
      for (let i = 0; i < PYRAMID_SIZE; i++) {
        if (((mask >> i) & 1) === 0 && (mask & COVER_MASK[i]!) === COVER_MASK[i]) avail[n++] = i;
      }
      let top = -1;
      for (let i = next - 1; i >= 0; i--)
        if (((talonRemoved >> i) & 1) === 0) {
          top = i;
          break;
        }
      let stockTop = -1;
      for (let i = next; i < 24; i++)
        if (((talonRemoved >> i) & 1) === 0) {
          stockTop = i;
          break;
        }
      let king = -1;
      for (let a = 0; a < n && king < 0; a++) if (value[avail[a]!] === 13) king = avail[a]!;
      if (king >= 0) {
        mask |= 1 << king;
        idle = 0;
        continue;
      }
      if (top >= 0 && tv[top] === 13) {
        talonRemoved |= 1 << top;
        idle = 0;
        continue;
      }
      let k = 0;
      for (let a = 0; a < n; a++) {
        const pa = avail[a]!;
        for (let b = a + 1; b < n; b++) if (value[pa]! + value[avail[b]!]! === 13) pairs[k++] = pa | (avail[b]! << 6);
        if (top >= 0 && value[pa]! + tv[top]! === 13) pairs[k++] = pa | (WASTE << 6);
      }
      if (k > 0) {
        const m = pairs[rng.uniform(k)]!;
        mask |= 1 << (m & 63);
        const b = m >> 6;
        if (b === WASTE) talonRemoved |= 1 << top;
        else mask |= 1 << b;
        idle = 0;
        continue;
      }
      // Round the whole talon (every card on top once, plus the turn-over) without a removal: stuck.
      if (idle > 26) break;
      if (stockTop >= 0) next = stockTop + 1;
      else if (top >= 0 && passes < rules.passes) {
        next = 0;
        passes++;
      } else break;
      idle++;
    }
  }
  return wins;
}
