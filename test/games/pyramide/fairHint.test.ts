/** Fair hints: chances over deals consistent with what the player has seen, each solved exactly. */
import { describe, expect, it } from 'vitest';
import { Sfc32 } from '../../../src/codes/sfc32.js';
import { dealFromNumber, talonOf } from '../../../src/games/pyramide/deal.js';
import { PyramideGame } from '../../../src/games/pyramide/engine.js';
import { fairHintPyramide, sampleDeal, unseenPlaces } from '../../../src/games/pyramide/fairHint.js';
import { parseMoveList } from '../../../src/games/pyramide/notation.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';
import { DEFAULT_LIMITS, openDeal } from '../../../src/index.js';
import { cardsolve } from '../../support/cli.js';

const LIMITS = { ...DEFAULT_LIMITS, timeMs: 60_000 };
const LIMITED: PyramideRules = { ...APP_RULES, passes: 1 };

/** Draws until the stock is empty, then turns the waste over: every card has been seen. */
function throughTheStock(n: number, rules: PyramideRules): string {
  const game = new PyramideGame(dealFromNumber(n), rules);
  const moves: string[] = [];
  while (game.stockCount() > 0) {
    game.move({ kind: 'draw' });
    moves.push('draw');
  }
  return [...moves, 'turn over'].join('; ');
}

describe('fair hints (Pyramide)', () => {
  it('with nothing hidden the chances are the exact verdicts, move by move', () => {
    for (const n of [0, 2, 6, 11, 17]) {
      for (const [rules, flags] of [
        [APP_RULES, {}],
        [{ ...APP_RULES, passes: 2 }, { passes: '2' }],
      ] as const) {
        const moves = throughTheStock(n, rules);
        const fair = fairHintPyramide(dealFromNumber(n), rules, parseMoveList(moves), { samples: 50, seed: 1, limits: LIMITS });
        expect(fair.hidden).toBe(0);
        expect(fair.samples).toBe(1);
        const code = `PY1-N-AAAAAA${String.fromCharCode(65 + n)}`;
        const exact = openDeal(code, flags).hint(moves, LIMITS);
        const wins = new Map(exact.moves.map((m) => [JSON.stringify(m.move), m.wins]));
        expect(fair.moves.length).toBe(exact.moves.length);
        for (const m of fair.moves) {
          expect(m.chance === 0 || m.chance === 1, `${n}`).toBe(true);
        }
        const json = openDeal(code, flags).fairHint!(moves, {
          samples: 50,
          seed: 1,
          limits: LIMITS,
        });
        for (const m of json.moves) expect(m.chance === 1, `${n} ${JSON.stringify(m.move)}`).toBe(wins.get(JSON.stringify(m.move)));
      }
    }
  });

  it('a sampled deal keeps every card the player has seen in its place, and shuffles only the others', () => {
    const deal = dealFromNumber(3);
    for (const [rules, moves] of [
      [APP_RULES, 'draw; draw; draw'],
      [MSC_RULES, 'draw'],
    ] as const) {
      const game = new PyramideGame(deal, rules);
      for (const m of parseMoveList(moves)) game.move(m);
      const unseen = unseenPlaces(game);
      const talon = talonOf(deal)!;
      // The waste (drawn) and, under msc, the stock's face-up top are seen.
      expect(unseen.every((i) => i >= game.next)).toBe(true);
      if (rules.stockTopAvailable) expect(unseen).not.toContain(game.stockTopIndex());
      const rng = new Sfc32(7, 7);
      let moved = 0;
      for (let s = 0; s < 50; s++) {
        const sampled = talonOf(sampleDeal(deal, unseen, rng))!;
        expect(sampled.slice().sort((a, b) => a - b)).toEqual(talon.slice().sort((a, b) => a - b));
        talon.forEach((card, i) => {
          if (!unseen.includes(i)) expect(sampled[i]).toBe(card);
          else if (sampled[i] !== card) moved++;
        });
        expect(sampleDeal(deal, unseen, rng).pyramid).toBe(deal.pyramid);
      }
      expect(moved).toBeGreaterThan(0);
    }
  });

  it('the same seed gives the same answer; the chances differ from the exact verdicts where the stock decides', () => {
    const moves = parseMoveList('draw; draw');
    // Twenty samples, each solved exactly: with this seed the moves' chances differ, so the order below bites.
    const a = fairHintPyramide(dealFromNumber(2), LIMITED, moves, { samples: 20, seed: 2, limits: LIMITS });
    const b = fairHintPyramide(dealFromNumber(2), LIMITED, moves, { samples: 20, seed: 2, limits: LIMITS });
    const strip = (h: typeof a) => ({ ...h, ms: 0 });
    expect(strip(a)).toEqual(strip(b));
    expect(a.hidden).toBe(21);
    // With one turn-over the unseen order matters: some move is neither sure nor hopeless.
    expect(a.moves.some((m) => m.chance !== null && m.chance > 0 && m.chance < 1)).toBe(true);
    // Best first; each interval holds its chance.
    for (let i = 1; i < a.moves.length; i++) expect(a.moves[i - 1]!.chance!).toBeGreaterThanOrEqual(a.moves[i]!.chance!);
    for (const m of a.moves) expect(m.low! <= m.chance! && m.chance! <= m.high!).toBe(true);
  });

  it('hint --fair on the command line: the same seed, the same text', () => {
    const args = ['hint', 'PY1-N-AAAAAAC', '--passes', '1', '--moves', 'draw; draw', '--fair', '--samples', '10', '--seed', '3'];
    const one = cardsolve(args);
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/fair hint after 2 moves: 21 cards not seen, 10 sampled deals \(seed 3\)/);
    expect(one.stdout).toMatch(/determinized sampling overstates/);
    expect(cardsolve(args).stdout).toBe(one.stdout);
    const json = JSON.parse(cardsolve([...args, '--json']).stdout) as { fair: boolean; moves: unknown[] };
    expect(json.fair).toBe(true);
  });
});
