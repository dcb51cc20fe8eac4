/**
 * What earlier minimum-move searches of a deal learnt, kept per deal and rule set so that
 * later searches (a hint asks about every move, then about the next position) start ahead:
 *   - exact costs: every position on an optimal line a search found (a suffix of an optimal
 *     line is optimal), with the next step of that line. A later search stops as soon as it
 *     takes one from its queue: its cost is a perfect bound.
 *   - learnt bounds: a search that proved its start needs C moves reached each of its
 *     positions s by some path of g(s) moves, so s needs at least C - g(s) more (else the
 *     start would win in fewer than C). Kept where this beats the position's own bound,
 *     and used instead of it by later searches (adaptive A*): they then expand far fewer
 *     positions around what was searched before.
 */
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';

/** `next` of a position known only by a learnt lower bound. */
const BOUND_ONLY = -2;
/** Learnt bounds kept per deal at most (about 40 bytes each), so a long session of hints stays bounded. */
const MAX_LEARNT = 1 << 21;

export class ExactCosts {
  private readonly table = new StateTable(null, 1 << 8);
  private readonly cost = new GrowableInt32Array(1 << 8);
  /** The id of the next position on an optimal line, -1 at a won position, BOUND_ONLY for a learnt bound. */
  private readonly next = new GrowableInt32Array(1 << 8);
  /** The step code leading to it. */
  private readonly step = new GrowableInt32Array(1 << 8);

  /** Positions known so far. */
  get size(): number {
    return this.table.size;
  }

  /** The id of a known position, or -1. */
  find(lo: number, hi: number): number {
    return this.table.lookup(hi >>> 0, lo >>> 0);
  }

  /** Its fewest moves when `isExact`, else a lower bound on them. */
  costOf(id: number): number {
    return this.cost.data[id]!;
  }

  isExact(id: number): boolean {
    return this.next.data[id] !== BOUND_ONLY;
  }

  /** Records a position whose fewest moves are `cost`, continuing with `step` to the known position `next` (-1: won). */
  record(lo: number, hi: number, cost: number, next: number, step: number): number {
    const id = this.table.intern(hi >>> 0, lo >>> 0);
    if (!this.table.lastWasNew && this.isExact(id)) return id;
    this.ensure(id);
    this.cost.data[id] = cost;
    this.next.data[id] = next;
    this.step.data[id] = step;
    return id;
  }

  /** Records that a position needs at least `bound` moves (kept if it beats what is known). */
  learn(lo: number, hi: number, bound: number): void {
    if (this.table.size >= MAX_LEARNT) {
      const id = this.find(lo, hi);
      if (id >= 0 && !this.isExact(id) && bound > this.cost.data[id]!) this.cost.data[id] = bound;
      return;
    }
    const id = this.table.intern(hi >>> 0, lo >>> 0);
    if (this.table.lastWasNew) {
      this.ensure(id);
      this.cost.data[id] = bound;
      this.next.data[id] = BOUND_ONLY;
    } else if (!this.isExact(id) && bound > this.cost.data[id]!) {
      this.cost.data[id] = bound;
    }
  }

  private ensure(id: number): void {
    this.cost.ensure(id);
    this.next.ensure(id);
    this.step.ensure(id);
  }

  /** The step codes of the optimal line from a known position to a win. */
  line(id: number): number[] {
    const out: number[] = [];
    for (let s = id; this.next.data[s]! >= 0; s = this.next.data[s]!) out.push(this.step.data[s]!);
    return out;
  }
}
