/**
 * The exact win probability of a uniformly random Pyramide player (one choosing uniformly
 * among the engine's legal moves: Kings, pairs, draw, turn-over) under unlimited turn-overs,
 * stopped as lost the moment its position can no longer be won.
 *
 * Removals are irreversible, and for a fixed set of removed cards the draws and the
 * turn-over only move the waste pointer round one cycle: (no waste card) → draw → each card
 * still in the talon on top in turn → turn over → (no waste card). So, with P_j the win
 * probability at pointer state j of a removal set, k_j its legal moves and S_j the sum of
 * the probabilities after its removals,
 *
 *   P_j = (P_{j+1} + S_j) / k_j        (the talon move goes to j+1, round the cycle)
 *
 * an affine map per state; composing them round the cycle gives P_0 = A·P_0 + B, so
 * P_0 = B / (1 − A) (A = 1 only when no state of the cycle has a removal: the player then
 * never wins, P = 0), and the others follow back round. The removal sets form an acyclic
 * graph, solved depth first and memoised in a typed-array table; past `stateLimit` removal
 * sets the computation gives up (the caller falls back to seeded playouts).
 */
import { GrowableInt32Array } from '../../search/growable.js';
import { StateTable } from '../../search/stateTable.js';
import { PyramideDecisionSpace } from './decisionSpace.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE } from './layout.js';

const TALON = 24;
/** Child markers in the per-depth scratch: a won or a lost position instead of a table offset. */
const WON = -2;
const LOST = -3;
/** Removals can go no deeper than the cards: 28 pyramid + 24 talon, and a margin. */
const MAX_DEPTH = 64;
/** Removals of one position that involve no talon card (Kings and pyramid pairs). */
const MAX_REMOVALS = 64;

/**
 * The exact win rate from the start (see `ExactRandomPlay.startRate`), by a computation kept
 * from deal to deal: a batch runs one per winnable deal, and growing fresh arrays to a few MB
 * each time (the system zeroing them) is costly (bench/README.md).
 */
export function exactStartRate(
  space: PyramideDecisionSpace,
  stateLimit: number,
  wasteStartsEmpty: boolean,
  pool: RandomPlayPool = new RandomPlayPool(),
): number | null {
  // Taken while in use, so a computation that starts before this one ends gets its own.
  const play = pool.kept ?? new ExactRandomPlay();
  pool.kept = null;
  try {
    play.reset(space, stateLimit);
    return play.startRate(wasteStartsEmpty);
  } finally {
    if (play.bytes() <= MAX_POOLED_BYTES) pool.kept = play;
  }
}

/** The computation kept for the next deal (one per thread: see context.ts), or null while one runs. */
export class RandomPlayPool {
  kept: ExactRandomPlay | null = null;
}

/**
 * Whether the exact computation is sure to pass `stateLimit` removal sets, from the positions
 * the line search met (`positions`: keys of `PyramideDecisionSpace`, every winnable position
 * reachable from the start through winnable ones). The exact computation solves every
 * removal set reachable through winnable positions, and behind each such position (pyramid,
 * talon cards used by value) lie the sets `exactSetsAtLeast` counts; past `stateLimit` +
 * MAX_DEPTH (the sets still being solved when the limit is checked) it stops unfinished.
 * Skipping it then gives the same figures, sooner: most of the app's winnable deals pass the
 * default limit (bench/README.md).
 */
export function exactWouldOverflow(space: PyramideDecisionSpace, positions: Iterable<number>, stateLimit: number): boolean {
  return exactSetsAtLeast(space, positions, stateLimit + MAX_DEPTH) > stateLimit + MAX_DEPTH;
}

/**
 * A lower bound on the removal sets the exact computation solves, counted until it passes
 * `cap`. Each position (pyramid `M`, Kings closed, and talon usage `U`) stands for distinct
 * removal sets the random player reaches, all of them solved (their Kings closed, each is
 * that winnable position), none shared with another position:
 *   - any talon cards of the values `U` uses (drawing brings any card of a value to the top);
 *   - any of the talon's Kings besides (one goes alone whenever it is on the waste top, and
 *     leaves the position as it was);
 *   - `M` less any of its Kings that no card removed in `M` lies under (the player follows the
 *     same removals and leaves those Kings in place; Kings closed, each is `M` again).
 */
export function exactSetsAtLeast(space: PyramideDecisionSpace, positions: Iterable<number>, cap: number): number {
  let talonKings = 0;
  for (const v of space.talonValue) if (v === 13) talonKings++;
  const kingSets = 2 ** talonKings;
  const masksOf = new Map<number, number>();
  let sets = 0;
  for (const key of positions) {
    const mask = PyramideDecisionSpace.maskOf(key);
    let masks = masksOf.get(mask);
    if (masks === undefined) {
      masks = kingsLeftOpen(space, mask);
      masksOf.set(mask, masks);
    }
    sets += space.removedSetsOf(key) * kingSets * masks;
    if (sets > cap) return sets;
  }
  return sets;
}

/** In how many ways the Kings removed in `mask` could be left in place instead: any set of them under which no removed card lies. */
function kingsLeftOpen(space: PyramideDecisionSpace, mask: number): number {
  const kings: number[] = [];
  for (let i = 0; i < PYRAMID_SIZE; i++) if (((mask >> i) & 1) === 1 && space.value[i] === 13) kings.push(i);
  let count = 0;
  for (let s = 0; s < 1 << kings.length; s++) {
    let m = mask;
    for (let k = 0; k < kings.length; k++) if ((s >> k) & 1) m &= ~(1 << kings[k]!);
    // Every card still removed must have its covers removed.
    let consistent = true;
    for (let i = 0; i < PYRAMID_SIZE && consistent; i++)
      if (((m >> i) & 1) === 1 && (m & COVER_MASK[i]!) !== COVER_MASK[i]) consistent = false;
    if (consistent) count++;
  }
  return count;
}

/** A larger computation (past a state limit above the default) is not kept. */
const MAX_POOLED_BYTES = 16 << 20;

class ExactRandomPlay {
  /** Sized for the default state limit (`EXACT_STATE_LIMIT`), so a reset keeps it. */
  readonly #table = new StateTable(null, 1 << 15);
  /** Per removal set (table id): where its values start in `values`. */
  readonly #offset = new GrowableInt32Array(1 << 12);
  #values = new Float64Array(1 << 16);
  #used = 0;
  /** Per depth: the talon cards still in play (indices), the available pyramid cards, the pyramid-only children. */
  readonly #inPlay = new Int32Array(MAX_DEPTH * TALON);
  readonly #avail = new Int32Array(MAX_DEPTH * PYRAMID_SIZE);
  readonly #pyrChild = new Int32Array(MAX_DEPTH * MAX_REMOVALS);
  readonly #coefA = new Float64Array(MAX_DEPTH * (TALON + 1));
  readonly #coefB = new Float64Array(MAX_DEPTH * (TALON + 1));
  /**
   * Per depth and available pyramid card: whether pairing it with a talon card keeps the game
   * winnable (1), not (0), or not asked yet (-1). The answer is the same whichever card of
   * that value is the waste top, so it is asked once per position, not once per pointer state.
   */
  readonly #pairWins = new Int8Array(MAX_DEPTH * PYRAMID_SIZE);
  overflow = false;
  #space!: PyramideDecisionSpace;
  #stateLimit = 0;

  /** Starts over on another deal's positions (the arrays are kept; `values` is written before it is read). */
  reset(space: PyramideDecisionSpace, stateLimit: number): void {
    this.#space = space;
    this.#stateLimit = stateLimit;
    this.#table.reset(null);
    this.#used = 0;
    this.overflow = false;
  }

  /** Bytes held by the arrays that grow with the positions solved. */
  bytes(): number {
    return this.#table.bytes() + this.#offset.bytes() + this.#values.byteLength;
  }

  /**
   * The win probability from the start: nothing removed, the waste pointer after the first
   * talon card (`wasteStartsEmpty` false, the app's deal) or before it. Null past the limit.
   */
  startRate(wasteStartsEmpty: boolean): number | null {
    const at = this.#solve(0, 0, 0, 0);
    if (at < 0) return null;
    // Pointer state 1 is the first talon card on the waste; 0 the empty waste.
    return this.#values[at + (wasteStartsEmpty ? 0 : 1)]!;
  }

  /** The value of a child at pointer state j: won 1, lost 0, or from the table. */
  #childValue(child: number, j: number): number {
    if (child === WON) return 1;
    if (child === LOST) return 0;
    return this.#values[child + j]!;
  }

  /** A child position: WON, LOST (cannot be won any more), or its offset in `values` (−1: over the limit). */
  #child(mask: number, removed: number, usage: number, depth: number): number {
    if (mask === FULL_PYRAMID) return WON;
    if (!this.#space.winnable(this.#space.closeKings(mask), usage)) return LOST;
    return this.#solve(mask, removed, usage, depth);
  }

  /** Solves a removal set; returns the offset of its values (one per pointer state), or −1 past the limit. */
  #solve(mask: number, removed: number, usage: number, depth: number): number {
    const known = this.#table.lookup(mask, removed);
    if (known >= 0) return this.#offset.data[known]!;
    if (this.overflow || this.#table.size >= this.#stateLimit || depth >= MAX_DEPTH) {
      this.overflow = true;
      return -1;
    }
    const space = this.#space;
    const value = space.value;
    const tv = space.talonValue;
    // The talon cards in play, in order: pointer state j ≥ 1 has inPlay[j − 1] on the waste top.
    const ip = depth * TALON;
    let r = 0;
    for (let i = 0; i < TALON; i++) if (((removed >> i) & 1) === 0) this.#inPlay[ip + r++] = i;
    const av = depth * PYRAMID_SIZE;
    let n = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((mask >> i) & 1) === 0 && (mask & COVER_MASK[i]!) === COVER_MASK[i]) {
        this.#pairWins[av + n] = -1;
        this.#avail[av + n++] = i;
      }
    }
    // Removals without a talon card lead to the same pointer state of another removal set.
    const pc = depth * MAX_REMOVALS;
    let np = 0;
    for (let a = 0; a < n; a++) {
      const pa = this.#avail[av + a]!;
      if (value[pa] === 13) this.#pyrChild[pc + np++] = this.#child(mask | (1 << pa), removed, usage, depth + 1);
      for (let b = a + 1; b < n; b++) {
        const pb = this.#avail[av + b]!;
        if (value[pa]! + value[pb]! === 13)
          this.#pyrChild[pc + np++] = this.#child(mask | (1 << pa) | (1 << pb), removed, usage, depth + 1);
      }
    }
    for (let c = 0; c < np; c++) if (this.#pyrChild[pc + c] === -1) return -1;
    const cycle = r + 1;
    const talonMove = r > 0 ? 1 : 0;
    const ca = depth * (TALON + 1);
    for (let j = 0; j < cycle; j++) {
      let sum = 0;
      for (let c = 0; c < np; c++) sum += this.#childValue(this.#pyrChild[pc + c]!, j);
      let k = np + talonMove;
      if (j > 0) {
        // Removals with the waste top t: the pointer falls back to the card below it (state j − 1).
        const t = this.#inPlay[ip + j - 1]!;
        const bit = 1 << t;
        const vt = tv[t]!;
        if (vt === 13) {
          const ch = this.#child(mask, removed | bit, usage, depth + 1);
          if (ch === -1) return -1;
          sum += this.#childValue(ch, j - 1);
          k++;
        } else {
          for (let a = 0; a < n; a++) {
            const pa = this.#avail[av + a]!;
            if (value[pa]! + vt !== 13) continue;
            k++;
            const next = mask | (1 << pa);
            if (next === FULL_PYRAMID) {
              sum += 1;
              continue;
            }
            const after = space.useTalon(usage, vt);
            if (this.#pairWins[av + a] === -1) this.#pairWins[av + a] = space.winnable(space.closeKings(next), after) ? 1 : 0;
            if (this.#pairWins[av + a] === 0) continue; // lost: worth 0
            const ch = this.#solve(next, removed | bit, after, depth + 1);
            if (ch === -1) return -1;
            sum += this.#values[ch + j - 1]!;
          }
        }
      }
      this.#coefA[ca + j] = k === 0 ? 0 : talonMove / k;
      this.#coefB[ca + j] = k === 0 ? 0 : sum / k;
    }
    // Round the cycle: P_0 = A·P_0 + B.
    let A = 1;
    let B = 0;
    for (let j = cycle - 1; j >= 0; j--) {
      const a = this.#coefA[ca + j]!;
      B = a * B + this.#coefB[ca + j]!;
      A *= a;
    }
    const at = this.#reserve(cycle);
    const vals = this.#values;
    vals[at] = A < 1 ? B / (1 - A) : 0;
    for (let j = cycle - 1; j >= 1; j--) vals[at + j] = this.#coefA[ca + j]! * vals[at + ((j + 1) % cycle)]! + this.#coefB[ca + j]!;
    const id = this.#table.intern(mask, removed);
    this.#offset.ensure(id)[id] = at;
    return at;
  }

  #reserve(count: number): number {
    if (this.#used + count > this.#values.length) {
      let cap = this.#values.length * 2;
      while (cap < this.#used + count) cap *= 2;
      const next = new Float64Array(cap);
      next.set(this.#values.subarray(0, this.#used));
      this.#values = next;
    }
    const at = this.#used;
    this.#used += count;
    return at;
  }
}
