/**
 * The line behind a winnable Pyramide deal's crossroads and forgiveness (difficulty.ts): from
 * a position, the fewest crossroads (positions where some removal loses) to the win, ties
 * broken by the fewest removals, with the removals met along it and how many of them keep
 * the game winnable.
 */
import { PyramideDecisionSpace } from './decisionSpace.js';
import { FULL_PYRAMID } from './layout.js';

export interface LineFigures {
  crossroads: number;
  /** Removals along the chosen line, and how many of them keep the game winnable. */
  moves: number;
  good: number;
  length: number;
}

/** Fewest crossroads from a winnable position to the win (ties: fewest removals), memoised. */
export function bestLine(
  space: PyramideDecisionSpace,
  mask: number,
  usage: number,
  memo: Map<number, LineFigures>,
  depth = 0,
): LineFigures {
  if (mask === FULL_PYRAMID) return { crossroads: 0, moves: 0, good: 0, length: 0 };
  const key = PyramideDecisionSpace.key(mask, usage);
  const known = memo.get(key);
  if (known) return known;
  const k = space.successors(mask, usage, depth);
  const masks: number[] = [];
  const usages: number[] = [];
  for (let i = 0; i < k; i++) {
    const s = space.succ(depth, i);
    masks.push(s.mask);
    usages.push(s.usage);
  }
  let good = 0;
  const winning: number[] = [];
  for (let i = 0; i < k; i++) {
    if (space.winnable(masks[i]!, usages[i]!, depth + 1)) {
      good++;
      winning.push(i);
    }
  }
  let best: LineFigures | null = null;
  for (const i of winning) {
    const next = bestLine(space, masks[i]!, usages[i]!, memo, depth + 1);
    if (best === null || next.crossroads < best.crossroads || (next.crossroads === best.crossroads && next.length < best.length))
      best = next;
  }
  if (best === null) {
    // Past the state limit every unexplored position reads as lost; the caller reports unknown.
    if (space.overflow) return { crossroads: 0, moves: 0, good: 0, length: 0 };
    throw new Error('a winnable position without a winning removal');
  }
  const here: LineFigures = {
    crossroads: best.crossroads + (good < k ? 1 : 0),
    moves: best.moves + k,
    good: best.good + good,
    length: best.length + 1,
  };
  memo.set(key, here);
  return here;
}
