import { describe, expect, it } from 'vitest';
import { type DoubleRules, DoubleState } from '../../../src/games/double/engine.js';
import { hintDouble, judgeMoves, replayPosition } from '../../../src/games/double/hint.js';
import { openDouble } from '../../../src/games/double/index.js';
import { moveJson } from '../../../src/games/double/play.js';
import { PLAIN_LINE, solve } from '../../../src/games/double/solver.js';
import { describeHint, moveText } from '../../../src/games/hint.js';
import type { MoveJson } from '../../../src/games/types.js';
import { Budget } from '../../../src/search/limits.js';
import { seededRandom } from '../../support/random.js';
import { D1N, D1V, D3N, D3V, position, reducedGame } from './helpers.js';

const NO_LIMITS = { timeMs: Infinity, nodes: Infinity, memoryBytes: Infinity };

interface Reduced {
  columns: number[][];
  down: number[];
  stock: number[];
  rules: DoubleRules;
  total: number;
}

/** A reduced game (both copies of Ace to 2 or Ace to 3 of every suit) dealt at random, as in the solver tests. */
function reducedDeal(seed: number): Reduced {
  const r = seededRandom(seed * 104729);
  const pick = (n: number): number => Math.floor(r() * n);
  const game = reducedGame(pick);
  const rules = [D1N, D3N, D1V, D3V][pick(4)]!;
  return { ...game, rules };
}

function stateOf(d: Reduced): DoubleState {
  return new DoubleState({ columns: d.columns, down: d.down, stock: d.stock, total: d.total }, d.rules);
}

/** Everything about a position, written out. */
function keyOf(s: DoubleState): string {
  let k = '';
  for (let c = 0; c < 9; c++) {
    k += String.fromCharCode(200 + s.down[c]!);
    for (let i = 0; i < s.len[c]!; i++) k += String.fromCharCode(32 + s.card(c, i));
  }
  k += '|';
  for (let i = 0; i < s.talLen; i++) k += String.fromCharCode(32 + s.tal[i]!);
  k += String.fromCharCode(100 + s.waste);
  for (let p = 0; p < 8; p++) k += String.fromCharCode(100 + s.fnd[p]!);
  return k;
}

/** Plain breadth-first search over every position the engine reaches: winnable, most foundation cards, fewest moves. */
function bruteForce(start: DoubleState, cap: number): { winnable: boolean; max: number; minMoves: number | null } | null {
  if (start.isWon()) return { winnable: true, max: start.total, minMoves: 0 };
  const seen = new Set<string>([keyOf(start)]);
  let frontier = [start];
  let max = start.onFoundations;
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: DoubleState[] = [];
    for (const s of frontier) {
      for (const m of s.legalMoves()) {
        s.apply(m);
        if (s.onFoundations > max) max = s.onFoundations;
        if (s.isWon()) return { winnable: true, max: s.total, minMoves: depth };
        const k = keyOf(s);
        if (!seen.has(k)) {
          seen.add(k);
          next.push(s.clone());
          if (seen.size > cap) return null;
        }
        s.undo();
      }
    }
    frontier = next;
  }
  return { winnable: false, max, minMoves: null };
}

/**
 * Replays JSON moves on a copy of `state` (its counter from 0): each must be exactly one of
 * the engine's legal moves. (Not through the text notation: the random positions below may
 * hold face-up cards that are not a run, where a card can appear twice in a column.)
 */
function replay(state: DoubleState, moves: readonly MoveJson[]): DoubleState {
  const copy = state.clone();
  copy.moves = 0;
  for (const json of moves) {
    const want = JSON.stringify(json);
    const matching = copy.legalMoves().filter((m) => JSON.stringify(moveJson(copy, m)) === want);
    expect(matching, want).toHaveLength(1);
    copy.apply(matching[0]!);
  }
  return copy;
}

/**
 * The first 30 seeds whose reduced deal the brute force finishes within 1,500 positions: listed,
 * since finding them costs the capped brute force of the 321 seeds between them that pass it.
 */
const SMALL_SEEDS = [
  1, 6, 21, 53, 70, 71, 91, 99, 117, 125, 128, 138, 139, 153, 184, 195, 204, 205, 223, 231, 233, 234, 273, 278, 283, 294, 306, 312, 330,
  351,
];

describe('Double Solitaire hints agree with a brute force on reduced deals', () => {
  it('winning moves replay to a win in the stated length (minimal with optimize), losing moves are lost', () => {
    let winning = 0;
    let losing = 0;
    for (const seed of SMALL_SEEDS) {
      const d = reducedDeal(seed);
      const start = stateOf(d);
      const context = `seed ${seed} ${JSON.stringify(d)}`;
      expect(bruteForce(start, 1500), context).not.toBeNull();
      const judged = judgeMoves(start, NO_LIMITS, true);
      expect(judged.length, context).toBe(start.legalMoves().length);
      for (const { j, line } of judged) {
        const after = replay(start, [j.move]);
        const brute = bruteForce(after.clone(), 3000)!;
        const where = `${context} after ${moveText('double', j.move)}`;
        expect(j.label, where).toBe(brute.winnable ? 'winning' : 'losing');
        expect(j.wins, where).toBe(brute.winnable);
        if (j.label === 'winning') {
          winning++;
          // The line found after the move wins, in exactly the stated number of moves, proven minimal.
          const end = replay(after, line!);
          expect(end.isWon(), where).toBe(true);
          expect(end.moves, where).toBe(j.movesLeft);
          expect(j.movesLeftProved, where).toBe(true);
          expect(j.movesLeft, where).toBe(brute.minMoves);
        } else {
          losing++;
          expect(line, where).toBeNull();
          // The solver's full search from the position after it proves it lost.
          const again = solve(() => after.clone(), new Budget(NO_LIMITS), PLAIN_LINE);
          expect(again.verdict, where).toBe('unwinnable');
          expect(j.maxFoundation, where).toBe(brute.max);
          expect(j.stuckExact, where).toBe(true);
        }
      }
    }
    // Both labels occur, so the comparison can fail either way.
    expect(winning).toBeGreaterThanOrEqual(20);
    expect(losing).toBeGreaterThanOrEqual(20);
  }, 180_000);

  it('names the crossroads: one pass (Vegas), drawing past an Ace loses', () => {
    // Only the spades Aces and 2s are left; the other suits are up to their 2s. Column 1 hides
    // an A♠ under a 2♠, the stock is A♠ then 2♠. After the first draw, playing the A♠ wins
    // and drawing again buries it under the 2♠ for good.
    const source = {
      code: null,
      fingerprint: 'hand-made',
      rules: 'D1V',
      newState: () => position({ columns: ['A♠ 2♠'], down: [1], stock: 'A♠ 2♠', foundations: [0, 0, 2, 2, 2, 2, 2, 2], total: 16 }, D1V),
    };
    const h = hintDouble(source, 'draw', NO_LIMITS, { optimize: true });
    expect(h.status).toBe('winnable');
    expect(h.moves.map((j) => [moveText('double', j.move), j.label])).toEqual([
      ['A♠ w-f', 'winning'],
      ['draw', 'losing'],
    ]);
    expect(h.best).toEqual({ move: 'cards', card: 'A♠', count: 1, from: 'waste', to: 'foundation' });
    expect(h.crossroads).toEqual([{ move: 'draw' }]);
    expect(h.movesLeft).toBe(5);
    expect(h.movesLeftProved).toBe(true);
    expect(h.moves[1]).toMatchObject({ maxFoundation: 12, stuckExact: true });
    const end = replay(replayPosition(source.newState(), 'draw').state, h.line!);
    expect(end.isWon()).toBe(true);
    expect(end.moves).toBe(5);
    const text = describeHint(h);
    expect(text).toMatch(/after 1 move: winnable, 5 moves left at best/);
    expect(text).toMatch(/draw\s+losing\s+no win after it; at most 12 of the 104 cards can reach the foundations/);
    expect(text).toMatch(/crossroads: after draw the game can no longer be won/);
    // Once the A♠ is buried there is no legal move left (one pass, the 2♠ fits nowhere).
    const stuck = hintDouble(source, 'draw; draw', NO_LIMITS);
    expect(stuck).toMatchObject({ status: 'dead end', moves: [], best: null, crossroads: [], maxFoundation: 12, stuckExact: true });
    expect(hintDouble(source, 'draw; draw', NO_LIMITS, { statusOnly: true })).toMatchObject({ status: 'dead end', maxFoundation: 12 });
  });
});

describe('Double Solitaire hints on full deals', () => {
  it('judges every legal move after the given moves; each winning line replays to a win in its length', () => {
    const deal = openDouble({ kind: 'code', code: 'DS1-D1N-AAAAAAB' }, {});
    const moves = 'draw; draw; draw';
    const h = deal.hint(moves, { timeMs: 20_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 });
    const { state } = replayPosition(deal.newState(), moves);
    expect(h.played).toEqual([{ move: 'draw' }, { move: 'draw' }, { move: 'draw' }]);
    expect(h.moves).toHaveLength(state.legalMoves().length);
    expect(h.status).toBe('winnable');
    expect(h.notes.join(' ')).toMatch(/see the face-down cards/);
    expect(h.notes.join(' ')).toMatch(/equal share/);
    for (const j of judgeMoves(state, { timeMs: 20_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 }, false)) {
      if (j.j.label !== 'winning') continue;
      const end = replay(replay(state, [j.j.move]), j.line!);
      expect(end.isWon()).toBe(true);
      expect(end.moves).toBe(j.j.movesLeft);
    }
  });

  it('gives what the quick moves leave to the moves still unknown, and their verdicts are right', () => {
    // 88 moves into the line solver version 9 printed for DS1-D1N-AAAAAAH, 19 legal moves:
    // one of them takes many times the positions of the others. Under 4 times what it takes
    // alone its first share (a sixteenth) is not enough; searched again with what the others
    // left, it is decided. (Found by scanning the printed lines: most positions need no second
    // round. The moves are written out, so the position stays when lines change; the limit
    // follows from the solver's own count, so it stays when the solver gets faster.)
    const deal = openDouble({ kind: 'code', code: 'DS1-D1N-AAAAAAH' }, {});
    const { state } = replayPosition(deal.newState(), LINE_88_MOVES);
    const alone = judgeMoves(state, { timeMs: Infinity, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 }, false);
    const slowest = Math.max(...alone.map((x) => x.nodes));
    const judged = judgeMoves(state, { timeMs: Infinity, nodes: 4 * slowest, memoryBytes: 2 * 1024 ** 3 }, false);
    const retried = judged.filter((x) => x.retried === true && x.j.label !== 'unknown');
    expect(retried.length).toBeGreaterThanOrEqual(1);
    expect(judged.every((x) => x.j.label !== 'unknown')).toBe(true);
    expect(judged.reduce((sum, x) => sum + x.nodes, 0)).toBeLessThanOrEqual(4 * slowest + judged.length);
    for (const x of retried) {
      const after = replay(state, [x.j.move]);
      if (x.j.label === 'winning') {
        const end = replay(after, x.line!);
        expect(end.isWon()).toBe(true);
        expect(end.moves).toBe(x.j.movesLeft);
      } else expect(solve(() => after.clone(), new Budget(NO_LIMITS), PLAIN_LINE).verdict).toBe('unwinnable');
    }
  });

  it('where no win is known, gives the furthest line found after the best move, and it reaches the figure reported', () => {
    // DS1-D1V-AAAAAAF: no search decides it; under a node limit every move stays unknown.
    const deal = openDouble({ kind: 'code', code: 'DS1-D1V-AAAAAAF' }, {});
    const h = hintDouble(deal, '', { timeMs: Infinity, nodes: 300_000, memoryBytes: 2 * 1024 ** 3 });
    expect(h.status).toBe('unknown');
    const line = h.line!;
    expect(line[0]).toEqual(h.best);
    // Typed as a player would, from the start: each move legal, ending with the figure reported.
    const { state: end } = replayPosition(deal.newState(), line.map((m) => moveText('double', m)).join('; '));
    expect(end.onFoundations).toBe(h.maxFoundation);
    expect(h.maxFoundation).toBeGreaterThan(20);
    expect(describeHint(h)).toContain(`furthest line found (${h.maxFoundation} of the 104 cards can reach the foundations): `);
  }, 60_000);

  it('refuses an illegal move with its number and the reason', () => {
    const deal = openDouble({ kind: 'code', code: 'DS1-D1N-AAAAAAB' }, {});
    expect(() => deal.hint('draw; w-c9', NO_LIMITS)).toThrow(/move 2 "w-c9" is refused: 7♣ cannot go on 2♣/);
  });
});

/** The first 88 moves of the line solver version 9 printed for DS1-D1N-AAAAAAH. */
const LINE_88_MOVES =
  '2♥ c6-c8; 7♦ c5-c3; 7♣ c6-c5; A♥ c6-f; 2♥ c8-f; 6♠ c7-c3; draw; 4♦ w-c7; 3♠ c8-c7; 4♣ c8-c2; 9♥ c8-c1; 5♦ c2-c3; 8♠ c3-c1; draw; 7♠ w-c4; draw; draw; draw; Q♦ w-c2; draw; 3♦ w-c8; 9♥ w-c9; draw; 8♣ w-c9; 7♦ c3-c9; draw; 6♦ w-c4; 5♠ c7-c4; 3♣ w-c3; draw; J♣ w-c2; draw; 2♣ w-c8; draw; 7♠ w-c6; draw; draw; draw; draw; draw; A♣ w-f; 2♣ c8-f; 3♣ c3-f; 4♣ c1-f; 4♣ c8-c1; draw; draw; 8♣ w-c8; draw; draw; draw; draw; 5♣ w-f; draw; 10♥ w-c2; draw; 2♥ w-c4; draw; draw; draw; A♣ w-f; draw; draw; draw; A♠ w-f; 4♥ w-c7; draw; draw; draw; draw; draw; 3♥ w-f; draw; draw; draw; 2♠ w-f; 4♥ c7-f; draw; draw; draw; draw; 6♥ w-c6; 5♠ c7-c6; 9♦ c8-c7; 2♣ c8-f; draw; 9♠ w-c2; 8♥ c5-c2';
