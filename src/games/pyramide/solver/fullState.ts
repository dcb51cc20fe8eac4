/**
 * The whole Pyramide position packed into two 32-bit words, and its moves, for the exact
 * searches (minimum moves; every rule set where the stock order matters).
 *
 *   lo = pyramid cards removed (bits 0-27) | low 4 bits of `next` (bits 28-31)
 *   hi = talon cards removed (bits 0-23)   | high bit of `next` (bit 24) | turn-overs used (bits 25-30)
 *
 * `next` is the engine's boundary between waste and stock, always moved past removed
 * cards so that one position has one key. Suits never matter, so two positions whose talon
 * cards left read the same values in the same order, split the same way between waste and
 * stock, are the same position: `pack` keeps one of them, the one whose cards left lie
 * earliest in the talon (see `canonicalTalon`), and a line's talon cards are named by their
 * place among the cards left (`toMoveIn`). Nothing here allocates per position: moves are
 * written into typed-array buffers the caller owns.
 */
import { rankOf } from '../../../cards/card.js';
import type { PyramideDeal } from '../deal.js';
import { talonOf } from '../deal.js';
import type { PyramideMove } from '../engine.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, pairableMasks, popcount, soleAvailableCover, TALON_SIZE } from '../layout.js';
import type { PyramideRules } from '../rules.js';
import { NO_WIN, RelaxedGame } from './relaxed.js';

const MOVE_KING = 0;
const MOVE_PAIR = 1;
const MOVE_DRAW = 2;

/** Card locations in move codes: 0-27 pyramid positions, 28-51 talon indexes. */
export const TALON_BASE = PYRAMID_SIZE;
export const ALL_TALON = (1 << TALON_SIZE) - 1;

/** The waste/stock boundary `next` of a packed position (0 to 24). */
export function pointerOf(lo: number, hi: number): number {
  return ((lo >>> 28) & 15) | (((hi >>> 24) & 1) << 4);
}

/** The turn-overs a packed position has used. */
export function turnOversOf(hi: number): number {
  return (hi >>> 25) & 63;
}

function moveCode(kind: number, a = 0, b = 0): number {
  return kind | (a << 2) | (b << 8);
}

/** Room for every successor of one position: removals after each of up to 48 draws and turn-overs. */
export const MAX_MOVES = 8192;
/** Slots of `canonicalTalon`'s memo: 2^12. */
const CANON_BITS = 12;
/** `usageOf`'s tables each cover half the talon. */
const USAGE_BITS = TALON_SIZE / 2;
const USAGE_MASK = (1 << USAGE_BITS) - 1;

export class FullStateSpace {
  readonly value = new Int32Array(PYRAMID_SIZE + TALON_SIZE);
  readonly #avail = new Int32Array(PYRAMID_SIZE + 4);
  /** Set by `successors`: per value, the pyramid cards of that value it may remove (bit per position). */
  readonly #availOf = new Int32Array(14);
  /** The same pyramid with the talon free: bounds and proofs of loss, memoised. */
  readonly relaxed: RelaxedGame;
  /**
   * The relaxed game's usage number of any set of removed talon cards, summed from two tables:
   * the sets of the talon's first USAGE_BITS cards, and of its last (each card adds its value's step).
   */
  readonly #usageLow = new Int32Array(1 << USAGE_BITS);
  readonly #usageHigh = new Int32Array(1 << USAGE_BITS);
  /** For each position, the positions it could ever pair with (neither lies under the other). */
  readonly compatible: Int32Array;
  /** `nextOfValue[v * 25 + i]`: the first talon index from i on holding a card of value v (24: none). */
  readonly #nextOfValue = new Int8Array(14 * (TALON_SIZE + 1));
  // `canonicalTalon`'s memo, one slot per hash of the talon cards removed (a slot keeps the last
  // set that hashed to it: a deal meets the same sets again and again, bench/README.md).
  readonly #canonKeys = new Int32Array(1 << CANON_BITS).fill(-1);
  readonly #canonOf = new Int32Array(1 << CANON_BITS);
  /** Per value, the talon indices holding it (bit per index). */
  readonly #talonOfValue = new Int32Array(14);
  /**
   * Whether `successors` may play a forced pair alone (see `forcedPair`): not where a waste
   * card may pair with the one beneath it (a talon card taken out of the waste would make
   * others meet), nor where every card must go.
   */
  readonly #forcedPairsSafe: boolean;

  constructor(
    readonly deal: PyramideDeal,
    readonly rules: PyramideRules,
  ) {
    const talon = talonOf(deal);
    if (!talon) throw new Error('the full search needs the whole stock order');
    for (let i = 0; i < PYRAMID_SIZE; i++) this.value[i] = rankOf(deal.pyramid[i]!);
    for (let i = 0; i < TALON_SIZE; i++) this.value[TALON_BASE + i] = rankOf(talon[i]!);
    this.compatible = pairableMasks(this.value.subarray(0, PYRAMID_SIZE), rules.pairCovering);
    this.relaxed = new RelaxedGame(deal, rules.pairCovering);
    const step = (i: number): number => this.relaxed.usageOf(this.value[TALON_BASE + i]!);
    for (let m = 1; m < 1 << USAGE_BITS; m++) {
      const i = 31 - Math.clz32(m & -m); // m is its lowest card plus the set without it
      this.#usageLow[m] = this.#usageLow[m & (m - 1)]! + step(i);
      this.#usageHigh[m] = this.#usageHigh[m & (m - 1)]! + step(USAGE_BITS + i);
    }
    for (let i = 0; i < TALON_SIZE; i++) this.#talonOfValue[this.value[TALON_BASE + i]!]! |= 1 << i;
    this.#forcedPairsSafe = !rules.strictWin && !rules.pairBeneath;
    for (let v = 0; v < 14; v++) {
      this.#nextOfValue[v * (TALON_SIZE + 1) + TALON_SIZE] = TALON_SIZE;
      for (let i = TALON_SIZE - 1; i >= 0; i--) {
        this.#nextOfValue[v * (TALON_SIZE + 1) + i] =
          this.value[TALON_BASE + i] === v ? i : this.#nextOfValue[v * (TALON_SIZE + 1) + i + 1]!;
      }
    }
  }

  /**
   * The talon cards removed of the position kept among those alike (see the top of this file):
   * the values of the cards left, in order, taken each at the first index that holds its value
   * after the one before. The real cards left are one way of reading those values off the
   * talon in order, so this way exists, and it is the same for every set of cards left that
   * reads the same.
   */
  #canonicalTalon(talonRemoved: number): number {
    const slot = Math.imul(talonRemoved, 0x9e3779b1) >>> (32 - CANON_BITS);
    if (this.#canonKeys[slot] === talonRemoved) return this.#canonOf[slot]!;
    const nextOfValue = this.#nextOfValue;
    let out = ALL_TALON;
    let from = 0;
    for (let left = ~talonRemoved & ALL_TALON; left !== 0; left &= left - 1) {
      const v = this.value[TALON_BASE + 31 - Math.clz32(left & -left)]!;
      const j = nextOfValue[v * (TALON_SIZE + 1) + from]!;
      out &= ~(1 << j);
      from = j + 1;
    }
    this.#canonKeys[slot] = talonRemoved;
    this.#canonOf[slot] = out;
    return out;
  }

  // Scratch output of `pack`, so packing allocates nothing.
  readonly #packed = { lo: 0, hi: 0 };

  pack(removed: number, talonRemoved: number, next: number, passes: number): { lo: number; hi: number } {
    const kept = this.#canonicalTalon(talonRemoved);
    if (kept !== talonRemoved) {
      // The same split: as many waste cards, now the first ones left in the kept set.
      let left = ~kept & ALL_TALON;
      for (let waste = popcount(~talonRemoved & ALL_TALON & ((1 << next) - 1)); waste > 0; waste--) left &= left - 1;
      next = left === 0 ? TALON_SIZE : 31 - Math.clz32(left & -left);
      talonRemoved = kept;
    }
    while (next < TALON_SIZE && ((talonRemoved >> next) & 1) === 1) next++;
    if (this.rules.passes === Infinity) passes = 0;
    this.#packed.lo = (removed | ((next & 15) << 28)) >>> 0;
    this.#packed.hi = (talonRemoved | ((next >> 4) << 24) | (passes << 25)) >>> 0;
    return this.#packed;
  }

  isWon(lo: number, hi: number): boolean {
    if ((lo & FULL_PYRAMID) !== FULL_PYRAMID) return false;
    return !this.rules.strictWin || (hi & ALL_TALON) === ALL_TALON;
  }

  removedCount(lo: number): number {
    return popcount(lo & FULL_PYRAMID);
  }

  /** Set by `successors`: the position, or the end of its drawing, has no move at all. */
  deadEnd = false;

  /**
   * Writes the successors of a position into `outLo` / `outHi` / `outMove` and returns how
   * many; `moveCost(code)` tells how many moves each stands for.
   *
   * Draws are compressed: a successor is a removal, preceded by the draws and turn-overs
   * that bring the cards it uses to the top ("draw 5 times, then 9♣ + 4♦" is one step of
   * cost 6). Nothing is lost: a removal inside the pyramid does not depend on the stock,
   * so in any line it can be played before the draws that precede it, and draws that no
   * removal follows are never needed. Stopping after one full cycle is safe because going
   * round again reaches the same position later, with more turn-overs used.
   *
   * When a King in the pyramid can be removed, that is the only successor: it must go in
   * every win, it only uncovers cards, and removing it first loses nothing. With `forced`
   * (searches for a win only: see `forcedPair`), so is a pair that every win plays.
   */
  successors(lo: number, hi: number, outLo: Uint32Array, outHi: Uint32Array, outMove: Int32Array, forced = false): number {
    const rules = this.rules;
    const value = this.value;
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    const startNext = pointerOf(lo, hi);
    const startPasses = turnOversOf(hi);
    const avail = this.#avail;
    const availOf = this.#availOf;
    let n = 0;
    let out = 0;
    this.deadEnd = false;

    for (let v = 0; v < 14; v++) availOf[v] = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((removed >> i) & 1) === 0 && (removed & COVER_MASK[i]!) === COVER_MASK[i]) {
        if (value[i] === 13) {
          const p = this.pack(removed | (1 << i), talonRemoved, startNext, startPasses);
          outLo[0] = p.lo;
          outHi[0] = p.hi;
          outMove[0] = moveCode(MOVE_KING, i);
          return 1;
        }
        avail[n++] = i;
        availOf[value[i]!]! |= 1 << i;
      }
    }
    if (forced && this.#forcedPairsSafe && this.#forcedPair(removed, talonRemoved, startNext, startPasses, n, outLo, outHi, outMove))
      return 1;

    // Removals inside the pyramid.
    for (let a = 0; a < n; a++) {
      const la = avail[a]!;
      const va = value[la]!;
      for (let b = a + 1; b < n; b++) {
        const lb = avail[b]!;
        if (va + value[lb]! === 13) out = this.#emit(la, lb, 0, removed, talonRemoved, startNext, startPasses, outLo, outHi, outMove, out);
      }
    }
    if (rules.pairCovering) {
      for (let x = 0; x < PYRAMID_SIZE; x++) {
        const y = soleAvailableCover(removed, x);
        if (y < 0 || value[x]! + value[y]! !== 13) continue;
        out = this.#emit(x, y, 0, removed, talonRemoved, startNext, startPasses, outLo, outHi, outMove, out);
      }
    }
    const pyramidMoves = out;

    // Removals with the talon, after 0, 1, 2, ... draws and turn-overs.
    const talonLeft = ~talonRemoved & ALL_TALON;
    let next = startNext;
    let passes = startPasses;
    for (let steps = 0; ; steps++) {
      const waste = talonLeft & ((1 << next) - 1);
      const stock = talonLeft & ~((1 << next) - 1);
      const wasteTop = waste === 0 ? -1 : 31 - Math.clz32(waste);
      const stockTop = stock === 0 ? -1 : 31 - Math.clz32(stock & -stock);
      const before = out;
      const top = wasteTop >= 0 ? TALON_BASE + wasteTop : -1;
      const shown = rules.stockTopAvailable && stockTop >= 0 ? TALON_BASE + stockTop : -1;
      for (let which = 0; which < 2; which++) {
        const loc = which === 0 ? top : shown;
        if (loc < 0) continue;
        if (value[loc] === 13) {
          out = this.#emit(loc, -1, steps, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
          // Under a strict win a King on top must go anyway: nothing else to try first.
          if (rules.strictWin && steps === 0) {
            outLo[0] = outLo[out - 1]!;
            outHi[0] = outHi[out - 1]!;
            outMove[0] = outMove[out - 1]!;
            return 1;
          }
          continue;
        }
        // The available pyramid cards of the partner value, lowest position first.
        for (let q = availOf[13 - value[loc]!]!; q !== 0; q &= q - 1) {
          out = this.#emit(31 - Math.clz32(q & -q), loc, steps, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
        }
      }
      if (top >= 0 && shown >= 0 && value[top]! + value[shown]! === 13) {
        out = this.#emit(top, shown, steps, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
      }
      if (rules.pairBeneath && wasteTop >= 0) {
        for (let i = wasteTop - 1; i >= 0; i--) {
          if (((talonRemoved >> i) & 1) === 0) {
            if (value[top]! + value[TALON_BASE + i]! === 13) {
              out = this.#emit(top, TALON_BASE + i, steps, removed, talonRemoved, next, passes, outLo, outHi, outMove, out);
            }
            break;
          }
        }
      }
      // One more draw, or a turn-over when the stock is empty.
      if (stockTop >= 0) next = stockTop + 1;
      else if (wasteTop >= 0 && passes < rules.passes) {
        next = 0;
        if (rules.passes !== Infinity) passes++;
      } else {
        // Nothing left to draw: a dead end when nothing can be removed here either.
        if (out === before && pyramidMoves === 0) this.deadEnd = true;
        break;
      }
      const after = talonLeft & ~((1 << next) - 1);
      next = after === 0 ? TALON_SIZE : 31 - Math.clz32(after & -after);
      if (next === startNext) break; // a full cycle: back where we started
    }
    return out;
  }

  /**
   * The position after one draw, or a turn-over when the stock is empty (into `pack`'s
   * scratch object, as `successors` would pack it); false when neither is possible.
   */
  drawOnce(lo: number, hi: number): boolean {
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    let next = pointerOf(lo, hi);
    let passes = turnOversOf(hi);
    const talonLeft = ~talonRemoved & ALL_TALON;
    const stock = talonLeft & ~((1 << next) - 1);
    if (stock !== 0) next = 31 - Math.clz32(stock & -stock) + 1;
    else if ((talonLeft & ((1 << next) - 1)) !== 0 && passes < this.rules.passes) {
      next = 0;
      passes++;
    } else return false;
    this.pack(removed, talonRemoved, next, passes);
    return true;
  }

  /** Set by `drawOnce`. */
  get packedLo(): number {
    return this.#packed.lo;
  }

  get packedHi(): number {
    return this.#packed.hi;
  }

  #deadEnds: RelaxedGame | null = null;

  /**
   * With unlimited turn-overs, false when no dead end can be reached from the position: a
   * dead end then has an empty talon, and every line to one is a line of the relaxed game
   * (with talon cards pairing together too when the rules allow it).
   */
  deadEndAhead(lo: number, hi: number): boolean {
    if (this.#deadEnds === null) {
      const talonPairs = this.rules.pairBeneath || this.rules.stockTopAvailable;
      this.#deadEnds = talonPairs ? new RelaxedGame(this.deal, this.rules.pairCovering, true) : this.relaxed;
    }
    return this.#deadEnds.deadEndReachable(lo & FULL_PYRAMID, this.usageOf(hi));
  }

  /** The relaxed game's usage number of a position's removed talon cards. */
  usageOf(hi: number): number {
    return this.#usageLow[hi & USAGE_MASK]! + this.#usageHigh[(hi >>> USAGE_BITS) & USAGE_MASK]!;
  }

  /** True when the game can no longer be won: the pyramid cannot be cleared even with the talon free, or (strict win) a talon card can never go. */
  cannotWin(lo: number, hi: number): boolean {
    if (this.rules.strictWin && this.talonStuck(lo, hi)) return true;
    return this.relaxed.minRemovals(lo & FULL_PYRAMID, this.usageOf(hi)) === NO_WIN;
  }

  /** At most this many pyramid cards can be removed from the position (the relaxed game's figure). */
  maxRemovable(lo: number, hi: number): number {
    return this.relaxed.maxRemovable(lo & FULL_PYRAMID, this.usageOf(hi));
  }

  /**
   * True when some talon card can never be removed: not a King, and no card of its partner
   * value left in the pyramid or (where two talon cards may pair) the talon. With unlimited
   * turn-overs the game then never ends in "no more moves".
   */
  talonStuck(lo: number, hi: number): boolean {
    const removed = lo & FULL_PYRAMID;
    const talonRemoved = hi & ALL_TALON;
    const value = this.value;
    let left = 0; // bit v: a card of value v is left where a talon card could meet it
    for (let i = 0; i < PYRAMID_SIZE; i++) if (((removed >> i) & 1) === 0) left |= 1 << value[i]!;
    let talonLeft = 0;
    for (let i = 0; i < TALON_SIZE; i++) if (((talonRemoved >> i) & 1) === 0) talonLeft |= 1 << value[TALON_BASE + i]!;
    if (this.rules.stockTopAvailable || this.rules.pairBeneath) left |= talonLeft;
    for (let v = 1; v <= 12; v++) if (((talonLeft >> v) & 1) !== 0 && ((left >> (13 - v)) & 1) === 0) return true;
    return false;
  }

  /** How many moves a successor's code stands for: its draws and turn-overs, plus the removal. */
  static moveCost(code: number): number {
    return (code >>> 14) + 1;
  }

  /** The draws and turn-overs a successor's code plays before its removal. */
  static stepsOf(code: number): number {
    return code >>> 14;
  }

  /**
   * A pair that every win plays, playable now at no draw, written as the only successor (true),
   * or false. An available card with one partner left in the whole game (one pyramid card it
   * could ever meet, or one talon card, of its partner value) must go with that partner in
   * every win; when that partner is an available pyramid card, the waste top or (where it
   * plays) the stock top, playing the pair first loses nothing. Take any win: the same moves
   * with this pair first remain legal (removing the card only uncovers others; the talon card
   * gone, every other waste top and stock top stays the top, and a draw of it is skipped),
   * and none costs more. So some shortest win starts with it. Only for searches of wins: a
   * line that is no win may give the partner to another card instead, or stop where this one
   * goes on (the most cards removed, dead ends).
   */
  #forcedPair(
    removed: number,
    talonRemoved: number,
    next: number,
    passes: number,
    n: number,
    outLo: Uint32Array,
    outHi: Uint32Array,
    outMove: Int32Array,
  ): boolean {
    const value = this.value;
    const talonLeft = ~talonRemoved & ALL_TALON;
    const waste = talonLeft & ((1 << next) - 1);
    const wasteTop = waste === 0 ? -1 : 31 - Math.clz32(waste);
    const stock = talonLeft & ~waste;
    const stockTop = this.rules.stockTopAvailable && stock !== 0 ? 31 - Math.clz32(stock & -stock) : -1;
    for (let a = 0; a < n; a++) {
      const x = this.#avail[a]!;
      const w = 13 - value[x]!;
      const inPyramid = this.compatible[x]! & ~removed;
      const inTalon = talonLeft & this.#talonOfValue[w]!;
      if (inPyramid !== 0) {
        // One pyramid partner, no talon one, and that partner available now.
        if ((inPyramid & (inPyramid - 1)) !== 0 || inTalon !== 0 || (this.#availOf[w]! & inPyramid) === 0) continue;
        const y = 31 - Math.clz32(inPyramid);
        this.#emit(Math.min(x, y), Math.max(x, y), 0, removed, talonRemoved, next, passes, outLo, outHi, outMove, 0);
        return true;
      }
      // One talon partner, on the waste top or the stock top that plays.
      const top = wasteTop >= 0 && inTalon === 1 << wasteTop ? wasteTop : stockTop >= 0 && inTalon === 1 << stockTop ? stockTop : -1;
      if (top < 0) continue;
      this.#emit(x, TALON_BASE + top, 0, removed, talonRemoved, next, passes, outLo, outHi, outMove, 0);
      return true;
    }
    return false;
  }

  /** Writes one removal (one card when `lb` is -1) after `steps` draws and turn-overs. */
  #emit(
    la: number,
    lb: number,
    steps: number,
    removed: number,
    talonRemoved: number,
    next: number,
    passes: number,
    outLo: Uint32Array,
    outHi: Uint32Array,
    outMove: Int32Array,
    out: number,
  ): number {
    let r = removed;
    let t = talonRemoved;
    if (la < TALON_BASE) r |= 1 << la;
    else t |= 1 << (la - TALON_BASE);
    if (lb >= 0) {
      if (lb < TALON_BASE) r |= 1 << lb;
      else t |= 1 << (lb - TALON_BASE);
    }
    const p = this.pack(r, t, next, passes);
    outLo[out] = p.lo;
    outHi[out] = p.hi;
    outMove[out] = (lb < 0 ? moveCode(MOVE_KING, la) : moveCode(MOVE_PAIR, la, lb)) | (steps << 14);
    return out + 1;
  }

  /**
   * The engine's removal for a successor's code (its draws come first; see `stepsOf`), played
   * where the engine's talon cards removed are `talonRemoved`: the code names a talon card of
   * the position kept (see `pack`), and the card meant is the one at the same place among the
   * cards left.
   */
  toMoveIn(code: number, talonRemoved: number): PyramideMove {
    const kind = code & 3;
    const kept = ~this.#canonicalTalon(talonRemoved) & ALL_TALON;
    const card = (loc: number): number => {
      if (loc < TALON_BASE) return this.deal.pyramid[loc]!;
      let left = ~talonRemoved & ALL_TALON;
      for (let before = popcount(kept & ((1 << (loc - TALON_BASE)) - 1)); before > 0; before--) left &= left - 1;
      return talonOf(this.deal)![31 - Math.clz32(left & -left)]!;
    };
    if (kind === MOVE_KING) return { kind: 'king', card: card((code >> 2) & 63) };
    if (kind === MOVE_PAIR) return { kind: 'pair', cards: [card((code >> 2) & 63), card((code >> 8) & 63)] };
    if (kind === MOVE_DRAW) return { kind: 'draw' };
    return { kind: 'turn-over' };
  }
}
