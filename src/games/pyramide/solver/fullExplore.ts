/**
 * Depth-first searches of whole packed positions, each visited once through the
 * transposition table, for rules where the stock order matters (limited passes, strict
 * win, MSC, drawn card pairing beneath). Each asks one question and cuts off what cannot
 * change its answer:
 *   'win'      is the pyramid clearable? Positions the relaxed game proves lost are cut.
 *   'win-most' 'win', then, when no win exists, the most pyramid cards removable, in one
 *              search: the positions 'win' visited are every reachable one but those
 *              behind the lost positions it cut, so the second part only starts from those.
 *   'dead-end' can the game end in "no more moves"? Stops at the first; with unlimited
 *              turn-overs, positions holding a talon card that can never go are cut, and
 *              those from which the relaxed game reaches no dead end.
 *   'most'     the most pyramid cards removable: branch and bound, positions whose relaxed
 *              figure cannot beat the best found are cut.
 * Positions that draws and turn-overs alone lead to from one already pushed are not pushed
 * again (`anyPointer`, `byDraws`): the same figures, sooner (bench/README.md).
 */
import type { Budget } from '../../../search/limits.js';
import { GrowableInt32Array, StateTable } from '../../../search/stateTable.js';
import { FULL_PYRAMID } from '../layout.js';
import { ALL_TALON, type FullStateSpace, MAX_MOVES } from './fullState.js';
import { GROUP_HI, GROUP_LO, reachOrder } from './pointerDominance.js';

type ExploreGoal = 'win' | 'win-most' | 'dead-end' | 'most';

interface ExploreResult {
  /** The answer ('win-most': whether a win exists), or null when a limit stopped the search first. */
  found: boolean | null;
  /** The most pyramid cards removed in a position reached (exact when `complete`, for 'most' and 'win-most'). */
  most: number;
  complete: boolean;
  /**
   * With `keepLine` and limited turn-overs: the steps from the start to a position where
   * `most` cards are removed (see `FullStateSpace.successors`); null otherwise.
   */
  mostSteps: number[] | null;
}

export function exploreFull(
  space: FullStateSpace,
  budget: Budget,
  goal: ExploreGoal,
  startLo: number,
  startHi: number,
  keepLine = false,
): ExploreResult {
  return new FullExplore(space, budget, goal, keepLine).run(startLo, startHi);
}

/** What `FullExplore.visit` says of a position taken: go on to its successors, skip them, or end the search. */
const EXPAND = 0;
const SKIP = 1;
const END = 2;

/**
 * One search: `run` pushes the start and loops, taking the next position (`next`: the stack,
 * then for 'win-most' the cut positions), judging it (`visit`) and pushing its successors
 * (`push`). Its state lives in fields so that no step allocates.
 */
class FullExplore {
  // With limited turn-overs a pointer still reaches every later one of its pass, and every
  // pointer of a later pass: a position one already pushed reaches that way is not pushed,
  // where only removals count (the search's steps end in a removal, so a dead end reached
  // by drawing alone is found only from where the drawing starts; and with no turn-over at
  // all, a pyramid and talon come with one pointer anyway). The table groups positions by
  // pyramid and talon, so looking one up meets the others of its group.
  readonly #anyPointer: boolean;
  readonly #byDraws: boolean;
  // With limited turn-overs every position is whole (its pointer included), so the line to the
  // best one is its chain of parents: kept when asked, two words a position. With unlimited
  // ones a position stands for every pointer and its parent's steps may not lead to it.
  readonly #parent: GrowableInt32Array | null;
  readonly #via: GrowableInt32Array | null;
  readonly #table: StateTable;
  readonly #stack = new GrowableInt32Array(1 << 10);
  #sp = 0;
  /** 'win-most': the lost positions 'win' cut, where the search for the most cards resumes. */
  readonly #cut: GrowableInt32Array | null;
  #cuts = 0;
  readonly #outLo = new Uint32Array(MAX_MOVES);
  readonly #outHi = new Uint32Array(MAX_MOVES);
  readonly #outMove = new Int32Array(MAX_MOVES);
  readonly #cutStuckTalon: boolean;
  #mode: ExploreGoal;
  #found = false;
  #stopped = false;
  #most = 0;
  #mostId = 0;
  /** The most cards can stop once it reaches what the relaxed game allows from the start. */
  #ceiling = 28;
  #reachedCeiling = false;

  readonly #space: FullStateSpace;
  readonly #budget: Budget;
  readonly #goal: ExploreGoal;

  constructor(space: FullStateSpace, budget: Budget, goal: ExploreGoal, keepLine: boolean) {
    this.#space = space;
    this.#budget = budget;
    this.#goal = goal;
    this.#anyPointer = space.rules.passes === Infinity;
    this.#byDraws = !this.#anyPointer && goal !== 'dead-end' && space.rules.passes !== 0;
    this.#parent = keepLine && !this.#anyPointer ? new GrowableInt32Array(1 << 10) : null;
    this.#via = this.#parent ? new GrowableInt32Array(1 << 10) : null;
    const extraBytes = this.#parent ? 8 : 0;
    this.#table = this.#byDraws
      ? new StateTable(budget, 1 << 12, extraBytes, GROUP_HI, GROUP_LO)
      : new StateTable(budget, 1 << 12, extraBytes);
    this.#cut = goal === 'win-most' ? new GrowableInt32Array(1 << 10) : null;
    this.#cutStuckTalon = goal === 'dead-end' && space.rules.passes === Infinity;
    this.#mode = goal === 'win-most' ? 'win' : goal;
  }

  run(startLo: number, startHi: number): ExploreResult {
    const space = this.#space;
    const goal = this.#goal;
    const table = this.#table;
    const stack = this.#stack;
    this.#most = space.removedCount(startLo);
    this.#ceiling = goal === 'most' || goal === 'win-most' ? space.maxRemovable(startLo, startHi) : 28;
    // With unlimited turn-overs every waste pointer of a pyramid and talon reaches every other
    // (draw to the end, turn over, draw on), and these questions are about what can be
    // reached: one position, its pointer at the start of the stock, stands for all of them.
    const start = this.#anyPointer ? space.pack(startLo & FULL_PYRAMID, startHi & ALL_TALON, 0, 0) : null;
    stack.data[this.#sp++] = start ? table.intern(start.hi, start.lo) : table.intern(startHi, startLo);
    this.#mostId = stack.data[0]!;
    if (this.#parent) this.#parent.ensure(this.#mostId)[this.#mostId] = -1;
    for (;;) {
      const id = this.#next();
      if (id < 0) break;
      const seen = this.#visit(id);
      if (seen === END) break;
      if (seen === SKIP) continue;
      if (!this.#push(id)) break;
    }
    return this.#result();
  }

  /** The next position to visit, or -1 when the search ends (nothing left, or the budget). */
  #next(): number {
    if (this.#sp === 0) {
      // 'win-most' after every position was seen and none won: on to the most cards, from the cut positions.
      if (this.#goal !== 'win-most' || this.#mode !== 'win' || this.#found || this.#stopped) return -1;
      this.#mode = 'most';
      if (this.#most >= this.#ceiling) {
        this.#reachedCeiling = true;
        return -1;
      }
      const stack = this.#stack;
      const cut = this.#cut;
      for (let k = 0; k < this.#cuts; k++) {
        stack.ensure(this.#sp);
        stack.data[this.#sp++] = cut!.data[k]!;
      }
      if (this.#sp === 0) return -1;
    }
    if (!this.#budget.tick()) {
      this.#stopped = true;
      return -1;
    }
    return this.#stack.data[--this.#sp]!;
  }

  /** Counts the position's cards and asks whether it answers the question, is cut, or goes on. */
  #visit(id: number): number {
    const space = this.#space;
    const table = this.#table;
    const mode = this.#mode;
    const lo = table.loOf(id);
    const hi = table.hiOf(id);
    const removed = space.removedCount(lo);
    if (removed > this.#most) {
      this.#most = removed;
      this.#mostId = id;
      if (mode === 'most' && removed >= this.#ceiling) {
        this.#reachedCeiling = true;
        return END;
      }
    }
    if (mode === 'most' && space.maxRemovable(lo, hi) <= this.#most) return SKIP;
    if (space.isWon(lo, hi)) {
      if (mode !== 'win') return SKIP;
      this.#found = true;
      return END;
    }
    if (mode === 'win' && space.cannotWin(lo, hi)) {
      if (this.#cut) {
        this.#cut.ensure(this.#cuts);
        this.#cut.data[this.#cuts++] = id;
      }
      return SKIP;
    }
    if (this.#cutStuckTalon && (space.talonStuck(lo, hi) || !space.deadEndAhead(lo, hi))) return SKIP;
    return EXPAND;
  }

  /** Pushes the successors of `id` not met before; false when the search ends (a dead end found, or the memory limit). */
  #push(id: number): boolean {
    const space = this.#space;
    const table = this.#table;
    const stack = this.#stack;
    const outLo = this.#outLo;
    const outHi = this.#outHi;
    const outMove = this.#outMove;
    const parent = this.#parent;
    const via = this.#via;
    const anyPointer = this.#anyPointer;
    const byDraws = this.#byDraws;
    // A search for a win alone may play a forced pair alone (see `FullStateSpace.successors`).
    const n = space.successors(table.loOf(id), table.hiOf(id), outLo, outHi, outMove, this.#goal === 'win');
    if (this.#mode === 'dead-end' && space.deadEnd) {
      this.#found = true;
      return false;
    }
    // Pushed in reverse so removals are tried before drawing.
    for (let k = n - 1; k >= 0; k--) {
      let sLo = outLo[k]!;
      let sHi = outHi[k]!;
      if (anyPointer) {
        const c = space.pack(sLo & FULL_PYRAMID, sHi & ALL_TALON, 0, 0);
        sLo = c.lo;
        sHi = c.hi;
      }
      if (byDraws && this.#covered(sLo, sHi)) continue;
      const sid = table.intern(sHi, sLo);
      if (sid < 0) {
        this.#stopped = true;
        return false;
      }
      if (!table.lastWasNew) continue;
      if (parent) {
        parent.ensure(sid)[sid] = id;
        via!.ensure(sid)[sid] = outMove[k]!;
      }
      stack.ensure(this.#sp);
      stack.data[this.#sp++] = sid;
    }
    return true;
  }

  /** Whether a position pushed before reaches (lo, hi) by draws and turn-overs (itself included). */
  #covered(lo: number, hi: number): boolean {
    const table = this.#table;
    const order = reachOrder(lo, hi);
    for (let i = table.probeStart(hi, lo); ; i = table.nextSlot(i)) {
      const id = table.idAtSlot(i);
      if (id < 0) return false;
      const sLo = table.loOf(id);
      const sHi = table.hiOf(id);
      if (((sLo ^ lo) & GROUP_LO) === 0 && ((sHi ^ hi) & GROUP_HI) === 0 && reachOrder(sLo, sHi) <= order) return true;
    }
  }

  #result(): ExploreResult {
    const found = this.#found;
    const most = this.#most;
    const stopped = this.#stopped;
    const mode = this.#mode;
    const sp = this.#sp;
    const reachedCeiling = this.#reachedCeiling;
    const mostSteps = this.#parent ? stepsTo(this.#parent, this.#via!, this.#mostId) : null;
    if (this.#goal === 'win-most') {
      if (found) return { found: true, most: 28, complete: true, mostSteps: null };
      // No win is proven only once the first part saw everything (it moved on to the most cards, or nothing was left).
      const settled = mode === 'most' && (reachedCeiling || (!stopped && sp === 0));
      return { found: mode === 'most' ? false : null, most, complete: settled, mostSteps };
    }
    const settled = found || reachedCeiling || (!stopped && sp === 0);
    return { found: settled ? found : null, most, complete: settled, mostSteps };
  }
}

/** The steps from the start (parent -1) to position `id`, by its chain of parents. */
export function stepsTo(parent: GrowableInt32Array, via: GrowableInt32Array, id: number): number[] {
  const steps: number[] = [];
  for (let at = id; parent.data[at]! >= 0; at = parent.data[at]!) steps.push(via.data[at]!);
  return steps.reverse();
}
