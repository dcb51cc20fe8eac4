/**
 * Forced pairs in the searches for a win (`FullStateSpace.successors` with `forced`): an
 * available card with one partner left in the whole game, that partner available now (a
 * pyramid card, the waste top, or the stock top where it plays), is played before anything
 * else. Checked here against a count of partners written from the pyramid's geometry and the
 * deal's cards, on positions met by random play; then the minimum-move search with them
 * against the search without them, and winnability alone against the full analysis.
 */
import { describe, expect, it } from 'vitest';
import { rankOf } from '../../../src/cards/card.js';
import { dealFromNumber, talonOf } from '../../../src/games/pyramide/deal.js';
import { FULL_PYRAMID, PYRAMID_SIZE, TALON_SIZE } from '../../../src/games/pyramide/layout.js';
import { APP_RULES, MSC_RULES, type PyramideRules, rulesName } from '../../../src/games/pyramide/rules.js';
import { ALL_TALON, FullStateSpace, MAX_MOVES, pointerOf } from '../../../src/games/pyramide/solver/fullState.js';
import { startPosition } from '../../../src/games/pyramide/solver/position.js';
import { MINIMUM_CASES, minimumsAgree, WINNABILITY_RULES, winnabilityAgrees } from './forcedPairsChecks.js';
import { liesOn, place } from './geometry.js';

function isAvailable(p: number, removed: number): boolean {
  if ((removed >> p) & 1) return false;
  for (let q = 0; q < PYRAMID_SIZE; q++) if (((removed >> q) & 1) === 0 && liesOn(q, p) && place(q).row === place(p).row + 1) return false;
  return true;
}

/** Whether `q` covers `p` directly (one row down, the same place or the next). */
function coversDirectly(q: number, p: number): boolean {
  const a = place(p);
  const b = place(q);
  return b.row === a.row + 1 && (b.col === a.col || b.col === a.col + 1);
}

/**
 * The forced pair of a packed position as the rules say it, or null: no King available, and an
 * available card whose partners left (pyramid cards of its partner value neither on it nor
 * under it, or with pair-covering covering it or covered by it directly; and talon cards of
 * that value) are one card, available now (a pyramid card, the waste top, or the stock top
 * where it plays).
 */
function expectedForcedPair(rules: PyramideRules, values: number[], talon: number[], lo: number, hi: number): [number, number] | null {
  if (rules.strictWin || rules.pairBeneath) return null;
  const removed = lo & FULL_PYRAMID;
  const talonRemoved = hi & ALL_TALON;
  const next = pointerOf(lo, hi);
  for (let p = 0; p < PYRAMID_SIZE; p++) if (values[p] === 13 && isAvailable(p, removed)) return null;
  let wasteTop = -1;
  for (let i = next - 1; i >= 0 && wasteTop < 0; i--) if (((talonRemoved >> i) & 1) === 0) wasteTop = i;
  let stockTop = -1;
  for (let i = next; i < TALON_SIZE && stockTop < 0 && rules.stockTopAvailable; i++) if (((talonRemoved >> i) & 1) === 0) stockTop = i;
  for (let x = 0; x < PYRAMID_SIZE; x++) {
    if (!isAvailable(x, removed)) continue;
    const w = 13 - values[x]!;
    const inPyramid: number[] = [];
    for (let y = 0; y < PYRAMID_SIZE; y++) {
      if (((removed >> y) & 1) === 1 || values[y] !== w) continue;
      const apart = !liesOn(x, y) && !liesOn(y, x);
      const touching = coversDirectly(x, y) || coversDirectly(y, x);
      if (apart || (rules.pairCovering && touching)) inPyramid.push(y);
    }
    const inTalon: number[] = [];
    for (let i = 0; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0 && talon[i] === w) inTalon.push(i);
    if (inPyramid.length + inTalon.length !== 1) continue;
    if (inPyramid.length === 1 && isAvailable(inPyramid[0]!, removed)) return [x, inPyramid[0]!];
    if (inTalon.length === 1 && inTalon[0] === wasteTop) return [x, PYRAMID_SIZE + wasteTop];
    if (inTalon.length === 1 && inTalon[0] === stockTop) return [x, PYRAMID_SIZE + stockTop];
  }
  return null;
}

function generator(seed: number): () => number {
  return () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 8;
  };
}

describe('forced pairs', () => {
  for (const rules of [
    APP_RULES,
    { ...APP_RULES, passes: 1 },
    MSC_RULES,
    { ...APP_RULES, pairCovering: true },
    { ...APP_RULES, pairBeneath: true },
    { ...MSC_RULES, strictWin: true },
  ]) {
    it(`are played alone exactly where the rules force them (${rulesName(rules)})`, () => {
      const outLo = new Uint32Array(MAX_MOVES);
      const outHi = new Uint32Array(MAX_MOVES);
      const outMove = new Int32Array(MAX_MOVES);
      const allLo = new Uint32Array(MAX_MOVES);
      const allHi = new Uint32Array(MAX_MOVES);
      const allMove = new Int32Array(MAX_MOVES);
      let forcedSeen = 0;
      for (let code = 0; code < 60; code++) {
        const deal = dealFromNumber(code);
        const space = new FullStateSpace(deal, rules);
        const values = deal.pyramid.map((c) => rankOf(c));
        const talon = talonOf(deal)!.map((c) => rankOf(c));
        const random = generator(code + 7);
        const s = startPosition(rules);
        let { lo, hi } = space.pack(s.removed, s.talonRemoved, s.next, s.passesUsed);
        for (let step = 0; step < 40 && !space.isWon(lo, hi); step++) {
          const all = space.successors(lo, hi, allLo, allHi, allMove);
          if (all === 0) break;
          const n = space.successors(lo, hi, outLo, outHi, outMove, true);
          const expected = expectedForcedPair(rules, values, talon, lo, hi);
          if (expected === null) {
            // Nothing forced: the same successors.
            expect(n).toBe(all);
          } else {
            forcedSeen++;
            expect(n).toBe(1);
            // A pair of those two cards, with no draw first, and one of the successors anyway.
            expect(FullStateSpace.stepsOf(outMove[0]!)).toBe(0);
            const cards = [(outMove[0]! >> 2) & 63, (outMove[0]! >> 8) & 63].sort((a, b) => a - b);
            expect(cards).toEqual([...expected].sort((a, b) => a - b));
            let among = false;
            for (let k = 0; k < all; k++) if (allLo[k] === outLo[0] && allHi[k] === outHi[0]) among = true;
            expect(among).toBe(true);
          }
          const k = random() % all;
          lo = allLo[k]!;
          hi = allHi[k]!;
        }
      }
      if (forcedPairsApply(rules)) expect(forcedSeen).toBeGreaterThan(20);
      else expect(forcedSeen).toBe(0);
    });
  }

  // The first 9 deals hold won and lost ones under each rule set.
  for (const rules of WINNABILITY_RULES) {
    it(`leave winnability alone (the search for a win, which plays them) as the full analysis says (${rulesName(rules)}; 9 deals, the long checks: 25)`, () => {
      winnabilityAgrees(rules, 9);
    }, 120_000);
  }

  for (const { rules, codes } of MINIMUM_CASES) {
    it(`leave every minimum as it was, in fewer positions (${rulesName(rules)})`, () => {
      minimumsAgree(rules, codes);
    }, 120_000);
  }
});

/** Whether the rules let forced pairs be played alone. */
function forcedPairsApply(rules: PyramideRules): boolean {
  return !rules.strictWin && !rules.pairBeneath;
}
