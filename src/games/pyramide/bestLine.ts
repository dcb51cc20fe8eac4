/**
 * The line behind a winnable Pyramide deal's crossroads and forgiveness (difficulty.ts): from
 * a position, the fewest crossroads (positions where some removal loses) to the win, ties
 * broken by the fewest removals, with the removals met along it and how many of them keep
 * the game winnable.
 */
import { GrowableInt32Array } from '../../search/growable.js';
import type { PyramideDecisionSpace } from './decisionSpace.js';
import { FULL_PYRAMID } from './layout.js';

export interface LineFigures {
  crossroads: number;
  /** Removals along the chosen line, and how many of them keep the game winnable. */
  moves: number;
  good: number;
  length: number;
}

/** Stands for the won position in `LineMemo` (all its figures 0). */
const WON = -1;

/**
 * The figures `bestLine` worked out, per position of the decision space (its id in the
 * winnability table, `PyramideDecisionSpace.idOf`): typed arrays, so that the search
 * allocates nothing per position.
 */
export class LineMemo {
  /** -1: not worked out yet. */
  private readonly crossroadsOf = new GrowableInt32Array(1 << 10, -1);
  private readonly movesOf = new GrowableInt32Array(1 << 10);
  private readonly goodOf = new GrowableInt32Array(1 << 10);
  private readonly lengthOf = new GrowableInt32Array(1 << 10);
  /** The ids worked out, in the order they were. */
  private readonly order = new GrowableInt32Array(1 << 10);
  private size = 0;
  /** The winning successors of the positions on the search's path, each position's above its parent's; `top`: the first free slot. */
  readonly winning = new GrowableInt32Array(1 << 8);
  top = 0;

  has(id: number): boolean {
    return id < this.crossroadsOf.data.length && this.crossroadsOf.data[id]! >= 0;
  }

  crossroads(id: number): number {
    return id === WON ? 0 : this.crossroadsOf.data[id]!;
  }

  length(id: number): number {
    return id === WON ? 0 : this.lengthOf.data[id]!;
  }

  moves(id: number): number {
    return id === WON ? 0 : this.movesOf.data[id]!;
  }

  good(id: number): number {
    return id === WON ? 0 : this.goodOf.data[id]!;
  }

  set(id: number, crossroads: number, moves: number, good: number, length: number): void {
    this.crossroadsOf.ensure(id)[id] = crossroads;
    this.movesOf.ensure(id)[id] = moves;
    this.goodOf.ensure(id)[id] = good;
    this.lengthOf.ensure(id)[id] = length;
    this.order.ensure(this.size)[this.size++] = id;
  }

  /** The keys (`PyramideDecisionSpace.key`) of the positions worked out: every winnable position the line search met. */
  *keys(space: PyramideDecisionSpace): Generator<number> {
    for (let i = 0; i < this.size; i++) yield space.keyOfId(this.order.data[i]!);
  }
}

/** Fewest crossroads from a winnable position to the win (ties: fewest removals), memoised in `memo`. */
export function bestLine(space: PyramideDecisionSpace, mask: number, usage: number, memo: LineMemo): LineFigures {
  const id = lineFrom(space, mask, usage, memo, 0);
  return { crossroads: memo.crossroads(id), moves: memo.moves(id), good: memo.good(id), length: memo.length(id) };
}

/** `bestLine`'s search: the position's id in `memo` (WON for the won position). */
function lineFrom(space: PyramideDecisionSpace, mask: number, usage: number, memo: LineMemo, depth: number): number {
  if (mask === FULL_PYRAMID) return WON;
  // Winnable, so the winnability table holds it (see `PyramideDecisionSpace.winnable`).
  const id = space.idOf(mask, usage);
  if (memo.has(id)) return id;
  const k = space.successors(mask, usage, depth);
  // The successors stay in the depth's list while deeper searches use the lists below it;
  // the winning ones go on top of `memo.winning`, above those of the positions on the path.
  const base = memo.top;
  let good = 0;
  for (let i = 0; i < k; i++) {
    if (space.winnable(space.succMask(depth, i), space.succUsage(depth, i), depth + 1)) {
      memo.winning.ensure(base + good)[base + good] = i;
      good++;
    }
  }
  memo.top = base + good;
  let bestId = WON;
  for (let w = 0; w < good; w++) {
    const i = memo.winning.data[base + w]!;
    const next = lineFrom(space, space.succMask(depth, i), space.succUsage(depth, i), memo, depth + 1);
    if (
      w === 0 ||
      memo.crossroads(next) < memo.crossroads(bestId) ||
      (memo.crossroads(next) === memo.crossroads(bestId) && memo.length(next) < memo.length(bestId))
    ) {
      bestId = next;
    }
  }
  memo.top = base;
  if (good === 0) {
    // Past the state limit every unexplored position reads as lost; the caller reports unknown.
    if (space.overflow) return WON;
    throw new Error('a winnable position without a winning removal');
  }
  memo.set(id, memo.crossroads(bestId) + (good < k ? 1 : 0), memo.moves(bestId) + k, memo.good(bestId) + good, memo.length(bestId) + 1);
  return id;
}
