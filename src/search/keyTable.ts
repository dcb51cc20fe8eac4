import type { Budget } from './limits.js';

/**
 * A transposition table on typed arrays for keys of a fixed number of 32-bit words (2 for a
 * Pyramide position, 11 for a Double Solitaire one): it gives every distinct key a dense id
 * 0, 1, 2, ... Callers keep whatever they need per key (depth, value, parent) in their own
 * arrays indexed by that id (see `GrowableInt32Array`). The whole key is stored, so two
 * different keys are never taken for the same one: no hash collision can turn into a wrong
 * verdict. Open addressing with linear probing; nothing is allocated per lookup, and the
 * arrays double when half full, within the budget's memory limit.
 */
export class KeyTable {
  private slots: Int32Array; // id + 1, 0 = empty
  private mask: number;
  private keys: Uint32Array;
  private capacity: number;
  size = 0;
  /** Set by `intern`: whether the last key interned was new. */
  lastWasNew = false;

  /**
   * `extraBytesPerKey`: what the caller keeps per key beside the table, so that the memory
   * limit counts it too.
   */
  constructor(
    readonly words: number,
    private budget: Budget | null = null,
    initialCapacity = 1 << 12,
    private readonly extraBytesPerKey = 0,
  ) {
    let cap = 1 << 4;
    while (cap < initialCapacity) cap <<= 1;
    this.capacity = cap;
    this.slots = new Int32Array(cap * 2);
    this.mask = cap * 2 - 1;
    this.keys = new Uint32Array(cap * words);
  }

  private hash(key: Uint32Array, at: number): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < this.words; i++) {
      h = Math.imul(h ^ key[at + i]!, 0x01000193);
      h ^= h >>> 15;
    }
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  }

  private equals(id: number, key: Uint32Array): boolean {
    const w = this.words;
    const keys = this.keys;
    const at = id * w;
    for (let i = 0; i < w; i++) if (keys[at + i] !== key[i]) return false;
    return true;
  }

  /** The id of a key (its first `words` words), or -1 when it was never interned. */
  lookup(key: Uint32Array): number {
    const slots = this.slots;
    let i = this.hash(key, 0) & this.mask;
    for (;;) {
      const s = slots[i]!;
      if (s === 0) return -1;
      if (this.equals(s - 1, key)) return s - 1;
      i = (i + 1) & this.mask;
    }
  }

  /**
   * The id of a key (its first `words` words), adding it when new (`lastWasNew` tells
   * which). Returns -1 when adding it would break the memory limit.
   */
  intern(key: Uint32Array): number {
    const slots = this.slots;
    let i = this.hash(key, 0) & this.mask;
    for (;;) {
      const s = slots[i]!;
      if (s === 0) break;
      if (this.equals(s - 1, key)) {
        this.lastWasNew = false;
        return s - 1;
      }
      i = (i + 1) & this.mask;
    }
    if (this.size >= this.capacity) {
      if (!this.grow()) return -1;
      return this.intern(key);
    }
    const id = this.size++;
    const w = this.words;
    const keys = this.keys;
    for (let j = 0; j < w; j++) keys[id * w + j] = key[j]!;
    slots[i] = id + 1;
    this.lastWasNew = true;
    return id;
  }

  /**
   * Empties the table for another search under `budget`, keeping its arrays (a process that
   * solves many deals then allocates nothing per deal), unless they grew past `maxCapacity`
   * keys: those go, so that one large search does not hold their memory for good. Costs the
   * keys interned when they are few (each one's slot found again), the slots otherwise.
   */
  reuse(budget: Budget | null, maxCapacity: number): void {
    this.budget = budget;
    if (this.capacity > maxCapacity) {
      let cap = 1 << 4;
      while (cap < maxCapacity) cap <<= 1;
      this.capacity = cap;
      this.slots = new Int32Array(cap * 2);
      this.mask = cap * 2 - 1;
      this.keys = new Uint32Array(cap * this.words);
    } else if (this.size < this.slots.length >> 4) {
      const slots = this.slots;
      for (let id = 0; id < this.size; id++) {
        let i = this.hash(this.keys, id * this.words) & this.mask;
        while (slots[i] !== id + 1) i = (i + 1) & this.mask;
        slots[i] = 0;
      }
    } else {
      this.slots.fill(0);
    }
    this.size = 0;
    this.lastWasNew = false;
  }

  /** Word `j` of the key with id `id`. */
  wordOf(id: number, j: number): number {
    return this.keys[id * this.words + j]!;
  }

  /** Bytes held by the table now. */
  bytes(): number {
    return this.slots.byteLength + this.keys.byteLength;
  }

  private grow(): boolean {
    const cap = this.capacity * 2;
    const after = cap * (8 + 4 * this.words + this.extraBytesPerKey);
    if (this.budget && !this.budget.fitsMemory(after + this.bytes())) return false;
    const keys = new Uint32Array(cap * this.words);
    keys.set(this.keys);
    const slots = new Int32Array(cap * 2);
    const mask = cap * 2 - 1;
    for (let id = 0; id < this.size; id++) {
      let i = this.hash(keys, id * this.words) & mask;
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
