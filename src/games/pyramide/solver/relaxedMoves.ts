/**
 * The removals of the relaxed game's positions (relaxed.ts: the pyramid cards removed, and
 * the talon cards used by value, talonUsage.ts), for the searches that take free Kings at
 * once: the quick winnability search and the difficulty's decisions. A King pairs with
 * nothing, so taking it as soon as it is free never hurts.
 */
import type { Card } from '../../../cards/card.js';
import { rankOf } from '../../../cards/card.js';
import { COVER_MASK, closeKings, FULL_PYRAMID, PYRAMID_SIZE } from '../layout.js';
import { TalonUsage } from './talonUsage.js';

export class RelaxedMoves {
  readonly value = new Int32Array(PYRAMID_SIZE);
  /** The talon by value and the usage number: its counts are the owner's to fill, then `talon.setRadix()`. */
  readonly talon = new TalonUsage();
  /** The pyramid's Kings (bit per position): `closeKings` looks at these alone. */
  kings = 0;

  /** The values and Kings of a deal's pyramid. */
  setPyramid(pyramid: readonly Card[]): void {
    this.kings = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      this.value[i] = rankOf(pyramid[i]!);
      if (this.value[i] === 13) this.kings |= 1 << i;
    }
  }

  /** Takes every free pyramid King, repeatedly (see `closeKings` in layout.ts). */
  closeKings(mask: number): number {
    return closeKings(mask, this.kings);
  }

  /** The available pyramid cards of `mask`, lowest position first, into `avail` from `at`; returns their number. */
  available(mask: number, avail: Int32Array, at: number): number {
    let n = 0;
    for (let t = ~mask & FULL_PYRAMID; t !== 0; t &= t - 1) {
      const i = 31 - Math.clz32(t & -t);
      if ((mask & COVER_MASK[i]!) === COVER_MASK[i]) avail[at + n++] = i;
    }
    return n;
  }

  /**
   * The removals of the position (mask, usage), whose available cards are the `n` of `avail`
   * from `at` and whose unused talon cards of each value are in `left`, each handed to
   * `sink.add` (Kings closed) until it returns false; returns whether every one was added.
   * For each available card in turn: its pair with a talon card (once per value: any card of
   * it can be drawn), then its pairs with the later available cards; with `talonFirst`,
   * every pair with a talon card before the pairs inside the pyramid.
   */
  removals(
    mask: number,
    usage: number,
    avail: Int32Array,
    at: number,
    n: number,
    left: Int32Array,
    sink: RemovalSink,
    talonFirst: boolean,
  ): boolean {
    const value = this.value;
    const radix = this.talon.radix;
    const kings = this.kings;
    for (let a = 0; a < n; a++) {
      const pa = avail[at + a]!;
      const va = value[pa]!;
      const w = 13 - va;
      if (w >= 1 && w <= 12 && left[w]! > 0 && !sink.add(closeKings(mask | (1 << pa), kings), usage + radix[w]!)) return false;
      if (talonFirst) continue;
      for (let b = a + 1; b < n; b++) {
        const pb = avail[at + b]!;
        if (va + value[pb]! === 13 && !sink.add(closeKings(mask | (1 << pa) | (1 << pb), kings), usage)) return false;
      }
    }
    if (!talonFirst) return true;
    for (let a = 0; a < n; a++) {
      const pa = avail[at + a]!;
      const va = value[pa]!;
      for (let b = a + 1; b < n; b++) {
        const pb = avail[at + b]!;
        if (va + value[pb]! === 13 && !sink.add(closeKings(mask | (1 << pa) | (1 << pb), kings), usage)) return false;
      }
    }
    return true;
  }
}

/** Where `RelaxedMoves.removals` hands each removal: false stops the listing (a full table). */
export interface RemovalSink {
  add(mask: number, usage: number): boolean;
}

/** A sink that keeps the removals, for searches that go through them after listing them all. */
export class RemovalList implements RemovalSink {
  /** Sized for any position: one has far fewer than 64 removals. */
  readonly mask = new Int32Array(64);
  readonly usage = new Int32Array(64);
  size = 0;

  add(mask: number, usage: number): boolean {
    this.mask[this.size] = mask;
    this.usage[this.size++] = usage;
    return true;
  }
}
