/**
 * The positions a Pyramide player decides on, under rules where the stock order cannot
 * matter (`talonIsFree`): the pyramid cards removed and the talon cards of each value used
 * (the relaxed game's positions, solver/relaxed.ts, free Kings taken at once), with their
 * winnability memoised for the difficulty's figures (difficulty.ts, randomPlay.ts).
 */
import { rankOf } from '../../cards/card.js';
import { GrowableInt32Array, StateTable } from '../../search/stateTable.js';
import { type PyramideDeal, talonOf } from './deal.js';
import { FULL_PYRAMID, PYRAMID_SIZE } from './layout.js';
import { RelaxedMoves, RemovalList } from './solver/relaxedMoves.js';

/** The weight of the usage in a position key (see `PyramideDecisionSpace.key`): 2^28, past the pyramid's mask. */
const KEY_USAGE = 2 ** 28;

/** BINOMIAL[n][k] for the at most 4 talon cards of a value. */
const BINOMIAL = [[1], [1, 1], [1, 2, 1], [1, 3, 3, 1], [1, 4, 6, 4, 1]];

/** The positions of one deal and their winnability, memoised. */
export class PyramideDecisionSpace {
  /** The pyramid's values, the talon by value (the usage number) and a position's removals. */
  private readonly moves = new RelaxedMoves();
  readonly value = this.moves.value;
  /** Talon card values in dealing order. */
  readonly talonValue: Int32Array;
  private readonly talon = this.moves.talon;
  /**
   * Positions whose winnability is known (mask, usage), and per position id 1 winnable, 0
   * not: a typed-array table, as the random playouts ask it at every removal.
   */
  private readonly known = new StateTable(null, 1 << 12);
  private readonly win = new GrowableInt32Array(1 << 12);
  /** The removals listed at each depth of the searches, and the available cards behind them. */
  private readonly lists = Array.from({ length: 32 }, () => new RemovalList());
  private readonly avail = new Int32Array(PYRAMID_SIZE * 32);
  /** Unused talon cards of each value of the position whose removals are being listed. */
  private readonly left = new Int32Array(14);
  overflow = false;

  constructor(
    deal: PyramideDeal,
    private readonly stateLimit: number,
  ) {
    this.moves.setPyramid(deal.pyramid);
    const talon = talonOf(deal);
    if (talon === null) throw new Error('difficulty needs the stock order');
    this.talonValue = Int32Array.from(talon, (c) => rankOf(c));
    for (const v of this.talonValue) this.talon.count[v]!++;
    this.talon.setRadix();
  }

  /** The usage code after one more talon card of value v is used. */
  useTalon(usage: number, v: number): number {
    return usage + this.talon.step(v);
  }

  /**
   * How many sets of talon cards the position of a key (see `key`) can stand for: for each
   * value, which of its cards were used (the product of binomials C(cards of value v, used)).
   */
  removedSetsOf(key: number): number {
    const usage = Math.floor(key / KEY_USAGE);
    let sets = 1;
    for (let v = 1; v <= 12; v++) sets *= BINOMIAL[this.talon.count[v]!]![this.talon.used(usage, v)]!;
    return sets;
  }

  /** The pyramid's mask of a key (see `key`). */
  static maskOf(key: number): number {
    return key % KEY_USAGE;
  }

  /** Takes every free pyramid King, repeatedly (see `closeKings` in layout.ts). */
  closeKings(mask: number): number {
    return this.moves.closeKings(mask);
  }

  /**
   * Writes the removals of a position (Kings closed) into the depth's slice; returns their
   * number. A pair with a talon card counts once per value, as any card of it can be drawn.
   */
  successors(mask: number, usage: number, depth: number): number {
    const abase = depth * PYRAMID_SIZE;
    const n = this.moves.available(mask, this.avail, abase);
    this.talon.unusedInto(usage, this.left);
    const list = this.lists[depth]!;
    list.size = 0;
    this.moves.removals(mask, usage, this.avail, abase, n, this.left, list, false);
    return list.size;
  }

  /** The pyramid mask of the depth's successor i (see `successors`). */
  succMask(depth: number, i: number): number {
    return this.lists[depth]!.mask[i]!;
  }

  /** The usage of the depth's successor i. */
  succUsage(depth: number, i: number): number {
    return this.lists[depth]!.usage[i]!;
  }

  /** The id of a position in the winnability table (-1 when its winnability was never worked out). */
  idOf(mask: number, usage: number): number {
    return this.known.lookup(mask, usage);
  }

  /** The key (see `key`) of the position with table id `id`. */
  keyOfId(id: number): number {
    return PyramideDecisionSpace.key(this.known.hiOf(id), this.known.loOf(id));
  }

  /** A position as one number: mask + usage · 2^28 (usage < 3^12, so the key stays exact). */
  static key(mask: number, usage: number): number {
    return mask + usage * KEY_USAGE;
  }

  /** Whether the position (Kings closed) can be won; false also once the state limit is hit (check `overflow`). */
  winnable(mask: number, usage: number, depth = 0): boolean {
    if (mask === FULL_PYRAMID) return true;
    const id = this.known.lookup(mask, usage);
    if (id >= 0) return this.win.data[id] === 1;
    if (this.overflow) return false;
    if (this.known.size >= this.stateLimit) {
      this.overflow = true;
      return false;
    }
    const k = this.successors(mask, usage, depth);
    const list = this.lists[depth]!; // deeper calls use the lists below it
    let result = 0;
    for (let i = 0; i < k; i++) {
      if (this.winnable(list.mask[i]!, list.usage[i]!, depth + 1)) {
        result = 1;
        break;
      }
    }
    const at = this.known.intern(mask, usage);
    this.win.ensure(at)[at] = result;
    return result === 1;
  }
}
