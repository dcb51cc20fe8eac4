/**
 * The removals a pyramid needs on its own, for the minimum-move bound (moveBound.ts): a King
 * goes alone, and two pyramid cards go together only when neither lies under the other, so
 * for each pair of values (v, 13-v) at least a_v + a_w - M removals remain, M the largest
 * matching of such compatible cards; the cards left unmatched need talon cards. Memoised
 * per pyramid.
 */
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { PYRAMID_SIZE } from '../layout.js';
import type { FullStateSpace } from './fullState.js';

/** What `PyramidRemovals.of` finds of a pyramid besides its bound: one per owner, filled in place. */
export class PyramidCounts {
  /** Bit v: a pyramid card of value v is left. */
  present = 0;
  /** Per value w (1 to 12): the talon cards of value w its unmatched cards need. */
  readonly need = new Int32Array(14);
  /** Per value v (1 to 12): the pyramid cards of value v left. */
  readonly left = new Int32Array(14);
}

export class PyramidRemovals {
  readonly #value: Int32Array;
  readonly #compatible: Int32Array;

  constructor(space: FullStateSpace) {
    this.#value = space.value;
    this.#compatible = space.compatible;
  }

  // Per pyramid (removed mask): the removal bound and the unmatched cards of each value.
  readonly #pyramidTable = new StateTable(null, 1 << 10);
  readonly #pyramidRemovals = new GrowableInt32Array(1 << 10);
  readonly #pyramidNeedLo = new GrowableInt32Array(1 << 10);
  readonly #pyramidNeedHi = new GrowableInt32Array(1 << 10);
  readonly #pyramidPresent = new GrowableInt32Array(1 << 10);
  readonly #pyramidLeftLo = new GrowableInt32Array(1 << 10);
  readonly #pyramidLeftHi = new GrowableInt32Array(1 << 10);
  /** `of`'s scratch: the pyramid cards left of each value. */
  readonly #counts = new Int32Array(14);

  /** The removal bound of a pyramid (memoised), its needs and cards left into `out`. */
  of(removed: number, out: PyramidCounts): number {
    const need = out.need;
    const left = out.left;
    const id = this.#pyramidTable.intern(removed, 0);
    if (!this.#pyramidTable.lastWasNew) {
      const nlo = this.#pyramidNeedLo.data[id]!;
      const nhi = this.#pyramidNeedHi.data[id]!;
      for (let w = 1; w <= 6; w++) need[w] = (nlo >>> ((w - 1) * 4)) & 15;
      for (let w = 7; w <= 12; w++) need[w] = (nhi >>> ((w - 7) * 4)) & 15;
      out.present = this.#pyramidPresent.data[id]!;
      const clo = this.#pyramidLeftLo.data[id]!;
      const chi = this.#pyramidLeftHi.data[id]!;
      for (let v = 1; v <= 6; v++) left[v] = (clo >>> ((v - 1) * 4)) & 15;
      for (let v = 7; v <= 12; v++) left[v] = (chi >>> ((v - 7) * 4)) & 15;
      return this.#pyramidRemovals.data[id]!;
    }
    const counts = this.#counts;
    counts.fill(0);
    let present = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((removed >> i) & 1) === 0) {
        counts[this.#value[i]!]!++;
        present |= 1 << this.#value[i]!;
      }
    }
    out.present = present;
    need.fill(0);
    let removals = counts[13]!;
    for (let v = 1; v <= 6; v++) {
      const w = 13 - v;
      const m = counts[v] === 0 || counts[w] === 0 ? 0 : this.#matching(removed, v);
      removals += counts[v]! + counts[w]! - m;
      need[w] = counts[v]! - m;
      need[v] = counts[w]! - m;
    }
    let nlo = 0;
    let nhi = 0;
    for (let w = 1; w <= 6; w++) nlo |= need[w]! << ((w - 1) * 4);
    for (let w = 7; w <= 12; w++) nhi |= need[w]! << ((w - 7) * 4);
    this.#pyramidRemovals.ensure(id);
    this.#pyramidNeedLo.ensure(id);
    this.#pyramidNeedHi.ensure(id);
    this.#pyramidPresent.ensure(id);
    this.#pyramidPresent.data[id] = present;
    this.#pyramidRemovals.data[id] = removals;
    let clo = 0;
    let chi = 0;
    for (let v = 1; v <= 6; v++) clo |= counts[v]! << ((v - 1) * 4);
    for (let v = 7; v <= 12; v++) chi |= counts[v]! << ((v - 7) * 4);
    for (let v = 1; v <= 12; v++) left[v] = counts[v]!;
    this.#pyramidLeftLo.ensure(id);
    this.#pyramidLeftHi.ensure(id);
    this.#pyramidLeftLo.data[id] = clo;
    this.#pyramidLeftHi.data[id] = chi;
    this.#pyramidNeedLo.data[id] = nlo;
    this.#pyramidNeedHi.data[id] = nhi;
    return removals;
  }

  // Largest matching of compatible pyramid cards of values v and 13 - v (Kuhn's algorithm).
  readonly #matchOf = new Int32Array(PYRAMID_SIZE);
  readonly #leftOf = new Int32Array(4);

  #matching(removed: number, v: number): number {
    let n = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) if (((removed >> i) & 1) === 0 && this.#value[i] === v) this.#leftOf[n++] = i;
    this.#matchOf.fill(-1);
    let m = 0;
    for (let a = 0; a < n; a++) if (this.#augment(this.#leftOf[a]!, removed, 0)) m++;
    return m;
  }

  #augment(x: number, removed: number, seen: number): boolean {
    let options = this.#compatible[x]! & ~removed & ~seen;
    while (options !== 0) {
      const y = 31 - Math.clz32(options);
      options &= ~(1 << y);
      seen |= 1 << y;
      const other = this.#matchOf[y]!;
      if (other < 0 || this.#augment(other, removed, seen)) {
        this.#matchOf[y] = x;
        return true;
      }
    }
    return false;
  }
}
