/**
 * The Pyramide hint against independent checks: optimal moves replayed through the rules
 * engine to a win in the stated number of moves, and every label on positions from real
 * deals (app and msc rules) against the plain breadth-first reference started from the
 * position after the move.
 */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { IllegalMoveError, PyramideGame, type PyramideMove } from '../../../src/games/pyramide/engine.js';
import { hintPyramide, type PyramideHint } from '../../../src/games/pyramide/hint.js';
import { parseMoveList } from '../../../src/games/pyramide/notation.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';
import { analysePosition, playSteps, solvePyramide } from '../../../src/games/pyramide/solver/analyse.js';
import { PyramideContext } from '../../../src/games/pyramide/solver/context.js';
import { positionOf } from '../../../src/games/pyramide/solver/position.js';
import { Budget, type Limits } from '../../../src/search/limits.js';
import { type RefPosition, referenceSearch } from './reference/bfs.js';

/** The searches the checks run themselves keep their pools apart from the hints'. */
const SCRATCH = new PyramideContext();

const GENEROUS: Limits = { timeMs: 120_000, nodes: Infinity, memoryBytes: 4 * 1024 ** 3 };

function replay(n: number, rules: PyramideRules, played: readonly PyramideMove[]): PyramideGame {
  const game = new PyramideGame(dealFromNumber(n), rules);
  for (const m of played) game.move(m);
  return game;
}

/** The engine's position in the reference's terms (`next` one past the waste top). */
function refPosition(game: PyramideGame): RefPosition {
  return {
    pyramid: game.removed,
    talon: game.talonRemoved,
    next: game.wasteTopIndex() + 1,
    passes: game.rules.passes === Infinity ? 0 : game.passesUsed,
  };
}

/** A position `fraction` of the way along the solver's optimal line (or the start of a lost deal after `fraction * 10` removals). */
function positionAlong(n: number, rules: PyramideRules, fraction: number): PyramideMove[] {
  const sol = solvePyramide(dealFromNumber(n), rules, GENEROUS);
  if (sol.solution) return sol.solution.slice(0, Math.floor(sol.solution.length * fraction));
  const game = new PyramideGame(dealFromNumber(n), rules);
  const played: PyramideMove[] = [];
  for (let k = 0; k < Math.floor(fraction * 10); k++) {
    const move = game.moves().find((m) => m.kind !== 'draw' && m.kind !== 'turn-over') ?? game.moves()[0];
    if (!move) break;
    game.move(move);
    played.push(move);
  }
  return played;
}

describe('hintPyramide', () => {
  it('labels optimal only moves that win in the stated number of moves, replayed through the engine', () => {
    for (const rules of [APP_RULES, MSC_RULES]) {
      for (const n of [0, 2, 8]) {
        const played = positionAlong(n, rules, 0.3);
        const hint = hintPyramide(dealFromNumber(n), rules, played, GENEROUS);
        expect(hint.status).toBe('winnable');
        const optimal = hint.moves.filter((m) => m.label === 'optimal');
        expect(optimal.length).toBeGreaterThan(0);
        expect(hint.moves[0]!.label).toBe('optimal');
        for (const j of optimal) {
          expect(j.movesLeft! + 1).toBe(hint.movesLeft);
          const game = replay(n, rules, [...played, j.move]);
          const f = analysePosition(SCRATCH, game.deal, rules, positionOf(game), new Budget(GENEROUS), false);
          const before = game.counter;
          playSteps(game, f.space!, f.steps!);
          expect(game.isWon()).toBe(true);
          expect(game.counter - before).toBe(j.movesLeft);
        }
        for (const j of hint.moves.filter((m) => m.label === 'winnable')) expect(j.extraMoves).toBeGreaterThan(0);
        // The hint's line: the best move first, then a win, in exactly the moves left.
        expect(hint.line![0]).toEqual(hint.moves[0]!.move);
        const game = replay(n, rules, played);
        const before = game.counter;
        for (const m of hint.line!) game.move(m);
        expect(game.isWon()).toBe(true);
        expect(game.counter - before).toBe(hint.movesLeft);
      }
    }
  }, 300_000);

  it('agrees with the reference search on every move of 30 positions from real deals (app and msc)', () => {
    let positions = 0;
    let judged = 0;
    const labels = new Map<string, number>();
    const cases: { n: number; rules: PyramideRules; fraction: number }[] = [];
    for (const rules of [APP_RULES, MSC_RULES]) {
      for (const n of [0, 2, 5, 7, 8, 11, 12, 14, 17, 21, 25, 27, 35, 38, 40, 48, 49, 52, 56, 61]) {
        cases.push({ n, rules, fraction: 0.6 }, { n, rules, fraction: 0.8 });
      }
    }
    for (const { n, rules, fraction } of cases) {
      if (positions >= 30) break;
      const played = positionAlong(n, rules, fraction);
      const hint: PyramideHint = hintPyramide(dealFromNumber(n), rules, played, GENEROUS);
      expect(hint.limit).toBeNull();
      // The reference from the position after each move; positions it cannot settle under its cap are skipped.
      const game = replay(n, rules, played);
      const refs = hint.moves.map((j) => {
        game.move(j.move);
        const ref = referenceSearch(game.deal, rules, { maxPositions: 400_000, stopAtWin: true, start: refPosition(game) });
        game.undo();
        return ref;
      });
      if (refs.some((r) => r.winnable === null)) continue;
      positions++;
      const best = Math.min(...refs.map((r) => (r.winnable ? r.minMoves! : Infinity)));
      hint.moves.forEach((j, i) => {
        const ref = refs[i]!;
        const where = `deal ${n}, rules ${rules.preset}, after ${played.length} moves, move ${JSON.stringify(j.move)}`;
        labels.set(j.label, (labels.get(j.label) ?? 0) + 1);
        judged++;
        if (ref.winnable) {
          expect(j.label, where).toBe(ref.minMoves === best ? 'optimal' : 'winnable');
          expect(j.movesLeft, where).toBe(ref.minMoves);
          expect(j.extraMoves, where).toBe(ref.minMoves! - best);
        } else {
          expect(j.label, where).toBe('losing');
          // Lost: the reference visited every position, so its figures are exact.
          expect(ref.complete, where).toBe(true);
          expect(j.maxRemoved, where).toBe(ref.maxRemoved);
          expect(j.stuckExact, where).toBe(true);
          expect(j.deadEndReachable, where).toBe(ref.deadEndReachable);
        }
      });
      const anyWin = refs.some((r) => r.winnable);
      expect(hint.status).toBe(anyWin ? 'winnable' : 'lost');
      if (anyWin) expect(hint.movesLeft).toBe(best + 1);
      else expect(hint.maxRemoved).toBe(Math.max(...refs.map((r) => r.maxRemoved)));
    }
    console.log(
      `hint: ${positions} positions, ${judged} moves judged against the reference: ${JSON.stringify(Object.fromEntries(labels))}`,
    );
    expect(positions).toBeGreaterThanOrEqual(30);
    expect(labels.get('losing') ?? 0).toBeGreaterThan(0);
    expect(labels.get('winnable') ?? 0).toBeGreaterThan(0);
  }, 600_000);

  it('every losing move leads to a position the full search proves lost, and best first holds', () => {
    for (const n of [5, 7]) {
      for (const rules of [APP_RULES, MSC_RULES]) {
        const hint = hintPyramide(dealFromNumber(n), rules, [], GENEROUS);
        expect(hint.status).toBe('lost');
        const game = replay(n, rules, []);
        for (const j of hint.moves) {
          expect(j.label).toBe('losing');
          game.move(j.move);
          const f = analysePosition(SCRATCH, game.deal, rules, positionOf(game), new Budget(GENEROUS), false);
          game.undo();
          expect(f.winnable).toBe(false);
          expect(f.maxRemoved).toBe(j.maxRemoved);
        }
        const most = hint.moves.map((m) => m.maxRemoved!);
        expect(most).toEqual([...most].sort((a, b) => b - a));
        expect(hint.maxRemoved).toBe(solvePyramide(dealFromNumber(n), rules, GENEROUS).maxRemoved);
        // The line to the most cards: the best move first, each move legal, ending with exactly that many removed.
        expect(hint.line![0]).toEqual(hint.moves[0]!.move);
        const end = replay(n, rules, hint.line!);
        expect(28 - end.pyramidLeft()).toBe(hint.maxRemoved);
      }
    }
  }, 120_000);

  it('in a lost position, the line to the most cards is a shortest one (the reference counts the fewest moves)', () => {
    const cases: { n: number; rules: PyramideRules; played: PyramideMove[] }[] = [
      ...[5, 7, 27, 40, 49].map((n) => ({ n, rules: APP_RULES, played: [] })),
      ...[5, 40, 49].map((n) => ({ n, rules: MSC_RULES, played: [] })),
      { n: 0, rules: APP_RULES, played: parseMoveList('J♦ + 2♠') },
    ];
    for (const { n, rules, played } of cases) {
      const hint = hintPyramide(dealFromNumber(n), rules, played, GENEROUS);
      expect(hint.status, `deal ${n}`).toBe('lost');
      const game = replay(n, rules, played);
      const ref = referenceSearch(game.deal, rules, { maxPositions: 2_000_000, stopAtWin: true, start: refPosition(game) });
      expect(ref.complete).toBe(true);
      expect(hint.maxRemoved).toBe(ref.maxRemoved);
      const before = game.counter;
      for (const m of hint.line!) game.move(m);
      expect(28 - game.pyramidLeft()).toBe(ref.maxRemoved);
      expect(game.counter - before, `deal ${n} ${rules.preset}`).toBe(ref.movesToMost);
      // The best move is the line's first, and keeps as many cards as any move.
      expect(hint.line![0]).toEqual(hint.moves[0]!.move);
      expect(hint.moves[0]!.maxRemoved).toBe(hint.maxRemoved);
    }
  }, 120_000);

  it('when the search for the shortest line stops, keeps a line to the most cards and says it may not be the shortest', () => {
    // From the start of PY1-N-AAAAADV the search for the shortest line takes about 87,000 positions.
    const hint = hintPyramide(dealFromNumber(99), APP_RULES, [], { ...GENEROUS, nodes: 40_000 });
    expect(hint.status).toBe('lost');
    expect(hint.notes.join(' ')).toMatch(
      /the line to the 22 cards may not be the shortest: the search for the shortest stopped after [\d,]+ positions/,
    );
    expect(hint.line![0]).toEqual(hint.moves[0]!.move);
    const end = replay(99, APP_RULES, hint.line!);
    expect(28 - end.pyramidLeft()).toBe(22);
  }, 60_000);

  it('lists every legal move of the engine', () => {
    const played = positionAlong(0, APP_RULES, 0.5);
    const hint = hintPyramide(dealFromNumber(0), APP_RULES, played, GENEROUS);
    const legal = replay(0, APP_RULES, played).moves();
    expect(hint.moves.map((m) => JSON.stringify(m.move)).sort()).toEqual(legal.map((m) => JSON.stringify(m)).sort());
  });

  it('without the stock order: winnable and losing stay exact, optimal is left out with the reason', () => {
    const deal = { ...dealFromNumber(0), stock: null };
    const hint = hintPyramide(deal, APP_RULES, [], GENEROUS);
    const full = hintPyramide(dealFromNumber(0), APP_RULES, [], GENEROUS);
    expect(hint.status).toBe('winnable');
    expect(hint.movesLeft).toBeNull();
    expect(hint.moves.some((m) => m.label === 'optimal')).toBe(false);
    expect(hint.notes.join(' ')).toMatch(/stock order is not given/);
    expect(hint.line).toBeNull();
    for (const j of hint.moves) {
      expect(j.label === 'winnable' || j.label === 'losing').toBe(true);
      if (j.label === 'winnable') expect(j.movesLeft).toBeNull();
      // The same verdict as with the stock known (drawing is not legal without it).
      const same = full.moves.find((m) => JSON.stringify(m.move) === JSON.stringify(j.move))!;
      expect(j.label === 'losing').toBe(same.label === 'losing');
      if (j.label === 'losing') expect(j.maxRemoved).toBe(same.maxRemoved);
    }
  });

  it("refuses an illegal played move with the engine's error, and reports won and dead-end positions", () => {
    const deal = dealFromNumber(0);
    expect(() => hintPyramide(deal, APP_RULES, [{ kind: 'turn-over' }], GENEROUS)).toThrow(IllegalMoveError);
    const sol = solvePyramide(deal, APP_RULES, GENEROUS);
    const won = hintPyramide(deal, APP_RULES, sol.solution!, GENEROUS);
    expect(won.status).toBe('won');
    expect(won.moves).toEqual([]);
    // Under msc, play removals first and draws after until the game ends: a dead end or a win.
    const game = new PyramideGame(deal, MSC_RULES);
    const played: PyramideMove[] = [];
    for (let k = 0; k < 500 && !game.isWon() && !game.isNoMoreMoves(); k++) {
      const moves = game.moves();
      const move = moves.find((m) => m.kind === 'draw' || m.kind === 'turn-over') ?? moves[0]!;
      game.move(move);
      played.push(move);
    }
    if (game.isNoMoreMoves()) {
      const end = hintPyramide(deal, MSC_RULES, played, GENEROUS);
      expect(end.status).toBe('dead end');
      expect(end.moves).toEqual([]);
    }
  });

  it('says unknown, with the limit, when the budget runs out', () => {
    const hint = hintPyramide(dealFromNumber(1), MSC_RULES, [], { ...GENEROUS, nodes: 50 });
    expect(hint.limit).toBe('--node-limit 50');
    expect(hint.moves.some((m) => m.label === 'unknown')).toBe(true);
    expect(hint.status === 'unknown' || hint.status === 'winnable').toBe(true);
  });
});
