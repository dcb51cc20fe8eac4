/**
 * The relaxed game: the pyramid as it is, the talon cards left as a free pool (any of them
 * may pair at any time, whatever its place). A position of it is the set of pyramid cards
 * removed plus how many talon cards of each value have been used, so a deal has only a few
 * thousand of them. For each one, memoised:
 *   - the fewest removals that clear the pyramid (NO_WIN when it cannot be cleared), and
 *   - the most pyramid cards removable, and
 *   - whether a dead end can be reached: no pyramid move left and every talon card that
 *     is not a King used (meaningful when the talon is free: the app's "no more moves").
 * Every line of the real game, under any rule set, is a line of the relaxed game once its
 * draws, turn-overs and talon-only removals are left out; so these figures bound the real
 * game's from the right side (a lower bound on removals, an upper bound on cards removable,
 * and "cannot be cleared" is exact). When the talon is free in the real game too
 * (`talonIsFree`), they are exact.
 */
import { rankOf } from '../../../cards/card.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import type { PyramideDeal } from '../deal.js';
import { talonCards } from '../deal.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, pairableMasks, popcount, soleAvailableCover } from '../layout.js';
import { TalonUsage } from './talonUsage.js';

export const NO_WIN = 255;
/** Needs of a position no line clears: every 3-bit digit at its top. */
const NO_NEED = 0o777777;

/** The digit-wise minimum of two words of six 3-bit digits. */
function minDigits(a: number, b: number): number {
  let out = 0;
  for (let shift = 0; shift < 18; shift += 3) out |= Math.min((a >>> shift) & 7, (b >>> shift) & 7) << shift;
  return out;
}
const DEAD_END = 1 << 16;
/** Scratch mark while a position's moves are merged: at least one removal was possible. */
const MOVED = 1 << 17;

/** A relaxed position's talon needs (see `RelaxedGame.needLo`): one per owner, filled in place. */
export class RelaxedNeeds {
  /** Values 1 to 6, 3 bits each. */
  lo = 0;
  /** Values 7 to 12, 3 bits each. */
  hi = 0;

  /** The talon cards of value w (1 to 12) needed. */
  of(w: number): number {
    return w <= 6 ? (this.lo >>> ((w - 1) * 3)) & 7 : (this.hi >>> ((w - 7) * 3)) & 7;
  }
}

export class RelaxedGame {
  readonly #value = new Int32Array(PYRAMID_SIZE);
  /** The talon by value, and the usage number (see talonUsage.ts). */
  readonly #talon = new TalonUsage();
  readonly #table = new StateTable(null, 1 << 10);
  /** Per relaxed position: fewest removals (bits 0-7), most removable (bits 8-15), dead end reachable (bit 16). */
  readonly #figures = new GrowableInt32Array(1 << 10);
  /**
   * Per relaxed position: the fewest talon cards of each value that any line clearing the
   * pyramid still uses, 3 bits per value (values 1-6 in the first word, 7-12 in the
   * second); NO_NEED when no line clears it. Every clearing line meets every one of them.
   */
  readonly #needLo = new GrowableInt32Array(1 << 10);
  readonly #needHi = new GrowableInt32Array(1 << 10);
  /** Scratch of `merge`: the children's needs so far. */
  #accLo = 0;
  #accHi = 0;
  /** Available pyramid cards, PYRAMID_SIZE slots per recursion depth. */
  readonly #avail = new Int32Array(PYRAMID_SIZE * (PYRAMID_SIZE + 2));
  /** For each position, the positions it could ever pair with. */
  readonly partners: Int32Array;
  /**
   * `talonPairs`: two talon cards may also pair with each other (drawn card beneath, or the
   * stock top): then only the dead-end figure is meant to be used (a move that removes no
   * pyramid card would count as a removal in the others).
   */
  readonly #pairCovering: boolean;
  readonly #talonPairs: boolean;

  constructor(deal: PyramideDeal, pairCovering: boolean, talonPairs = false) {
    this.#pairCovering = pairCovering;
    this.#talonPairs = talonPairs;
    for (let i = 0; i < PYRAMID_SIZE; i++) this.#value[i] = rankOf(deal.pyramid[i]!);
    for (const c of talonCards(deal)) this.#talon.count[rankOf(c)]!++;
    this.#talon.setRadix();
    this.partners = pairableMasks(this.#value, pairCovering);
  }

  /** Relaxed positions memoised so far. */
  get size(): number {
    return this.#table.size;
  }

  /** The usage number for a talon value used once more (0 for a King: Kings need no partner). */
  usageOf(v: number): number {
    return this.#talon.step(v);
  }

  /** The fewest removals that clear the pyramid, or NO_WIN. */
  minRemovals(removed: number, usage: number): number {
    return this.#figuresOf(removed, usage) & 255;
  }

  /** Whether a dead end can be reached (see above). */
  deadEndReachable(removed: number, usage: number): boolean {
    return (this.#figuresOf(removed, usage) & DEAD_END) !== 0;
  }

  /** The most pyramid cards removable (counting those already removed). */
  maxRemovable(removed: number, usage: number): number {
    return (this.#figuresOf(removed, usage) >>> 8) & 255;
  }

  /**
   * `minRemovals`, and into `needs` the fewest talon cards of each value that every line
   * clearing the pyramid still uses: the pyramid cards that cannot all pair inside it, cards
   * blocking each other included.
   */
  minRemovalsAndNeeds(removed: number, usage: number, needs: RelaxedNeeds): number {
    const id = this.#solve(removed, usage, 0);
    needs.lo = this.#needLo.data[id]!;
    needs.hi = this.#needHi.data[id]!;
    return this.#figures.data[id]! & 255;
  }

  #figuresOf(removed: number, usage: number): number {
    const id = this.#solve(removed, usage, 0);
    return this.#figures.data[id]!;
  }

  #left(usage: number, w: number): number {
    return this.#talon.unused(usage, w);
  }

  /** The id of a relaxed position, its figures computed (depth-first, memoised) if new. */
  #solve(removed: number, usage: number, depth: number): number {
    const id = this.#table.intern(removed, usage);
    if (!this.#table.lastWasNew) return id;
    this.#figures.ensure(id);
    this.#needLo.ensure(id);
    this.#needHi.ensure(id);
    const value = this.#value;
    if (removed === FULL_PYRAMID) {
      this.#figures.data[id] = (PYRAMID_SIZE << 8) | 0;
      this.#needLo.data[id] = 0;
      this.#needHi.data[id] = 0;
      return id;
    }
    const base = depth * PYRAMID_SIZE;
    const avail = this.#avail;
    let n = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((removed >> i) & 1) === 0 && (removed & COVER_MASK[i]!) === COVER_MASK[i]) {
        if (value[i] === 13) {
          // An available King goes first: it must go in every clearing line and only uncovers cards.
          const child = this.#solve(removed | (1 << i), usage, depth + 1);
          const f = this.#figures.data[child]!;
          const best = f & 255;
          this.#figures.data[id] = (f & ~255) | (best === NO_WIN ? NO_WIN : best + 1);
          this.#needLo.data[id] = this.#needLo.data[child]!;
          this.#needHi.data[id] = this.#needHi.data[child]!;
          return id;
        }
        avail[base + n++] = i;
      }
    }
    // Figures so far, packed as stored: most removable (bits 8-15), fewest removals (bits 0-7).
    let acc = (popcount(removed) << 8) | NO_WIN;
    this.#accLo = NO_NEED;
    this.#accHi = NO_NEED;
    for (let a = 0; a < n; a++) {
      const pa = avail[base + a]!;
      const va = value[pa]!;
      for (let b = a + 1; b < n; b++) {
        const pb = avail[base + b]!;
        if (va + value[pb]! === 13) acc = this.#merge(acc, removed | (1 << pa) | (1 << pb), usage, usage, depth);
      }
      const w = 13 - va;
      if (w <= 12 && this.#left(usage, w) > 0) acc = this.#merge(acc, removed | (1 << pa), usage + this.#talon.radix[w]!, usage, depth);
    }
    if (this.#pairCovering) {
      for (let x = 0; x < PYRAMID_SIZE; x++) {
        const y = soleAvailableCover(removed, x);
        if (y >= 0 && value[x]! + value[y]! === 13) acc = this.#merge(acc, removed | (1 << x) | (1 << y), usage, usage, depth);
      }
    }
    if (this.#talonPairs) {
      for (let v = 1; v <= 6; v++) {
        if (this.#left(usage, v) > 0 && this.#left(usage, 13 - v) > 0)
          acc = this.#merge(acc, removed, usage + this.#talon.radix[v]! + this.#talon.radix[13 - v]!, usage, depth);
      }
    }
    // No removal at all, and nothing left in the talon to pair: a dead end.
    if ((acc & MOVED) === 0 && usage === this.#talon.full) acc |= DEAD_END;
    this.#figures.data[id] = acc & ~MOVED;
    this.#needLo.data[id] = this.#accLo;
    this.#needHi.data[id] = this.#accHi;
    return id;
  }

  /** `acc` improved by one removal leading to (r, u) (and marked MOVED). */
  #merge(acc: number, r: number, u: number, usage: number, depth: number): number {
    // The solve below may recurse into merges of its own: keep this position's needs aside.
    const keepLo = this.#accLo;
    const keepHi = this.#accHi;
    const child = this.#solve(r, u, depth + 1); // first: it may grow the figures array
    const f = this.#figures.data[child]!;
    this.#accLo = keepLo;
    this.#accHi = keepHi;
    if ((f & 255) !== NO_WIN) {
      // The child's needs plus the talon cards this removal takes (u - usage, in usage digits).
      let lo = this.#needLo.data[child]!;
      let hi = this.#needHi.data[child]!;
      const took = u - usage;
      for (let w = 1; w <= 12; w++) {
        const n = this.#talon.used(took, w);
        if (n === 0) continue;
        if (w <= 6) lo += n << ((w - 1) * 3);
        else hi += n << ((w - 7) * 3);
      }
      this.#accLo = minDigits(this.#accLo, lo);
      this.#accHi = minDigits(this.#accHi, hi);
    }
    let best = acc & 255;
    let most = (acc >>> 8) & 255;
    const b = f & 255;
    if (b !== NO_WIN && b + 1 < best) best = b + 1;
    const m = (f >>> 8) & 255;
    if (m > most) most = m;
    return (acc & DEAD_END) | (f & DEAD_END) | MOVED | (most << 8) | best;
  }
}
