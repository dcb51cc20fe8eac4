/**
 * Where a beam with a higher turn-over limit can start: the analysis runs the same beam shape
 * with 0, 1, 2, ... turn-overs allowed (`fewerPasses`, solver.ts), and two such beams make
 * the same moves until, at some move, a position they keep could turn the waste over under
 * the higher limit and not under the lower one. Up to there the higher beam's every
 * candidate, score, tie and key are the lower one's, so it can start from the lower beam's
 * state at that move (its positions, their keys and parents, the keys it has seen, the
 * positions it has scored) and find what it would have found from the start.
 */
import type { DoubleState } from './engine.js';

/** A beam's state at the start of one move (see the file comment). */
export interface BeamSnapshot {
  /** The turn-over limit of the beam it was taken from: any higher limit may start here. */
  limit: number;
  depth: number;
  /** The positions kept, and their column codes (`BeamKeys`, by column then sorted). */
  kept: DoubleState[];
  codes: Uint32Array;
  /** Each earlier move's kept positions' parents and moves (`beamLine`'s `parents`, `via`). */
  parents: Int32Array;
  via: Int32Array;
  /** The keys seen so far, in the order they were first seen. */
  keys: Uint32Array;
  /** Positions scored so far (the budget's nodes). */
  nodes: number;
}

/**
 * The keys a forking beam has seen, in the order it first saw them (`words` of `keys`),
 * while it may still take its snapshot: one buffer per thread, grown to the longest record once.
 */
export class KeyRecord {
  keys = new Uint32Array(1 << 16);
  words = 0;

  add(key: Uint32Array): void {
    if (this.words + key.length > this.keys.length) {
      const grown = new Uint32Array(2 * this.keys.length);
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys.set(key, this.words);
    this.words += key.length;
  }

  /** The keys recorded so far, copied out. */
  copy(): Uint32Array {
    return this.keys.slice(0, this.words);
  }
}

/** Passed from one beam of a shape to the next with a higher limit: the last snapshot taken. */
export class BeamFork {
  saved: BeamSnapshot | null = null;

  /** The snapshot a beam with limit `maxTurnOvers` may start from, or null. */
  startFor(maxTurnOvers: number): BeamSnapshot | null {
    return this.saved !== null && this.saved.limit < maxTurnOvers ? this.saved : null;
  }
}
