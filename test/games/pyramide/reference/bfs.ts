/**
 * A slow, plain reference for the Pyramide solver: breadth-first search over whole
 * positions, written from the rules text (pyramide.md) alone. One move is one edge (a
 * removal, a draw or a turn-over); no heuristics, no move compression, no forced moves.
 *
 * It shares nothing with the solver: its own geometry, its own move generator, its own
 * position table. It is itself tested (reference.test.ts): the move generator against the
 * rules engine (`PyramideGame`) on random walks, the search against a plain Map-based one.
 */
import { type Card, rankOf } from '../../../../src/cards/card.js';
import type { PyramideDeal } from '../../../../src/games/pyramide/deal.js';
import type { PyramideRules } from '../../../../src/games/pyramide/rules.js';

// ---- geometry -------------------------------------------------------------------------

export const PYRAMID_CARDS = 28;
export const TALON_CARDS = 24;
export const ALL_REMOVED = (1 << PYRAMID_CARDS) - 1;

/** Row r (0-based) starts at position r(r+1)/2; positions run row by row, left to right. */
function rowStartOf(row: number): number {
  return (row * (row + 1)) / 2;
}

/** For each position, the two positions covering it (card i of row r is covered by cards i and i+1 of row r+1); [] for row 7. */
export const COVERED_BY: readonly (readonly number[])[] = (() => {
  const out: number[][] = [];
  for (let row = 0; row < 7; row++) {
    for (let i = 0; i <= row; i++) {
      out.push(row === 6 ? [] : [rowStartOf(row + 1) + i, rowStartOf(row + 1) + i + 1]);
    }
  }
  return out;
})();

function bit(mask: number, i: number): boolean {
  return ((mask >>> i) & 1) === 1;
}

function countBits(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

// ---- positions --------------------------------------------------------------------------

/**
 * A whole position.
 * - `pyramid`: bit i set when pyramid position i has been removed.
 * - `talon`: bit i set when talon card i (dealing order: the 29th card is talon card 0) has been removed.
 * - `next`: talon cards below `next` have been drawn (the waste), the others are the stock.
 *   Kept canonical: one past the waste's top card, 0 when the waste is empty. (Talon cards
 *   between the waste top and `next` are all removed, so moving `next` down to just past the
 *   waste top changes neither the waste nor the stock: the same position.)
 * - `passes`: turn-overs used; always 0 when turn-overs are unlimited (the count can then
 *   never matter, so it is not part of the position).
 */
export interface RefPosition {
  pyramid: number;
  talon: number;
  next: number;
  passes: number;
}

/**
 * The rules of one deal, and its move generator. A position is held as two 32-bit words:
 * `hi` is the pyramid mask; `lo` holds the talon mask (bits 0-23), `next` (bits 24-28) and
 * `passes` (bits 29-30).
 */
export class RefGame {
  readonly talonCards: readonly Card[];
  private readonly pyramidRank: Int32Array;
  private readonly talonRank: Int32Array;
  /** Bit mask of the two positions covering each position (0 for row 7). */
  private readonly coverMask: Int32Array;
  // Scratch space for `expand`: the available cards (where they are, which one, their rank).
  private readonly availIsPyramid = new Uint8Array(16);
  private readonly availIndex = new Int32Array(16);
  private readonly availRank = new Int32Array(16);
  /** Where `expand` writes the positions it finds (the two words of each). */
  readonly outHi = new Uint32Array(128);
  readonly outLo = new Uint32Array(128);

  constructor(
    readonly deal: PyramideDeal,
    readonly rules: PyramideRules,
  ) {
    if (deal.first === null || deal.stock === null) throw new Error('the reference needs the whole stock order');
    if (rules.passes !== Infinity && rules.passes > 3) throw new Error('the reference stores at most 3 turn-overs');
    this.talonCards = [deal.first, ...deal.stock];
    if (this.talonCards.length !== TALON_CARDS) throw new Error('a Pyramide talon has 24 cards');
    this.pyramidRank = Int32Array.from(deal.pyramid, rankOf);
    this.talonRank = Int32Array.from(this.talonCards, rankOf);
    this.coverMask = Int32Array.from(COVERED_BY, (cs) => cs.reduce((m, c) => m | (1 << c), 0));
  }

  start(): RefPosition {
    // App: the 29th card starts the waste. Msc: the waste starts empty.
    return { pyramid: 0, talon: 0, next: this.rules.wasteStartsEmpty ? 0 : 1, passes: 0 };
  }

  isWon(p: RefPosition): boolean {
    return this.isWonWords(p.pyramid, p.talon);
  }

  isWonWords(pyramid: number, talon: number): boolean {
    if (pyramid !== ALL_REMOVED) return false;
    return !this.rules.strictWin || (talon & 0xffffff) === 0xffffff;
  }

  /** Every position one legal move away from `p` (one per move: no two moves lead to the same place). */
  successors(p: RefPosition): RefPosition[] {
    const [hi, lo] = encode(p);
    const count = this.expand(hi, lo);
    const out: RefPosition[] = [];
    for (let k = 0; k < count; k++) out.push(decode(this.outHi[k]!, this.outLo[k]!));
    return out;
  }

  /** The positions one legal move away, written to `outHi` / `outLo`; returns how many. */
  expand(hi: number, lo: number): number {
    const pyramid = hi;
    const talon = lo & 0xffffff;
    const next = (lo >>> 24) & 31;
    const passes = lo >>> 29;

    // The available cards: uncovered pyramid cards, the waste top, and (msc) the stock top.
    let n = 0;
    for (let left = ~pyramid & ALL_REMOVED; left !== 0; left &= left - 1) {
      const pos = 31 - Math.clz32(left & -left);
      const cover = this.coverMask[pos]!;
      if ((pyramid & cover) === cover) {
        this.availIsPyramid[n] = 1;
        this.availIndex[n] = pos;
        this.availRank[n] = this.pyramidRank[pos]!;
        n++;
      }
    }
    let wasteTop = -1;
    for (let i = next - 1; i >= 0 && wasteTop < 0; i--) if (!bit(talon, i)) wasteTop = i;
    let stockTop = -1;
    for (let i = next; i < TALON_CARDS && stockTop < 0; i++) if (!bit(talon, i)) stockTop = i;
    if (wasteTop >= 0) {
      this.availIsPyramid[n] = 0;
      this.availIndex[n] = wasteTop;
      this.availRank[n] = this.talonRank[wasteTop]!;
      n++;
    }
    if (this.rules.stockTopAvailable && stockTop >= 0) {
      this.availIsPyramid[n] = 0;
      this.availIndex[n] = stockTop;
      this.availRank[n] = this.talonRank[stockTop]!;
      n++;
    }

    let count = 0;
    // Removals: a King alone, or two cards adding up to 13.
    for (let a = 0; a < n; a++) {
      const rankA = this.availRank[a]!;
      if (rankA === 13) count = this.emitRemoval(count, pyramid, talon, next, passes, a, a);
      for (let b = a + 1; b < n; b++) {
        if (rankA + this.availRank[b]! === 13) count = this.emitRemoval(count, pyramid, talon, next, passes, a, b);
      }
    }
    // Pair-beneath: the waste top with the waste card directly beneath it (that card is
    // available for nothing else).
    if (this.rules.pairBeneath && wasteTop >= 0) {
      let beneath = -1;
      for (let i = wasteTop - 1; i >= 0 && beneath < 0; i--) if (!bit(talon, i)) beneath = i;
      if (beneath >= 0 && this.talonRank[wasteTop]! + this.talonRank[beneath]! === 13) {
        count = this.emitAfterRemoval(count, pyramid, talon | (1 << wasteTop) | (1 << beneath), next, passes);
      }
    }
    // Pair-covering: a covered pyramid card with the only card still covering it, when
    // that card is itself uncovered.
    if (this.rules.pairCovering) {
      for (let x = 0; x < PYRAMID_CARDS; x++) {
        const covers = COVERED_BY[x]!;
        if (bit(pyramid, x) || covers.length === 0) continue;
        const [c1, c2] = covers as [number, number];
        const left1 = !bit(pyramid, c1);
        const left2 = !bit(pyramid, c2);
        if (left1 === left2) continue; // both still cover it, or neither does
        const y = left1 ? c1 : c2;
        const yCover = this.coverMask[y]!;
        if ((pyramid & yCover) !== yCover) continue; // y is covered itself
        if (this.pyramidRank[x]! + this.pyramidRank[y]! !== 13) continue;
        count = this.emitAfterRemoval(count, pyramid | (1 << x) | (1 << y), talon, next, passes);
      }
    }
    // Draw: the stock's top card goes onto the waste (and is its new top: `next` stays canonical).
    if (stockTop >= 0) {
      this.outHi[count] = pyramid;
      this.outLo[count] = talon | ((stockTop + 1) << 24) | (passes << 29);
      count++;
    }
    // Turn-over: only with an empty stock and a non-empty waste, while turn-overs are left.
    // With unlimited turn-overs the count never matters and stays 0.
    if (stockTop < 0 && wasteTop >= 0 && passes < this.rules.passes) {
      this.outHi[count] = pyramid;
      this.outLo[count] = talon | (0 << 24) | ((this.rules.passes === Infinity ? 0 : passes + 1) << 29);
      count++;
    }
    return count;
  }

  /** Writes the position after removing available cards a and b (a = b for a King) at `count`; returns count + 1. */
  private emitRemoval(count: number, pyramid: number, talon: number, next: number, passes: number, a: number, b: number): number {
    let newPyramid = pyramid;
    let newTalon = talon;
    if (this.availIsPyramid[a] === 1) newPyramid |= 1 << this.availIndex[a]!;
    else newTalon |= 1 << this.availIndex[a]!;
    if (this.availIsPyramid[b] === 1) newPyramid |= 1 << this.availIndex[b]!;
    else newTalon |= 1 << this.availIndex[b]!;
    return this.emitAfterRemoval(count, newPyramid, newTalon, next, passes);
  }

  /** Writes the position with these cards removed at `count`; returns count + 1. */
  private emitAfterRemoval(count: number, newPyramid: number, newTalon: number, next: number, passes: number): number {
    // Keep `next` canonical: one past the waste top (it moves down when the waste top goes).
    let newNext = next;
    while (newNext > 0 && bit(newTalon, newNext - 1)) newNext--;
    this.outHi[count] = newPyramid;
    this.outLo[count] = newTalon | (newNext << 24) | (passes << 29);
    return count + 1;
  }
}

// ---- the positions found --------------------------------------------------------------

/**
 * The positions found, numbered in the order found (`hi`, `lo` by number: the breadth-first
 * queue), and the set of them, to find one again. The set is a hash table
 * (open addressing) of groups: positions that differ only by `next` share one slot of three
 * words, the pyramid word, the talon word without `next`, and the `next` values found as a
 * bit mask (bit n for next = n; an empty mask marks an empty slot). Grouping only saves
 * memory traffic: every position is still one node of the search.
 */
class PositionTable {
  hi: Uint32Array = new Uint32Array(1 << 16);
  lo: Uint32Array = new Uint32Array(1 << 16);
  size = 0;
  private slots: Uint32Array = new Uint32Array(3 << 16);
  private groups = 0;

  private static hash(hi: number, loGroup: number): number {
    let h = Math.imul(hi ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(loGroup ^ 0xc2b2ae35, 0x27d4eb2f);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    return h >>> 0;
  }

  /** Adds the position; false (and nothing changes) when already found. */
  add(hi: number, lo: number): boolean {
    const loGroup = (lo & ~NEXT_BITS) >>> 0;
    const nextBit = 1 << ((lo & NEXT_BITS) >>> 24);
    const slots = this.slots;
    const mask = slots.length / 3 - 1;
    for (let s = PositionTable.hash(hi, loGroup) & mask; ; s = (s + 1) & mask) {
      const at = 3 * s;
      if (slots[at + 2] === 0) {
        slots[at] = hi;
        slots[at + 1] = loGroup;
        slots[at + 2] = nextBit;
        this.groups++;
        break;
      }
      if (slots[at] === hi && slots[at + 1] === loGroup) {
        if ((slots[at + 2]! & nextBit) !== 0) return false;
        slots[at + 2] = slots[at + 2]! | nextBit;
        break;
      }
    }
    if (this.groups * 2 > mask + 1) this.growSet();

    if (this.size === this.hi.length) {
      this.hi = doubled(this.hi);
      this.lo = doubled(this.lo);
    }
    this.hi[this.size] = hi;
    this.lo[this.size] = lo;
    this.size++;
    return true;
  }

  private growSet(): void {
    const old = this.slots;
    const slots = new Uint32Array(old.length * 2);
    const mask = slots.length / 3 - 1;
    for (let at = 0; at < old.length; at += 3) {
      if (old[at + 2] === 0) continue;
      let s = PositionTable.hash(old[at]!, old[at + 1]!) & mask;
      while (slots[3 * s + 2] !== 0) s = (s + 1) & mask;
      slots.set(old.subarray(at, at + 3), 3 * s);
    }
    this.slots = slots;
  }
}

const NEXT_BITS = 31 << 24;

function doubled(a: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length * 2);
  out.set(a);
  return out;
}

/** Pyramid mask in one word; talon mask (24 bits), next (5 bits) and passes (2 bits) in the other. */
export function encode(p: RefPosition): [number, number] {
  if (p.passes > 3) throw new Error('the reference stores at most 3 turn-overs');
  return [p.pyramid >>> 0, (p.talon | (p.next << 24) | (p.passes << 29)) >>> 0];
}

export function decode(hi: number, lo: number): RefPosition {
  return { pyramid: hi, talon: lo & 0xffffff, next: (lo >>> 24) & 31, passes: lo >>> 29 };
}

// ---- the breadth-first search -------------------------------------------------------------

export interface ReferenceResult {
  /** True when every reachable position was visited (then every answer below is exact). */
  complete: boolean;
  /** True / false when known; null when the search stopped at its cap before finding a win. */
  winnable: boolean | null;
  /** Depth of the first won position: exact whenever a win was found. */
  minMoves: number | null;
  /** 28 when winnable; else the most pyramid cards removed in a position found, exact only when complete. */
  maxRemoved: number;
  /** True when a dead end was seen; false only when complete and none was seen; else null. */
  deadEndReachable: boolean | null;
  /** The fewest moves to a position with `maxRemoved` pyramid cards removed (exact when complete). */
  movesToMost: number;
  /** Positions found. */
  positions: number;
}

export interface ReferenceOptions {
  /** Stop (incomplete) once more positions than this have been found. */
  maxPositions: number;
  /** Stop as soon as a won position is found: enough for winnable and minMoves. */
  stopAtWin: boolean;
  /** Where to start (the deal's start when absent). */
  start?: RefPosition;
}

/**
 * Visits the positions reachable from the start, breadth first, layer by layer: layer d
 * holds the positions first found d moves from the start, and sits in the queue right after
 * layer d - 1. A won position ends the game: it is kept but not expanded. The first won
 * position found, while expanding layer d, is d + 1 moves from the start, the fewest: none
 * is nearer, or it would have been found while expanding an earlier layer. A dead end is a
 * reachable position, not won, with no legal move.
 */
export function referenceSearch(deal: PyramideDeal, rules: PyramideRules, options: ReferenceOptions): ReferenceResult {
  const game = new RefGame(deal, rules);
  const table = new PositionTable();
  const [startHi, startLo] = encode(options.start ?? game.start());
  table.add(startHi, startLo);
  let minMoves: number | null = game.isWonWords(startHi, startLo) ? 0 : null;
  // Per number of pyramid cards removed, the fewest moves to a position with that many (the
  // layer it was first found in: no position is found in an earlier layer than its distance).
  const fewest: number[] = [];
  fewest[countBits(startHi)] = 0;
  let deadEnd = false;
  let capped = false;
  const stopped = (): boolean => capped || (options.stopAtWin && minMoves !== null);

  const expandAt = (i: number, depth: number): void => {
    const hi = table.hi[i]!;
    const lo = table.lo[i]!;
    if (game.isWonWords(hi, lo)) return;
    const moves = game.expand(hi, lo);
    if (moves === 0) deadEnd = true;
    for (let k = 0; k < moves; k++) {
      const h = game.outHi[k]!;
      const l = game.outLo[k]!;
      if (!table.add(h, l)) continue;
      fewest[countBits(h)] ??= depth + 1;
      if (minMoves === null && game.isWonWords(h, l)) minMoves = depth + 1;
      if (table.size > options.maxPositions) capped = true;
    }
  };

  let layerStart = 0;
  for (let depth = 0; layerStart < table.size && !stopped(); depth++) {
    const layerEnd = table.size;
    for (let i = layerStart; i < layerEnd && !stopped(); i++) expandAt(i, depth);
    layerStart = layerEnd;
  }

  const complete = !stopped() && layerStart === table.size;
  const winnable = minMoves !== null ? true : complete ? false : null;
  let maxRemoved = 0;
  for (let i = 0; i < table.size; i++) maxRemoved = Math.max(maxRemoved, countBits(table.hi[i]!));
  return {
    complete,
    winnable,
    minMoves,
    maxRemoved,
    deadEndReachable: deadEnd ? true : complete ? false : null,
    movesToMost: fewest[maxRemoved]!,
    positions: table.size,
  };
}
