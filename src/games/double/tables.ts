/**
 * The searches' transposition tables, kept across the searches and deals of a thread (in its
 * `DoubleContext`): emptied, not allocated again. A table of 16,384 slots is 0.85 MB, many
 * times the cost of a search that decides its deal in a few hundred positions.
 */
import { KeyTable } from '../../search/keyTable.js';
import type { Budget } from '../../search/limits.js';
import { KEY_WORDS } from './positionKey.js';

/** Keys a kept table may hold room for (3.4 MB): a larger one is left to the garbage collector, not held between deals. */
const KEEP_CAPACITY = 1 << 16;
/** Tables kept: a search that starts another while its own runs takes a second one. */
const KEEP_TABLES = 2;
/** What a search keeps per key beside the table (the optimize pass's best depth). */
const EXTRA_BYTES_PER_KEY = 4;

export class TablePool {
  private readonly spare: KeyTable[] = [];

  /** An empty table counting its memory against `budget`, with room for at least `slots` keys when new. */
  take(budget: Budget, slots: number): KeyTable {
    const table = this.spare.pop();
    if (table === undefined) return new KeyTable(KEY_WORDS, budget, slots, EXTRA_BYTES_PER_KEY);
    table.reuse(budget, Math.max(KEEP_CAPACITY, slots));
    return table;
  }

  /** Hands a table back once its search is over (a table never given back is only garbage). */
  giveBack(table: KeyTable): void {
    const small = table.bytes() <= KEEP_CAPACITY * (8 + 4 * KEY_WORDS);
    if (small && this.spare.length < KEEP_TABLES && !this.spare.includes(table)) this.spare.push(table);
  }

  /** Runs `use` on a table taken for it, and gives the table back however `use` ends. */
  with<T>(budget: Budget, slots: number, use: (table: KeyTable) => T): T {
    const table = this.take(budget, slots);
    try {
      return use(table);
    } finally {
      this.giveBack(table);
    }
  }
}
