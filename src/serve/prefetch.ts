/**
 * Hints worked out before anyone asks: once a line is known (an analysis's solution, a hint's
 * best line), the positions along it are the ones a player steps to next. They are judged on
 * the solver threads only while a thread is free, so a request never waits behind them.
 */

import { moveText } from '../games/hint.js';
import type { MoveJson } from '../games/moveJson.js';
import type { Position } from '../games/position.js';
import type { Limits } from '../search/limits.js';
import { isComplete } from './answerCache.js';
import { answerText } from './answerText.js';
import type { ReadDealQuery } from './dealQuery.js';
import type { SharedCache } from './sharedCache.js';
import type { SolverPool } from './solverPool.js';

interface Pending {
  key: string;
  query: ReadDealQuery;
  moves: string;
  /** The time it may take: a request's limit, or more to finish what a busy moment cut short. */
  timeMs: number;
}

/** How much longer than a request a position cut short may search, finished in the background. */
const COMPLETION_FACTOR = 10;

export class Prefetcher {
  private readonly pending: Pending[] = [];
  private readonly queued = new Set<string>();
  done = 0;

  constructor(
    private readonly pool: SolverPool,
    private readonly cache: Pick<SharedCache, 'has' | 'set'>,
    private readonly limits: Limits,
    /** The most positions waiting; more are dropped (they are asked for again when needed). */
    private readonly capacity: number,
  ) {}

  /**
   * Queues the positions after each move of `line`, played from `position`. A winning line's
   * rest goes with each position's hint (`HintOptions.line`), as a page stepping through the
   * line asks for it: the hint then never tells of a longer line than the one shown.
   */
  along(
    query: ReadDealQuery,
    position: Position,
    line: readonly MoveJson[],
    wins: boolean,
    keyOf: (query: ReadDealQuery, moves: string) => string,
  ): void {
    const texts = line.map((move) => moveText(position.game, move));
    let moves = position.historyText('symbols');
    texts.forEach((text, i) => {
      if (this.pending.length >= this.capacity) return;
      moves = moves === '' ? text : `${moves}; ${text}`;
      const rest = wins && i + 1 < texts.length ? texts.slice(i + 1).join('; ') : undefined;
      const asked: ReadDealQuery = { ...query, line: rest ?? null };
      const key = keyOf(asked, moves);
      if (this.cache.has(key) || this.queued.has(key)) return;
      this.pending.push({ key, query: asked, moves, timeMs: query.timeMs });
      this.queued.add(key);
    });
    this.pump();
  }

  /**
   * Queues, first, a position whose hint a request's time limit cut short, with a longer
   * limit: asked again, it is answered from the cache rather than cut short again.
   */
  complete(query: ReadDealQuery, moves: string, key: string): void {
    if (this.cache.has(key) || this.queued.has(key)) return;
    if (this.pending.length >= this.capacity) this.pending.pop();
    this.pending.unshift({ key, query, moves, timeMs: Math.min(query.timeMs * COMPLETION_FACTOR, 60_000) });
    this.queued.add(key);
    this.pump();
  }

  /** One position at a time, so a request finds at most one thread taken by this work. */
  private running = false;

  /** Starts the next queued position when a solver thread is free. */
  private pump(): void {
    if (!this.running && this.pool.idle && this.pending.length > 0) {
      this.running = true;
      const next = this.pending.shift()!;
      const { query } = next;
      const deadline = Date.now() + next.timeMs;
      this.pool
        .runInBackground({
          kind: 'hint',
          deal: query.deal,
          flags: query.flags,
          moves: next.moves,
          limits: { ...this.limits, timeMs: next.timeMs },
          deadline,
          options: query.line === null ? query.options : { ...query.options, line: query.line },
        })
        .then(
          (answer) => {
            if ('result' in answer && isComplete(answer.result)) this.cache.set(next.key, answerText('hint', answer.result));
            this.done++;
          },
          () => {
            // Busy or stopped: the position is judged when someone asks for it.
          },
        )
        .finally(() => {
          this.running = false;
          this.queued.delete(next.key);
          this.pump();
        });
    }
  }

  /** Called when a request finishes: a thread may be free again. */
  wake(): void {
    this.pump();
  }

  clear(): void {
    this.pending.length = 0;
    this.queued.clear();
  }
}
