/**
 * An Int32Array that doubles as indices grow: per-state data beside a `KeyTable`, and the
 * searches' move stacks. The one place that writes the growth code.
 */
export class GrowableInt32Array {
  data: Int32Array;

  constructor(
    initialCapacity = 1 << 12,
    private readonly fill = 0,
  ) {
    this.data = new Int32Array(Math.max(1, initialCapacity));
    if (fill !== 0) this.data.fill(fill);
  }

  /** Makes index `i` addressable; returns the (possibly new) array. */
  ensure(i: number): Int32Array {
    if (i < this.data.length) return this.data;
    let cap = this.data.length * 2;
    while (cap <= i) cap *= 2;
    const next = new Int32Array(cap);
    if (this.fill !== 0) next.fill(this.fill, this.data.length);
    next.set(this.data);
    this.data = next;
    return next;
  }

  bytes(): number {
    return this.data.byteLength;
  }
}
