/**
 * Positions whose fewest moves to win are known exactly, with the next step of an optimal
 * line from each: every position on an optimal line the minimum-move search found (a
 * suffix of an optimal line is optimal). Kept per deal and rule set, so that later searches
 * (a hint asks about every move, then about the next position) stop as soon as they reach
 * one: its cost is a perfect bound.
 */
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';

export class ExactCosts {
  private readonly table = new StateTable(null, 1 << 8);
  private readonly cost = new GrowableInt32Array(1 << 8);
  /** The id of the next position on an optimal line, -1 at a won position. */
  private readonly next = new GrowableInt32Array(1 << 8);
  /** The step code leading to it. */
  private readonly step = new GrowableInt32Array(1 << 8);

  /** The id of a known position, or -1. */
  find(lo: number, hi: number): number {
    return this.table.lookup(hi >>> 0, lo >>> 0);
  }

  costOf(id: number): number {
    return this.cost.data[id]!;
  }

  /** Records a position (if new) whose fewest moves are `cost`, continuing with `step` to the known position `next` (-1: won). */
  record(lo: number, hi: number, cost: number, next: number, step: number): number {
    const id = this.table.intern(hi, lo);
    if (!this.table.lastWasNew) return id;
    this.cost.ensure(id);
    this.next.ensure(id);
    this.step.ensure(id);
    this.cost.data[id] = cost;
    this.next.data[id] = next;
    this.step.data[id] = step;
    return id;
  }

  /** The step codes of the optimal line from a known position to a win. */
  line(id: number): number[] {
    const out: number[] = [];
    for (let s = id; this.next.data[s]! >= 0; s = this.next.data[s]!) out.push(this.step.data[s]!);
    return out;
  }
}
