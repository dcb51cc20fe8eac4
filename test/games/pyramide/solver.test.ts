import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDealCode } from '../../../src/codes/dealCode.js';
import { moveText } from '../../../src/games/hint.js';
import { dealFromNumber, type PyramideDeal, parseDealText } from '../../../src/games/pyramide/deal.js';
import { PyramideGame, type PyramideMove } from '../../../src/games/pyramide/engine.js';
import { type PyramideAnalysis, pyramideGame } from '../../../src/games/pyramide/index.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../../src/games/pyramide/solver/analyse.js';
import type { Limits } from '../../../src/search/limits.js';
import { referenceSearch } from './reference/bfs.js';

const GENEROUS: Limits = { timeMs: 120_000, nodes: Infinity, memoryBytes: 4 * 1024 ** 3 };
const fixture = parseDealText(readFileSync(new URL('../../../data/examples/pyramide-app-example.txt', import.meta.url), 'utf8'), 'fixture');

/** Replays a line through the rules engine; returns the game at its end. */
function replay(deal: PyramideDeal, rules: PyramideRules, line: PyramideMove[]): PyramideGame {
  const game = new PyramideGame(deal, rules);
  for (const move of line) game.move(move); // throws on any illegal move
  return game;
}

describe('Pyramide solver', () => {
  it('reports the app fixture winnable without its stock, and says why minMoves is missing', () => {
    const r = solvePyramide(fixture, APP_RULES, GENEROUS);
    expect(r.verdict).toBe('winnable');
    expect(r.winnable).toBe(true);
    expect(r.maxRemoved).toBe(28);
    expect(r.minMoves).toBeNull();
    expect(r.solution).toBeNull();
    expect(r.notes.join(' ')).toMatch(/need the stock order/);
  });

  it('under MSC rules a deal without its stock is unknown, with the reason', () => {
    const r = solvePyramide(fixture, MSC_RULES, GENEROUS);
    expect(r.verdict).toBe('unknown');
    expect(r.winnable).toBeNull();
    expect(r.notes.join(' ')).toMatch(/depends on the stock order/);
  });

  const REFERENCE_WINS = [0, 8, 11];
  it("prints solutions that replay to a win in exactly minMoves moves, scoring 280, the reference's fewest where it finishes (app rules)", () => {
    let won = 0;
    let againstReference = 0;
    for (let n = 0; n < 25; n++) {
      const deal = dealFromNumber(n);
      const r = solvePyramide(deal, APP_RULES, GENEROUS);
      expect(r.verdict).not.toBe('unknown');
      if (!r.winnable) {
        expect(r.maxRemoved).toBeLessThan(28);
        expect(r.solution).toBeNull();
        continue;
      }
      won++;
      const game = replay(deal, APP_RULES, r.solution!);
      expect(game.isWon()).toBe(true);
      // The engine counts the moves it played; the plain breadth-first search knows the fewest.
      expect(game.counter).toBe(r.minMoves);
      // The plain breadth-first search finds a win within 1,000,000 positions on these three
      // deals only (the others pass that cap: a search each would cost half a second for nothing).
      if (REFERENCE_WINS.includes(n)) {
        const ref = referenceSearch(deal, APP_RULES, { maxPositions: 1_000_000, stopAtWin: true });
        expect(ref.winnable, `deal ${n}`).toBe(true);
        expect(r.minMoves, `deal ${n}`).toBe(ref.minMoves);
        againstReference++;
      }
      expect(game.score).toBe(280);
      expect(r.maxRemoved).toBe(28);
    }
    expect(won).toBeGreaterThan(15);
    expect(againstReference).toBe(REFERENCE_WINS.length);
  }, 300_000);

  it('prints solutions that replay to a win under MSC, strict win, limited passes and both pairing variants', () => {
    const variants: PyramideRules[] = [
      MSC_RULES,
      { ...APP_RULES, passes: 1 },
      { ...MSC_RULES, strictWin: true },
      { ...APP_RULES, pairBeneath: true, passes: 2 },
      { ...APP_RULES, pairCovering: true },
    ];
    for (const rules of variants) {
      let won = 0;
      for (let n = 0; n < 6; n++) {
        const deal = dealFromNumber(n);
        const r = solvePyramide(deal, rules, GENEROUS);
        expect(r.verdict).not.toBe('unknown');
        if (!r.winnable) continue;
        won++;
        const game = replay(deal, rules, r.solution!);
        expect(game.isWon()).toBe(true);
        expect(game.counter).toBe(r.minMoves);
      }
      expect(won, JSON.stringify(rules)).toBeGreaterThan(0);
    }
  }, 300_000);

  it('answers winnability alone the same as the full analysis', () => {
    for (let n = 0; n < 300; n++) {
      const deal = dealFromNumber(n);
      const quick = solvePyramide(deal, APP_RULES, GENEROUS, { winnabilityOnly: true });
      const full = solvePyramide({ ...deal, stock: null }, APP_RULES, GENEROUS);
      expect(quick.winnable, `PY1 deal ${n}`).toBe(full.winnable);
      expect(quick.minMoves).toBeNull();
    }
  });

  it('winnability alone: one search after another, a stopped one and pair-covering among them, each as on its own', () => {
    // The quick search keeps its tables from deal to deal: nothing of one deal may leak into the next.
    const covering: PyramideRules = { ...APP_RULES, pairCovering: true };
    const stopped = solvePyramide(dealFromNumber(3), APP_RULES, { ...GENEROUS, nodes: 3 }, { winnabilityOnly: true });
    expect(stopped.verdict).toBe('unknown');
    for (let n = 0; n < 120; n++) {
      const deal = dealFromNumber(n);
      const rules = n % 2 === 0 ? covering : APP_RULES;
      const quick = solvePyramide(deal, rules, GENEROUS, { winnabilityOnly: true });
      const full = solvePyramide({ ...deal, stock: null }, rules, GENEROUS);
      expect(quick.winnable, `PY1 deal ${n}, pair-covering ${rules.pairCovering}`).toBe(full.winnable);
    }
  });

  it('winnability alone never knows less than the full analysis (msc)', () => {
    // Ten deals, two of them lost (forcedPairs.test.ts compares the first 9 too, its long checks 25).
    for (let n = 0; n < 10; n++) {
      const deal = dealFromNumber(n);
      const quick = solvePyramide(deal, MSC_RULES, GENEROUS, { winnabilityOnly: true });
      const full = solvePyramide(deal, MSC_RULES, GENEROUS);
      expect(quick.winnable, `PY1 deal ${n}`).toBe(full.winnable);
      expect(quick.winnable).not.toBeNull();
    }
  }, 300_000);

  it('never guesses: a search stopped by a limit says unknown and names the limit', () => {
    const deal = dealFromNumber(1);
    const byNodes = solvePyramide(deal, MSC_RULES, { ...GENEROUS, nodes: 5 });
    expect(byNodes.verdict).toBe('unknown');
    expect(byNodes.winnable).toBeNull();
    expect(byNodes.limit).toBe('--node-limit 5');
    expect(byNodes.stuckExact).toBe(false);
    // 1 MB is enough to find a win under MSC, not to prove the fewest moves.
    const byMemory = solvePyramide(deal, MSC_RULES, { ...GENEROUS, memoryBytes: 1024 * 1024 });
    expect(byMemory.limit).toBe('--memory-limit 1MB');
    expect(byMemory.minMoves).toBeNull();
    expect(byMemory.solution).toBeNull();
    // A proven verdict survives a limit hit later, in the minimum-move search.
    const partial = solvePyramide(deal, APP_RULES, { ...GENEROUS, nodes: 3000 });
    if (partial.winnable === true) {
      expect(partial.minMoves).toBeNull();
      expect(partial.limit).toBe('--node-limit 3000');
    }
  });

  it('gives every lost deal a line to its most cards, as a player types it, and none to a won one (app rules)', () => {
    let lost = 0;
    // Deals 25 to 59: 16 lost, and the won ones among them quick to analyse (the first won deals take most of a second each).
    for (let n = 25; n < 60; n++) {
      const code = formatDealCode({ family: 'PY1', options: 'N', number: n });
      const deal = pyramideGame.open({ kind: 'code', code }, {});
      const a = deal.analyse(GENEROUS) as PyramideAnalysis;
      if (a.verdict === 'winnable') {
        expect(a.stuckLine, code).toBeNull();
        continue;
      }
      lost++;
      expect(a.verdict, code).toBe('unwinnable');
      const typed = a.stuckLine!.map((m) => moveText('pyramide', m)).join('; ');
      const played = deal.play(typed, 'symbols');
      expect(played.error, code).toBeUndefined();
      expect(28 - Number(played.json.pyramidLeft), code).toBe(a.maxRemoved);
      expect(pyramideGame.describe(a, 'symbols'), code).toContain(`a line to the ${a.maxRemoved} cards (${a.stuckLine!.length} moves): `);
      // Winnability alone asks for no line.
      expect((deal.analyse(GENEROUS, { winnabilityOnly: true }) as PyramideAnalysis).stuckLine, code).toBeNull();
    }
    expect(lost).toBeGreaterThanOrEqual(15);
  });

  it('asked for a shortest line to the most cards (as solve asks), gives one as short as the breadth-first reference finds', () => {
    let shorter = 0;
    // The first lost deals but 20 and 24, whose complete reference searches take seconds each.
    for (const n of [5, 7, 25, 27]) {
      const deal = dealFromNumber(n);
      const first = solvePyramide(deal, APP_RULES, GENEROUS);
      expect(first.verdict, `deal ${n}`).toBe('unwinnable');
      const shortest = solvePyramide(deal, APP_RULES, GENEROUS, { shortestStuckLine: true });
      expect(shortest.maxRemoved, `deal ${n}`).toBe(first.maxRemoved);
      // The line replays through the rules engine to the figure (an illegal move throws).
      const game = new PyramideGame(deal, APP_RULES);
      for (const move of shortest.stuckLine!) game.move(move);
      expect(28 - game.pyramidLeft(), `deal ${n}`).toBe(shortest.maxRemoved);
      const ref = referenceSearch(deal, APP_RULES, { maxPositions: Infinity, stopAtWin: false });
      expect(ref.complete, `deal ${n}`).toBe(true);
      expect(shortest.stuckLine!.length, `deal ${n}`).toBe(ref.movesToMost);
      expect(first.stuckLine!.length, `deal ${n}`).toBeGreaterThanOrEqual(ref.movesToMost);
      if (first.stuckLine!.length > ref.movesToMost) shorter++;
      expect(shortest.notes.join(' '), `deal ${n}`).not.toContain('may not be the shortest');
    }
    // The first line found is longer on most lost deals: the option changes something.
    expect(shorter).toBeGreaterThanOrEqual(2);
  });

  it('finds reachable "no more moves" dead ends (common under MSC\'s 3 passes)', () => {
    // The reference search cross-checks this figure deal by deal.
    const r = solvePyramide(dealFromNumber(0), MSC_RULES, GENEROUS);
    expect(r.deadEndReachable).toBe(true);
  });
});
