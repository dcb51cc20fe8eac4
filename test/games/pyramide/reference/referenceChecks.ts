/**
 * The reference itself under test, shared by reference.test.ts and the long checks,
 * reference.long.test.ts (the searches of seconds): its move generator against the rules
 * engine on random walks, and its position table against a plain Map-based breadth-first search.
 */
import { expect } from 'vitest';
import { dealFromNumber } from '../../../../src/games/pyramide/deal.js';
import { PyramideGame, type PyramideMove } from '../../../../src/games/pyramide/engine.js';
import { APP_RULES, MSC_RULES, type PyramideRules, rulesName } from '../../../../src/games/pyramide/rules.js';
import { seededRandom } from '../../../support/random.js';
import { RefGame, type RefPosition, referenceSearch } from './bfs.js';

/** The engine's position in the reference's terms (`next` one past the waste top; no turn-over count when unlimited). */
function positionOf(game: PyramideGame): RefPosition {
  return {
    pyramid: game.removed,
    talon: game.talonRemoved,
    next: game.wasteTopIndex() + 1,
    passes: game.rules.passes === Infinity ? 0 : game.passesUsed,
  };
}

function key(p: RefPosition): string {
  return `${p.pyramid}/${p.talon}/${p.next}/${p.passes}`;
}

export const WALK_RULES: PyramideRules[] = [
  APP_RULES,
  MSC_RULES,
  { ...APP_RULES, passes: 1 },
  { ...MSC_RULES, passes: 0 },
  { ...APP_RULES, strictWin: true },
  { ...APP_RULES, pairBeneath: true },
  { ...MSC_RULES, pairBeneath: true, passes: 1 },
  { ...APP_RULES, pairCovering: true },
  { ...APP_RULES, passes: 1, pairBeneath: true, pairCovering: true },
];

/** Three random walks on each of the first 40 deals: the same positions one move away from the reference as from the engine. */
export function walksAgree(rules: PyramideRules): void {
  const next = seededRandom(0x5eed);
  let steps = 0;
  let won = 0;
  let ends = 0;
  for (let n = 0; n < 40; n++) {
    const deal = dealFromNumber(n);
    const ref = new RefGame(deal, rules);
    for (let walk = 0; walk < 3; walk++) {
      const game = new PyramideGame(deal, rules);
      expect(positionOf(game)).toEqual(ref.start());
      for (let step = 0; step < 300; step++) {
        const here = positionOf(game);
        const moves = game.moves();
        const fromEngine = moves.map((m: PyramideMove) => {
          game.move(m);
          const there = key(positionOf(game));
          game.undo();
          return there;
        });
        const fromReference = ref.successors(here).map(key);
        // Compared in place, through `expect` only where they differ: a walk takes thousands of steps.
        fromReference.sort();
        fromEngine.sort();
        if (fromReference.join() !== fromEngine.join()) expect(fromReference, `deal ${n}, walk ${walk}, step ${step}`).toEqual(fromEngine);
        if (ref.isWon(here) !== game.isWon()) expect(ref.isWon(here), `deal ${n}, walk ${walk}, step ${step}`).toBe(game.isWon());
        steps++;
        if (game.isWon()) {
          won++;
          break;
        }
        if (moves.length === 0) {
          ends++;
          break;
        }
        // Mostly removals, so that walks get deep into the pyramid.
        const removals = moves.filter((m) => m.kind === 'king' || m.kind === 'pair');
        const pool = removals.length > 0 && next() < 0.8 ? removals : moves;
        game.move(pool[Math.floor(next() * pool.length)]!);
      }
    }
  }
  expect(steps).toBeGreaterThan(3000);
  console.log(`rules ${rulesName(rules)}: ${steps} positions compared, ${won} walks won, ${ends} with no move left`);
}

/** The plainest breadth-first search: positions as objects, a Map of their keys, the reference's move generator. */
function mapSearch(n: number, rules: PyramideRules, stopAtWin: boolean) {
  const game = new RefGame(dealFromNumber(n), rules);
  const depth = new Map<string, number>();
  const queue: RefPosition[] = [game.start()];
  depth.set(key(queue[0]!), 0);
  let minMoves: number | null = null;
  let maxRemoved = 0;
  let movesToMost = 0;
  let deadEnd = false;
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i]!;
    const d = depth.get(key(p))!;
    let removed = 0;
    for (let b = 0; b < 28; b++) if (p.pyramid & (1 << b)) removed++;
    if (removed > maxRemoved) {
      maxRemoved = removed;
      movesToMost = d; // the queue runs in order of distance: the first found is the nearest
    }
    if (game.isWon(p)) {
      if (minMoves === null) minMoves = d;
      if (stopAtWin) break;
      continue;
    }
    const next = game.successors(p);
    if (next.length === 0) deadEnd = true;
    for (const q of next) {
      if (depth.has(key(q))) continue;
      depth.set(key(q), d + 1);
      queue.push(q);
    }
  }
  return { winnable: minMoves !== null, minMoves, maxRemoved, movesToMost, deadEnd, positions: depth.size };
}

/** The reference's whole search of a deal against the Map-based one: the same positions, the same answers. */
export function visitsTheSame(n: number, rules: PyramideRules): void {
  const plain = mapSearch(n, rules, false);
  const ref = referenceSearch(dealFromNumber(n), rules, { maxPositions: Infinity, stopAtWin: false });
  expect(ref.complete).toBe(true);
  expect(ref.positions).toBe(plain.positions);
  expect(ref.winnable).toBe(plain.winnable);
  expect(ref.minMoves).toBe(plain.minMoves);
  expect(ref.maxRemoved).toBe(plain.maxRemoved);
  expect(ref.movesToMost).toBe(plain.movesToMost);
  expect(ref.deadEndReachable).toBe(plain.deadEnd);
}

/** Both searches stopped at the first win of a winnable deal: the same fewest moves. */
export function findsTheSameWin(n: number, rules: PyramideRules): void {
  const plain = mapSearch(n, rules, true);
  const ref = referenceSearch(dealFromNumber(n), rules, { maxPositions: Infinity, stopAtWin: true });
  expect(plain.winnable).toBe(true);
  expect(ref.winnable).toBe(true);
  expect(ref.minMoves).toBe(plain.minMoves);
  expect(ref.maxRemoved).toBe(28);
}
