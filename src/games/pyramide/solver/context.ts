/**
 * What the Pyramide searches keep from one call to the next on a thread: pools of arrays
 * that are costly to allocate afresh, and tables learnt about a deal that later searches of
 * it reuse. One context is made per thread (`THREAD_CONTEXT`, evaluated once per worker)
 * and passed down to every search; a test may pass its own to start clean.
 */
import type { RuleFlags } from '../../types.js';
import type { PyramideDeal } from '../deal.js';
import { RandomPlayPool } from '../randomPlay.js';
import type { PyramideRules } from '../rules.js';
import type { FullStateSpace } from './fullState.js';
import { type MinMovesCounts, MinMovesPools } from './minMoves.js';
import { PyramidOnlySearch } from './pyramidOnly.js';

export class PyramideContext {
  /** The minimum-move search's bounds and exact costs per space, its queue, closed arrays and bound cache, and the bench's counters. */
  readonly minMoves = new MinMovesPools();
  /** The random player's exact computation, kept from deal to deal (a batch runs one per winnable deal). */
  readonly randomPlay = new RandomPlayPool();
  /** Per deal object (deals are never changed once made) and rule set: the space a hint's searches share across hints. */
  readonly hintSpaces = new WeakMap<PyramideDeal, Map<string, FullStateSpace>>();
  /**
   * Rules by the flags object that makes them: a batch opens every deal of a chunk with the
   * same object, so they are read once a chunk, whatever options the flags hold (a flags
   * object is built whole before any deal is opened with it, never changed after).
   */
  readonly rulesByFlags = new WeakMap<RuleFlags, { rules: PyramideRules; name: string }>();
  #pyramidOnly: PyramidOnlySearch | null = null;

  /** What the exact minimum-move searches expanded since the last reset (the benchmark reads it). */
  get minMovesCounts(): Readonly<MinMovesCounts> {
    return this.minMoves.counts;
  }

  resetMinMovesCounts(): void {
    this.minMoves.resetCounts();
  }

  /** The winnability search's arrays, made on first use: a batch runs it millions of times. */
  get pyramidOnly(): PyramidOnlySearch {
    this.#pyramidOnly ??= new PyramidOnlySearch();
    return this.#pyramidOnly;
  }
}

/** This thread's context: the game's entry (index.ts) passes it down, and callers that pass none get it too. */
export const THREAD_CONTEXT = new PyramideContext();
