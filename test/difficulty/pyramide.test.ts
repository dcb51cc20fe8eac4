import { describe, expect, it } from 'vitest';
import { rankOf } from '../../src/cards/card.js';
import { Sfc32 } from '../../src/codes/sfc32.js';
import { TIERS, thresholdsFor, tierOf, tierRange, wilson95 } from '../../src/games/difficulty.js';
import { dealFromNumber } from '../../src/games/pyramide/deal.js';
import { PyramideDecisionSpace } from '../../src/games/pyramide/decisionSpace.js';
import {
  DEFAULT_PLAYOUTS,
  EXACT_STATE_LIMIT,
  pyramideDifficulty,
  pyramideScore,
  pyramideScoreOf,
} from '../../src/games/pyramide/difficulty.js';
import { PyramideGame } from '../../src/games/pyramide/engine.js';
import { hintPyramide } from '../../src/games/pyramide/hint.js';
import { FULL_PYRAMID } from '../../src/games/pyramide/layout.js';
import { exactSetsAtLeast, exactStartRate, exactWouldOverflow } from '../../src/games/pyramide/randomPlay.js';
import { APP_RULES, MSC_RULES } from '../../src/games/pyramide/rules.js';
import { scriptedWins } from '../../src/games/pyramide/scriptedPlayer.js';
import { solvePyramide } from '../../src/games/pyramide/solver/analyse.js';
import { gameById } from '../../src/games/registry.js';

/** A game's tier cuts under a rule set, as the game declares them. */
const cutsOf = (game: string, rules: string) => thresholdsFor(gameById(game).difficulty, rules);

const LIMITS = { timeMs: 60_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };

function winnable(n: number): boolean {
  return solvePyramide(dealFromNumber(n), APP_RULES, LIMITS, { winnabilityOnly: true }).verdict === 'winnable';
}

describe('Pyramide decision space', () => {
  it('agrees with the solver on the winnability of the first 25 deals', () => {
    for (let n = 0; n < 25; n++) {
      const space = new PyramideDecisionSpace(dealFromNumber(n), 1e7);
      expect(space.winnable(space.closeKings(0), 0), `deal ${n}`).toBe(winnable(n));
    }
  });

  it('detects a lost position exactly: along random engine games it agrees with the hint at every position', () => {
    const rng = new Sfc32(7, 7);
    let checked = 0;
    for (const n of [3]) {
      const deal = dealFromNumber(n);
      const space = new PyramideDecisionSpace(deal, 1e7);
      const game = new PyramideGame(deal, APP_RULES);
      const talon = [deal.first!, ...deal.stock!];
      for (let step = 0; step < 3 && !game.isWon(); step++) {
        let usage = 0;
        for (let i = 0; i < 24; i++) if ((game.talonRemoved >> i) & 1) usage = space.useTalon(usage, rankOf(talon[i]!));
        const mine = space.winnable(space.closeKings(game.removed), usage);
        // The hint judges the position after the moves played so far.
        const status = hintPyramide(deal, APP_RULES, replayed(game), LIMITS).status;
        expect(['winnable', 'lost', 'dead end']).toContain(status);
        expect(mine, `deal ${n} step ${step}`).toBe(status === 'winnable');
        checked++;
        if (!mine) break;
        // Removals when there are some (draws alone would rarely change the verdict).
        const moves = game.moves();
        const removals = moves.filter((m) => m.kind === 'king' || m.kind === 'pair');
        const pick = removals.length > 0 ? removals : moves;
        game.move(pick[rng.uniform(pick.length)]!);
      }
    }
    expect(checked).toBe(3);
  }, 300_000);
});

/** The moves played so far on an engine game (its undo history, replayed in order). */
function replayed(game: PyramideGame): ReturnType<PyramideGame['moves']> {
  const out: ReturnType<PyramideGame['moves']> = [];
  let m = game.undo();
  while (m !== null) {
    out.unshift(m);
    m = game.undo();
  }
  for (const move of out) game.move(move);
  return out;
}

describe('pyramideDifficulty', () => {
  const firstWinnable = Array.from({ length: 12 }, (_, n) => n)
    .filter(winnable)
    .slice(0, 5);

  it('gives consistent figures, the same on every call', () => {
    for (const n of firstWinnable) {
      const d = pyramideDifficulty(dealFromNumber(n), APP_RULES);
      if (n === firstWinnable[0]) expect(d).toEqual(pyramideDifficulty(dealFromNumber(n), APP_RULES));
      expect(d.randomPlayouts).toBe(DEFAULT_PLAYOUTS);
      expect(d.randomWinRate!).toBeGreaterThanOrEqual(0);
      expect(d.randomWinRate!).toBeLessThanOrEqual(1);
      expect(d.randomWinError!).toBeGreaterThan(0);
      expect(d.randomWinError!).toBeLessThan(0.05);
      // No crossroads on the chosen line exactly when every removal along it keeps the game winnable.
      expect(d.crossroads === 0, `deal ${n}`).toBe(d.forgiveness === 1);
      expect(d.difficulty).toBe(
        pyramideScore(d.crossroads!, d.forgiveness!, Math.round(d.randomWinRate! * DEFAULT_PLAYOUTS), DEFAULT_PLAYOUTS),
      );
      expect(d.tier).toBe(tierOf(cutsOf('pyramide', 'app'), d.difficulty));
    }
  }, 300_000);

  it('its random player wins as often as a uniform player on the rules engine (slow, obviously right)', () => {
    for (const n of [0, 2]) {
      const deal = dealFromNumber(n);
      const fast = pyramideDifficulty(deal, APP_RULES, 400);
      const space = new PyramideDecisionSpace(deal, 1e7);
      const talon = [deal.first!, ...deal.stock!];
      const rng = new Sfc32(99, n);
      const games = 400;
      let wins = 0;
      for (let g = 0; g < games; g++) {
        const game = new PyramideGame(deal, APP_RULES);
        for (;;) {
          if (game.isWon()) {
            wins++;
            break;
          }
          let usage = 0;
          for (let i = 0; i < 24; i++) if ((game.talonRemoved >> i) & 1) usage = space.useTalon(usage, rankOf(talon[i]!));
          if (!space.winnable(space.closeKings(game.removed), usage)) break;
          const moves = game.moves();
          if (moves.length === 0) break;
          game.move(moves[rng.uniform(moves.length)]!);
        }
      }
      const slow = wins / games;
      const p = (slow + fast.randomWinRate!) / 2;
      const se = Math.sqrt((2 * p * (1 - p)) / games);
      expect(Math.abs(slow - fast.randomWinRate!), `deal ${n}: engine ${slow}, fast ${fast.randomWinRate}`).toBeLessThanOrEqual(
        4 * se + 0.01,
      );
    }
  }, 300_000);

  it('gives the random-play rate exactly where the graph is small, within the error of thousands of playouts', () => {
    for (const [n, limit, playouts] of [
      [8, 100_000, 4000],
      [48, EXACT_STATE_LIMIT, 10_000],
    ] as const) {
      const deal = dealFromNumber(n);
      const exact = pyramideDifficulty(deal, APP_RULES, DEFAULT_PLAYOUTS, 3e6, limit);
      expect(exact.randomExact, `deal ${n}`).toBe(true);
      expect(exact.randomWinError).toBe(0);
      expect(exact.randomPlayouts).toBeNull();
      const sampled = pyramideDifficulty(deal, APP_RULES, playouts, 3e6, 0);
      expect(sampled.randomExact).toBe(false);
      const p = exact.randomWinRate!;
      const se = Math.sqrt((p * (1 - p)) / playouts);
      expect(Math.abs(sampled.randomWinRate! - p), `deal ${n}: exact ${p}, sampled ${sampled.randomWinRate}`).toBeLessThanOrEqual(
        4 * se + 1e-3,
      );
      // The other figures do not depend on how the rate was found.
      expect(sampled.crossroads).toBe(exact.crossroads);
      expect(sampled.forgiveness).toBe(exact.forgiveness);
      // The score uses the exact rate in full, the stored rate has 4 significant digits.
      expect(exact.difficulty!).toBeCloseTo(pyramideScoreOf(exact.crossroads!, exact.forgiveness!, p), 1);
    }
  }, 300_000);

  it('falls back to seeded playouts past the limit of the exact computation', () => {
    const d = pyramideDifficulty(dealFromNumber(0), APP_RULES, 200, 3e6, 1000);
    expect(d.randomExact).toBe(false);
    expect(d.randomPlayouts).toBe(200);
    expect(d.randomWinError!).toBeGreaterThan(0);
  });

  it('skips the exact computation only where it would pass its limit', () => {
    // The winnable positions reachable through winnable ones, by a walk of their own.
    const closure = (space: PyramideDecisionSpace): number[] => {
      const start = space.closeKings(0);
      const seen = new Set<number>();
      const stack: Array<[number, number]> = [[start, 0]];
      while (stack.length > 0) {
        const [mask, usage] = stack.pop()!;
        const key = PyramideDecisionSpace.key(mask, usage);
        if (mask === FULL_PYRAMID || seen.has(key)) continue;
        seen.add(key);
        const k = space.successors(mask, usage, 0);
        const next = Array.from({ length: k }, (_, i): [number, number] => [space.succMask(0, i), space.succUsage(0, i)]);
        for (const [m, u] of next) if (space.winnable(m, u, 1)) stack.push([m, u]);
      }
      return [...seen];
    };
    let skipped = 0;
    let computed = 0;
    // 75 deals: about 100 skips (at two limits) and a few computed.
    for (let n = 0; n < 75; n++) {
      const space = new PyramideDecisionSpace(dealFromNumber(n), 3e6);
      if (!space.winnable(space.closeKings(0), 0)) continue;
      for (const limit of [2000, EXACT_STATE_LIMIT]) {
        const rate = exactStartRate(space, limit, false);
        if (exactWouldOverflow(space, closure(space), limit)) {
          skipped++;
          expect(rate, `deal ${n}, limit ${limit}`).toBeNull();
        } else if (rate !== null) computed++;
      }
    }
    expect(skipped).toBeGreaterThan(50);
    expect(computed).toBeGreaterThan(0);
    // The count behind it is a lower bound: given a limit just below it, the computation stops.
    let tight = 0;
    for (let n = 0; n < 20; n++) {
      const space = new PyramideDecisionSpace(dealFromNumber(n), 3e6);
      if (!space.winnable(space.closeKings(0), 0)) continue;
      const atLeast = exactSetsAtLeast(space, closure(space), Infinity);
      const limit = atLeast - 65; // the computation may hold 64 sets unfinished when it checks
      if (limit < 1 || limit > 60_000) continue;
      expect(exactStartRate(space, limit, false), `deal ${n}, at least ${atLeast} sets`).toBeNull();
      // And not far below: the computation finishes within a few times the count.
      if (exactStartRate(space, 4 * atLeast, false) !== null) tight++;
    }
    expect(tight).toBeGreaterThan(0);
  }, 120_000);

  it('is unknown, with the reason, past its state limit', () => {
    const d = pyramideDifficulty(dealFromNumber(0), APP_RULES, 100, 20);
    expect(d.tier).toBe('unknown');
    expect(d.crossroads).toBeNull();
    expect(d.notes[0]).toMatch(/more than 20 positions/);
  });

  it('is unknown, with the reason, under rules where the stock order matters', () => {
    const d = pyramideDifficulty(dealFromNumber(3), MSC_RULES);
    expect(d.tier).toBe('unknown');
    expect(d.difficulty).toBeNull();
    expect(d.notes[0]).toMatch(/app rules/);
  });
});

describe('the scripted player', () => {
  it('is seeded, and never wins a deal that cannot be won', () => {
    for (let n = 0; n < 30; n++) {
      const deal = dealFromNumber(n);
      const wins = scriptedWins(deal, APP_RULES, 20, n);
      expect(wins).toBe(scriptedWins(deal, APP_RULES, 20, n));
      expect(wins).toBeGreaterThanOrEqual(0);
      expect(wins).toBeLessThanOrEqual(20);
      if (!winnable(n)) expect(wins, `deal ${n}`).toBe(0);
    }
  });
});

describe('tiers', () => {
  it('cut the score in order, each range holding its own tier', () => {
    for (const tier of TIERS) {
      const r = tierRange(cutsOf('pyramide', 'app'), tier)!;
      const inside = Number.isFinite(r.min) ? r.min : r.max - 1;
      expect(tierOf(cutsOf('pyramide', 'app'), inside)).toBe(tier);
    }
    expect(tierOf(cutsOf('pyramide', 'app'), null)).toBe('unknown');
    // Vegas cuts are on the cards reached, more is easier, each range holding its own tier. D3N has its own.
    const vegas = cutsOf('double', 'D1V')!;
    expect(vegas.by).toBe('reach');
    for (const tier of TIERS) {
      const r = tierRange(vegas, tier)!;
      expect(tierOf(vegas, Number.isFinite(r.min) ? r.min : r.max - 1)).toBe(tier);
      if (Number.isFinite(r.max)) expect(tierOf(vegas, r.max)).not.toBe(tier);
    }
    expect(tierOf(vegas, 104)).toBe('easy');
    expect(tierOf(vegas, 3)).toBe('expert');
    expect(tierOf(cutsOf('double', 'D3N'), 3)).toBe('easy');
    expect(tierOf(cutsOf('double', 'D3N'), 10)).toBe('medium');
    expect(tierOf(cutsOf('double', 'D1N'), 3)).toBe('easy');
    expect(tierOf(cutsOf('double', 'D1N'), 20)).toBe('expert');
  });

  it('wilson95 holds the rate and narrows with more trials', () => {
    const a = wilson95(30, 100);
    const b = wilson95(300, 1000);
    expect(a.low).toBeLessThan(0.3);
    expect(a.high).toBeGreaterThan(0.3);
    expect(b.high - b.low).toBeLessThan(a.high - a.low);
    expect(wilson95(0, 1000).low).toBeCloseTo(0, 12);
  });
});
