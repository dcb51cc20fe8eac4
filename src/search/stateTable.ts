import type { Budget } from './limits.js';

export { GrowableInt32Array } from './growable.js';

/**
 * A transposition table for states packed into two unsigned 32-bit words (hi, lo): a dense
 * id 0, 1, 2, ... per distinct state. Callers keep per-state data in their own arrays
 * indexed by that id (see `GrowableInt32Array`). The same design as `KeyTable` (whole keys
 * stored, open addressing, doubling when half full, within the memory limit), written out
 * for two words because the Pyramide searches spend much of their time here.
 */
export class StateTable {
  // Set by `allocate`, from the constructor on.
  private slots!: Int32Array; // id + 1, 0 = empty
  private mask!: number;
  private keys!: Uint32Array; // hi, lo per id
  private capacity!: number;
  private readonly initialCapacity: number;
  size = 0;
  /** Set by `intern`: whether the last state interned was new. */
  lastWasNew = false;

  /**
   * `extraBytesPerState`: what the caller keeps per state beside the table, so that the
   * memory limit counts it too. `groupHi`, `groupLo`: the bits of the key that place it.
   * States that agree on them form a group whose members all lie on the probe run from one
   * slot (`probeStart`), so a caller can visit every member while looking one up (default:
   * every bit).
   */
  constructor(
    private budget: Budget | null = null,
    initialCapacity = 1 << 12,
    private readonly extraBytesPerState = 0,
    private readonly groupHi = 0xffffffff,
    private readonly groupLo = 0xffffffff,
  ) {
    let cap = 1 << 4;
    while (cap < initialCapacity) cap <<= 1;
    this.initialCapacity = cap;
    this.allocate(cap);
  }

  /**
   * Empties the table for another search under `budget`, keeping its arrays when they are
   * still at their first size: a search per deal then allocates nothing (fewer garbage
   * collections, which threads running side by side pay for on each other's core).
   */
  reset(budget: Budget | null): void {
    this.budget = budget;
    this.size = 0;
    this.lastWasNew = false;
    // A large table from a hard deal is not kept for the next one.
    if (this.capacity === this.initialCapacity) this.slots.fill(0);
    else this.allocate(this.initialCapacity);
  }

  /** Empty arrays for `cap` states. */
  private allocate(cap: number): void {
    this.capacity = cap;
    this.slots = new Int32Array(cap * 2);
    this.mask = cap * 2 - 1;
    this.keys = new Uint32Array(cap * 2);
  }

  /** The id of a state, or -1 when it was never interned. */
  lookup(hi: number, lo: number): number {
    const slots = this.slots;
    const keys = this.keys;
    const mask = this.mask;
    hi >>>= 0;
    lo >>>= 0;
    for (let i = hashPair(hi & this.groupHi, lo & this.groupLo) & mask; ; i = (i + 1) & mask) {
      const s = slots[i]!;
      if (s === 0) return -1;
      const at = (s - 1) << 1;
      if (keys[at] === hi && keys[at + 1] === lo) return s - 1;
    }
  }

  /**
   * The id of a state, adding it when new (`lastWasNew` tells which).
   * Returns -1 when adding it would break the memory limit.
   */
  intern(hi: number, lo: number): number {
    const slots = this.slots;
    const keys = this.keys;
    const mask = this.mask;
    hi >>>= 0;
    lo >>>= 0;
    let i = hashPair(hi & this.groupHi, lo & this.groupLo) & mask;
    for (;;) {
      const s = slots[i]!;
      if (s === 0) break;
      const at = (s - 1) << 1;
      if (keys[at] === hi && keys[at + 1] === lo) {
        this.lastWasNew = false;
        return s - 1;
      }
      i = (i + 1) & mask;
    }
    if (this.size >= this.capacity) {
      if (!this.grow()) return -1;
      return this.intern(hi, lo);
    }
    const id = this.size++;
    keys[id << 1] = hi;
    keys[(id << 1) + 1] = lo;
    slots[i] = id + 1;
    this.lastWasNew = true;
    return id;
  }

  /**
   * The first slot of the probe run where a state and every member of its group lie; walk
   * it with `nextSlot` while `idAtSlot` is not -1 (any state met may belong to another group).
   */
  probeStart(hi: number, lo: number): number {
    return hashPair((hi & this.groupHi) >>> 0, (lo & this.groupLo) >>> 0) & this.mask;
  }

  nextSlot(i: number): number {
    return (i + 1) & this.mask;
  }

  /** The id stored at a slot, or -1 for an empty slot (the end of a probe run). */
  idAtSlot(i: number): number {
    return this.slots[i]! - 1;
  }

  hiOf(id: number): number {
    return this.keys[id << 1]!;
  }

  loOf(id: number): number {
    return this.keys[(id << 1) + 1]!;
  }

  /** Bytes held by the table now. */
  bytes(): number {
    return this.slots.byteLength + this.keys.byteLength;
  }

  private grow(): boolean {
    const cap = this.capacity * 2;
    const after = cap * (16 + this.extraBytesPerState);
    if (this.budget && !this.budget.fitsMemory(after + this.bytes())) return false;
    const keys = new Uint32Array(cap * 2);
    keys.set(this.keys);
    const slots = new Int32Array(cap * 2);
    const mask = cap * 2 - 1;
    for (let id = 0; id < this.size; id++) {
      let i = hashPair(keys[id << 1]! & this.groupHi, keys[(id << 1) + 1]! & this.groupLo) & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    this.keys = keys;
    this.slots = slots;
    this.mask = mask;
    this.capacity = cap;
    return true;
  }
}

/** A 32-bit mix of both words (murmur3's finaliser over a multiplicative combine). */
function hashPair(hi: number, lo: number): number {
  let h = Math.imul(hi ^ 0x9e3779b9, 0x85ebca6b) ^ lo;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
