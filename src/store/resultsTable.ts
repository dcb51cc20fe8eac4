/**
 * The results table of `serve`: every stored row's figures in typed arrays, so that any mix
 * of filters, any sort and any page answers in milliseconds over a million rows. SQL alone
 * could not promise that: the planner's choice of index changes with the filters, and a
 * count or a sort on the wrong one reads the whole table.
 *
 * Rows are kept in the order of the `results_by_deal` index (game, rules, deal), from which
 * they are loaded without touching the table; a rule set's rows are one stretch of the
 * arrays. Each sortable figure has, per rule set, its rows in order of that figure.
 */
import type Database from 'better-sqlite3';
import { byReach, type TierOrUnknown, thresholdsFor, tierRange } from '../games/difficulty.js';
import { allGames } from '../games/registry.js';
import type { Verdict } from '../games/types.js';
import type { NumberRange } from './numberRange.js';

const VERDICTS: readonly Verdict[] = ['winnable', 'unwinnable', 'unknown'];

/** The figures a page may be sorted by; `code` is the deal's own order. */
export const TABLE_SORTS = ['code', 'minMoves', 'stuck', 'difficulty'] as const;
export type TableSort = (typeof TABLE_SORTS)[number];

export interface TableFilter {
  game: string;
  rules: string;
  verdict?: Verdict;
  tier?: TierOrUnknown;
  minMoves?: NumberRange;
  stuck?: NumberRange;
}

export interface TableQuery {
  filter: TableFilter;
  sort: TableSort;
  descending: boolean;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** Rows read per turn of the event loop while loading, so that requests keep being answered. */
const LOAD_STEP = 50_000;
/** No figure: stored as NaN, sorted last whichever the direction. */
const NONE = Number.NaN;
/** Positions within a rule set's stretch fit in 24 bits; the figure goes above them. */
const POSITION_BITS = 2 ** 24;

/** A stretch's rows in one order, each figure in an array of its own: a query reads them in sequence. */
interface Columns {
  ids: Int32Array;
  verdicts: Uint8Array;
  minMoves: Float64Array | Float32Array;
  stuck: Float64Array | Float32Array;
  difficulty: Float64Array;
  /** The rows with the figure sorted on come first; this many. */
  withFigure: number;
}

interface Stretch {
  start: number;
  end: number;
  /** The stretch's rows in each order a page may ask for. */
  orders: Map<TableSort, Columns>;
}

/** How many filters' totals are kept: a page after the first is then read only up to itself. */
const TOTALS_KEPT = 500;

const yieldTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class ResultsTable {
  private constructor(
    private readonly ids: Int32Array,
    private readonly verdicts: Uint8Array,
    private readonly figures: Record<'minMoves' | 'stuck' | 'difficulty', Float64Array>,
    private readonly stretches: Map<string, Stretch>,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /** The rule sets stored, per game. */
  ruleSets(): { game: string; rules: string; rows: number }[] {
    return [...this.stretches.entries()].map(([key, s]) => {
      const [game, rules] = key.split('\u0000') as [string, string];
      return { game, rules, rows: s.end - s.start };
    });
  }

  /**
   * Reads every row's figures from the index, yielding to the event loop between steps so
   * requests keep being answered. `db` should be a connection of its own: its statement stays
   * open across the steps (one read transaction: one consistent view of the file).
   */
  static async load(db: Database.Database): Promise<ResultsTable> {
    const total = (db.prepare('SELECT count(*) AS n FROM results').get() as { n: number }).n;
    // Rows added after the count are not read: the snapshot is the count's.
    const ids = new Int32Array(total);
    const verdicts = new Uint8Array(total);
    const minMoves = new Float64Array(total);
    const stuck = new Float64Array(total);
    const difficulty = new Float64Array(total);
    const stretches = new Map<string, Stretch>();
    const rows = db
      .prepare(
        `SELECT game, rules, id, verdict, min_moves, stuck, difficulty FROM results
         ORDER BY game, rules, deal_key`,
      )
      .raw()
      .iterate() as IterableIterator<[string, string, number, string, number | null, number | null, number | null]>;
    let n = 0;
    let stretchKey = '';
    for (const row of rows) {
      if (n === total) break;
      const key = `${row[0]}\u0000${row[1]}`;
      if (key !== stretchKey) {
        const previous = stretches.get(stretchKey);
        if (previous) previous.end = n;
        stretches.set(key, { start: n, end: n, orders: new Map() });
        stretchKey = key;
      }
      ids[n] = row[2];
      verdicts[n] = Math.max(0, VERDICTS.indexOf(row[3] as Verdict));
      minMoves[n] = row[4] ?? NONE;
      stuck[n] = row[5] ?? NONE;
      difficulty[n] = row[6] ?? NONE;
      n++;
      if (n % LOAD_STEP === 0) await yieldTurn();
    }
    const closing = stretches.get(stretchKey);
    if (closing) closing.end = n;
    for (const [key, s] of stretches) {
      if (s.end - s.start >= POSITION_BITS)
        throw new Error(`${key.replace('\u0000', ' ')}: over ${POSITION_BITS} rows, more than the results table orders`);
    }
    const table = new ResultsTable(
      ids.subarray(0, n),
      verdicts.subarray(0, n),
      { minMoves: minMoves.subarray(0, n), stuck: stuck.subarray(0, n), difficulty: difficulty.subarray(0, n) },
      stretches,
    );
    for (const stretch of stretches.values()) {
      const { start, end } = stretch;
      stretch.orders.set('code', {
        ids: table.ids.subarray(start, end),
        verdicts: table.verdicts.subarray(start, end),
        minMoves: table.figures.minMoves.subarray(start, end),
        stuck: table.figures.stuck.subarray(start, end),
        difficulty: table.figures.difficulty.subarray(start, end),
        withFigure: end - start,
      });
      for (const sort of ['minMoves', 'stuck', 'difficulty'] as const) {
        stretch.orders.set(sort, table.columnsInOrder(table.orderBy(table.figures[sort], stretch)));
        await yieldTurn();
      }
    }
    return table;
  }

  /** The rows' figures copied in an order (move counts and stuck figures are small whole numbers: 32-bit floats hold them). */
  private columnsInOrder({ order, withFigure }: { order: Int32Array; withFigure: number }): Columns {
    const n = order.length;
    const columns: Columns = {
      ids: new Int32Array(n),
      verdicts: new Uint8Array(n),
      minMoves: new Float32Array(n),
      stuck: new Float32Array(n),
      difficulty: new Float64Array(n),
      withFigure,
    };
    const { minMoves, stuck, difficulty } = this.figures;
    for (let j = 0; j < n; j++) {
      const i = order[j]!;
      columns.ids[j] = this.ids[i]!;
      columns.verdicts[j] = this.verdicts[i]!;
      columns.minMoves[j] = minMoves[i]!;
      columns.stuck[j] = stuck[i]!;
      columns.difficulty[j] = difficulty[i]!;
    }
    return columns;
  }

  /** A stretch's positions by a figure (ties by position), those without it at the end. */
  private orderBy(values: Float64Array, { start, end }: Stretch): { order: Int32Array; withFigure: number } {
    // Figures are whole numbers except difficulty (two decimals): scaled to integers, then
    // packed with the position into one double, so a plain numeric sort orders them.
    let withFigure = 0;
    let lowest = Infinity;
    for (let i = start; i < end; i++) {
      const v = values[i]!;
      if (!Number.isNaN(v)) {
        withFigure++;
        if (v < lowest) lowest = v;
      }
    }
    const keys = new Float64Array(withFigure);
    const order = new Int32Array(end - start);
    let k = 0;
    let tail = withFigure;
    for (let i = start; i < end; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) order[tail++] = i;
      else keys[k++] = Math.round((v - lowest) * 1000) * POSITION_BITS + (i - start);
    }
    keys.sort();
    for (let j = 0; j < withFigure; j++) order[j] = start + (keys[j]! % POSITION_BITS);
    return { order, withFigure };
  }

  /** Totals of filters already counted, by filter. */
  private readonly totals = new Map<string, number>();

  /** The ids of the page's rows in order, and how many rows pass the filter in all. */
  query(q: TableQuery): { total: number; ids: number[] } {
    const stretch = this.stretches.get(`${q.filter.game}\u0000${q.filter.rules}`);
    if (stretch === undefined) return { total: 0, ids: [] };
    const columns = stretch.orders.get(q.sort)!;
    const pass = this.test(q.filter, columns);
    const from = (q.page - 1) * q.pageSize;
    const to = from + q.pageSize;
    const filterKey = JSON.stringify(q.filter);
    const known = this.totals.get(filterKey);
    const ids: number[] = [];
    let total = 0;
    const count = columns.ids.length;
    const { withFigure } = columns;
    for (let k = 0; k < count; k++) {
      // Descending reverses the rows with the figure; those without it stay last.
      const j = q.descending && k < withFigure ? withFigure - 1 - k : k;
      if (!pass(j)) continue;
      if (total >= from && total < to) ids.push(columns.ids[j]!);
      total++;
      // With the total known, the rows after the page need not be read.
      if (known !== undefined && total >= to) break;
    }
    if (known !== undefined) return { total: known, ids };
    if (this.totals.size >= TOTALS_KEPT) this.totals.delete(this.totals.keys().next().value as string);
    this.totals.set(filterKey, total);
    return { total, ids };
  }

  /** The filter as a test of a row of `columns` (a figure's range fails a row without the figure). */
  private test(f: TableFilter, columns: Columns): (i: number) => boolean {
    const { verdicts, minMoves, stuck, difficulty } = columns;
    const verdict = f.verdict === undefined ? -1 : VERDICTS.indexOf(f.verdict);
    const winnable = VERDICTS.indexOf('winnable');
    const movesLow = f.minMoves?.min ?? -Infinity;
    const movesHigh = f.minMoves?.max ?? Infinity;
    const movesOn = f.minMoves !== undefined;
    const stuckLow = f.stuck?.min ?? -Infinity;
    const stuckHigh = f.stuck?.max ?? Infinity;
    const stuckOn = f.stuck !== undefined;
    const tierOn = f.tier !== undefined;
    const tierUnknown = f.tier === 'unknown';
    const cuts = thresholdsFor(allGames().find((g) => g.id === f.game)?.difficulty, f.rules);
    // Cuts by reach are on every row's stuck figure; the others on a winnable row's score.
    const reach = byReach(cuts);
    const tierFigure = reach ? stuck : difficulty;
    let tierLow = -Infinity;
    let tierHigh = Infinity;
    if (f.tier !== undefined && f.tier !== 'unknown') {
      const range = tierRange(cuts, f.tier);
      // No tiers for this rule set: no row is of one.
      tierLow = range === null ? Infinity : range.min;
      tierHigh = range === null ? -Infinity : range.max;
    }
    return (i) => {
      if (verdict >= 0 && verdicts[i] !== verdict) return false;
      if (movesOn) {
        const v = minMoves[i]!;
        if (!(v >= movesLow && v <= movesHigh)) return false;
      }
      if (stuckOn) {
        const v = stuck[i]!;
        if (!(v >= stuckLow && v <= stuckHigh)) return false;
      }
      if (tierOn) {
        if (!reach && verdicts[i] !== winnable) return false;
        const d = tierFigure[i]!;
        if (tierUnknown ? !Number.isNaN(d) : !(d >= tierLow && d < tierHigh)) return false;
      }
      return true;
    };
  }
}
