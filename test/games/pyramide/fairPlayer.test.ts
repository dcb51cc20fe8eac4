/** The fair player: each step the best move of a fair hint; its games replay, its record is honest. */
import { describe, expect, it } from 'vitest';
import type { FairPlayResult } from '../../../src/games/fairPlayTypes.js';
import { moveText } from '../../../src/games/hint.js';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { PyramideGame } from '../../../src/games/pyramide/engine.js';
import type { FairMove } from '../../../src/games/pyramide/fairHint.js';
import { fairChoice, fairPlayPyramide } from '../../../src/games/pyramide/fairPlayer.js';
import { parseMove } from '../../../src/games/pyramide/notation.js';
import { APP_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';
import { DEFAULT_LIMITS, openDeal } from '../../../src/index.js';
import { cardsolve } from '../../support/cli.js';

const LIMITS = { ...DEFAULT_LIMITS, timeMs: 120_000 };
const ONE_TURN_OVER: PyramideRules = { ...APP_RULES, passes: 1 };
const code = (n: number): string => `PY1-N-AAAAA${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(65 + (n % 26))}`;

/** Replays a game through the rules engine (which throws on an illegal move) and says whether it ends won. */
function replayWins(n: number, rules: PyramideRules, moves: readonly { kind: string }[]): boolean {
  const game = new PyramideGame(dealFromNumber(n), rules);
  for (const m of moves) game.move(m as Parameters<PyramideGame['move']>[0]);
  return game.isWon();
}

describe('the fair player (Pyramide)', () => {
  it('plays only legal moves; a game it calls won replays to a win, a lost one does not; it never wins a deal that cannot be won', () => {
    let won = 0;
    let lost = 0;
    for (let n = 0; n < 12; n++) {
      const exact = openDeal(code(n)).analyse(LIMITS, { winnabilityOnly: true }).verdict;
      const run = fairPlayPyramide(dealFromNumber(n), APP_RULES, { games: 2, samples: 8, seed: 1, limits: LIMITS });
      expect(run.limit).toBeNull();
      for (const g of run.played) {
        expect(replayWins(n, APP_RULES, g.moves), `${code(n)} ${g.end}`).toBe(g.end === 'won');
        if (g.end === 'won') won++;
        else lost++;
        if (exact === 'unwinnable') expect(g.end).not.toBe('won');
      }
    }
    // Both kinds of ending occur among these deals, so the checks above bite.
    expect(won).toBeGreaterThan(0);
    expect(lost).toBeGreaterThan(0);
  });

  it('with one turn-over the hidden order costs it games: the record varies between seeds, the same seed repeats', () => {
    const deal = dealFromNumber(15);
    // Four samples a hint (each hint solves every sample): already enough for games that differ.
    const options = { games: 3, samples: 4, seed: 4, limits: LIMITS };
    const a = fairPlayPyramide(deal, ONE_TURN_OVER, options);
    const b = fairPlayPyramide(deal, ONE_TURN_OVER, options);
    expect(a.played).toEqual(b.played);
    for (const g of a.played) expect(replayWins(15, ONE_TURN_OVER, g.moves)).toBe(g.end === 'won');
    // Each game chose some moves before the whole stock was seen.
    for (const g of a.played) expect(g.blindSteps).toBeGreaterThan(0);
    // The games of one seed are not copies of each other (their samples differ).
    const lines = new Set(a.played.map((g) => JSON.stringify(g.moves)));
    expect(lines.size).toBeGreaterThan(1);
    // Not every game is won: the order it could not see cost it one.
    expect(a.played.some((g) => g.end !== 'won')).toBe(true);
  });

  it('takes the best chance, a removal before a draw among equals, and resigns when nothing keeps a chance', () => {
    const fm = (text: string, chance: number | null): FairMove => ({
      move: parseMove(text),
      wins: 0,
      decided: 1,
      chance,
      low: null,
      high: null,
    });
    expect(fairChoice([fm('draw', 0.8), fm('K♦', 0.8), fm('2♣ + J♠', 0.5)])!.move).toEqual(parseMove('K♦'));
    expect(fairChoice([fm('draw', 0.9), fm('K♦', 0.8)])!.move).toEqual(parseMove('draw'));
    expect(fairChoice([fm('turn over', 1), fm('draw', 1)])!.move).toEqual(parseMove('draw'));
    expect(fairChoice([fm('draw', 0), fm('K♦', 0)])).toBeNull();
    expect(fairChoice([fm('draw', null)])).toBeNull();
    expect(fairChoice([])).toBeNull();
  });

  it('a limit stops the games it reaches, which then count neither way', () => {
    const r = openDeal(code(0)).fairPlay!({ games: 3, samples: 20, seed: 1, limits: { ...LIMITS, nodes: 500 } });
    expect(r.limit).toBe('--node-limit 500');
    expect(r.ends.limit).toBeGreaterThan(0);
    expect(r.games).toBe(3 - r.ends.limit);
    expect(r.winRate).toBe(r.games === 0 ? null : r.wins / r.games);
  });

  it('fairplay on the command line: its games replay with play, the same seed gives the same games, bad input exits 2', () => {
    const args = ['fairplay', 'PY1-N-AAAAAAP', '--games', '2', '--samples', '5'];
    const text = cardsolve(args);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^PY1-N-AAAAAAP {2}app {2}fair player: won \d of 2 games/);
    // Another run, the same seed: the same games, move for move (the text prints each game's moves).
    const json = JSON.parse(cardsolve([...args, '--json']).stdout) as FairPlayResult;
    expect(json.fairPlayer).toBe(true);
    expect(json.played).toHaveLength(2);
    for (const g of json.played) {
      const moves = g.moves.map((m) => moveText('pyramide', m)).join('; ');
      expect(text.stdout).toContain(`\n  ${moves}\n`);
      const play = cardsolve(['play', 'PY1-N-AAAAAAP', '--moves', moves, '--json']);
      expect(play.status, play.stderr).toBe(0);
      expect((JSON.parse(play.stdout) as { status: string }).status === 'won').toBe(g.end === 'won');
    }
    const zero = cardsolve(['fairplay', 'PY1-N-AAAAAAP', '--games', '0']);
    expect(zero.status).toBe(2);
    expect(zero.stderr).toMatch(/--games "0" is not a whole number of at least 1/);
    expect(cardsolve(['fairplay', 'PY1-N-AAAAAAP', '--moves', 'draw']).status).toBe(2);
  });
});
