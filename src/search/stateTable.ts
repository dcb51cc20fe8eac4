import { KeyTable } from './keyTable.js';
import type { Budget } from './limits.js';

export { GrowableInt32Array } from './growable.js';

/**
 * The `KeyTable` for states packed into two unsigned 32-bit words (hi, lo): a dense id per
 * distinct state. Callers keep per-state data in their own arrays indexed by that id
 * (see `GrowableInt32Array`).
 */
export class StateTable {
  private readonly table: KeyTable;
  private readonly pair = new Uint32Array(2);

  /**
   * `extraBytesPerState`: what the caller keeps per state beside the table, so that the
   * memory limit counts it too.
   */
  constructor(budget: Budget | null = null, initialCapacity = 1 << 12, extraBytesPerState = 0) {
    this.table = new KeyTable(2, budget, initialCapacity, extraBytesPerState);
  }

  get size(): number {
    return this.table.size;
  }

  /** Set by `intern`: whether the last state interned was new. */
  get lastWasNew(): boolean {
    return this.table.lastWasNew;
  }

  /** The id of a state, or -1 when it was never interned. */
  lookup(hi: number, lo: number): number {
    this.pair[0] = hi;
    this.pair[1] = lo;
    return this.table.lookup(this.pair);
  }

  /**
   * The id of a state, adding it when new (`lastWasNew` tells which).
   * Returns -1 when adding it would break the memory limit.
   */
  intern(hi: number, lo: number): number {
    this.pair[0] = hi;
    this.pair[1] = lo;
    return this.table.intern(this.pair);
  }

  hiOf(id: number): number {
    return this.table.wordOf(id, 0);
  }

  loOf(id: number): number {
    return this.table.wordOf(id, 1);
  }

  /** Bytes held by the table now. */
  bytes(): number {
    return this.table.bytes();
  }
}
