import type { Budget } from './limits.js';

/**
 * A transposition table on typed arrays: it gives every distinct state, packed into two
 * unsigned 32-bit words (hi, lo), a dense id 0, 1, 2, ... Callers keep whatever they need
 * per state (depth, value, parent) in their own arrays indexed by that id
 * (see `GrowableInt32Array`). Open addressing with linear probing; nothing is allocated per
 * lookup, and the arrays double when half full, within the budget's memory limit.
 */
export class StateTable {
  private slots: Int32Array; // id + 1, 0 = empty
  private mask: number;
  private his: Uint32Array;
  private los: Uint32Array;
  size = 0;
  /** Set by `intern`: whether the last state interned was new. */
  lastWasNew = false;

  /**
   * `extraBytesPerState`: what the caller keeps per state beside the table, so that the
   * memory limit counts it too.
   */
  constructor(
    private readonly budget: Budget | null = null,
    initialCapacity = 1 << 12,
    private readonly extraBytesPerState = 0,
  ) {
    let cap = 1 << 4;
    while (cap < initialCapacity) cap <<= 1;
    this.slots = new Int32Array(cap * 2);
    this.mask = cap * 2 - 1;
    this.his = new Uint32Array(cap);
    this.los = new Uint32Array(cap);
  }

  private static hash(hi: number, lo: number): number {
    let h = Math.imul(lo ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(hi + 0x7f4a7c15, 0xc2b2ae35);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    return h >>> 0;
  }

  /** The id of a state, or -1 when it was never interned. */
  lookup(hi: number, lo: number): number {
    const his = this.his;
    const los = this.los;
    const slots = this.slots;
    let i = StateTable.hash(hi, lo) & this.mask;
    for (;;) {
      const s = slots[i]!;
      if (s === 0) return -1;
      if (his[s - 1] === hi && los[s - 1] === lo) return s - 1;
      i = (i + 1) & this.mask;
    }
  }

  /**
   * The id of a state, adding it when new (`lastWasNew` tells which).
   * Returns -1 when adding it would break the memory limit.
   */
  intern(hi: number, lo: number): number {
    hi >>>= 0;
    lo >>>= 0;
    const slots = this.slots;
    let i = StateTable.hash(hi, lo) & this.mask;
    for (;;) {
      const s = slots[i]!;
      if (s === 0) break;
      if (this.his[s - 1] === hi && this.los[s - 1] === lo) {
        this.lastWasNew = false;
        return s - 1;
      }
      i = (i + 1) & this.mask;
    }
    if (this.size >= this.his.length) {
      if (!this.grow()) return -1;
      return this.intern(hi, lo);
    }
    const id = this.size++;
    this.his[id] = hi;
    this.los[id] = lo;
    slots[i] = id + 1;
    this.lastWasNew = true;
    return id;
  }

  hiOf(id: number): number {
    return this.his[id]!;
  }

  loOf(id: number): number {
    return this.los[id]!;
  }

  /** Bytes held by the table now. */
  bytes(): number {
    return this.slots.byteLength + this.his.byteLength + this.los.byteLength;
  }

  private grow(): boolean {
    const cap = this.his.length * 2;
    const after = cap * (16 + this.extraBytesPerState);
    if (this.budget && !this.budget.fitsMemory(after + this.bytes())) return false;
    const his = new Uint32Array(cap);
    his.set(this.his);
    const los = new Uint32Array(cap);
    los.set(this.los);
    const slots = new Int32Array(cap * 2);
    const mask = cap * 2 - 1;
    for (let id = 0; id < this.size; id++) {
      let i = StateTable.hash(his[id]!, los[id]!) & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    this.his = his;
    this.los = los;
    this.slots = slots;
    this.mask = mask;
    return true;
  }
}

/** An Int32Array that doubles as ids grow; for per-state data beside a `StateTable`. */
export class GrowableInt32Array {
  data: Int32Array;

  constructor(initialCapacity = 1 << 12, private readonly fill = 0) {
    this.data = new Int32Array(initialCapacity);
    if (fill !== 0) this.data.fill(fill);
  }

  /** Make index `i` addressable. */
  ensure(i: number): void {
    if (i < this.data.length) return;
    let cap = this.data.length * 2;
    while (cap <= i) cap *= 2;
    const next = new Int32Array(cap);
    if (this.fill !== 0) next.fill(this.fill, this.data.length);
    next.set(this.data);
    this.data = next;
  }

  bytes(): number {
    return this.data.byteLength;
  }
}
