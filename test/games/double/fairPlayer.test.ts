/** The Double Solitaire fair player: it plans on sampled deals; its games replay, its record is honest. */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../src/games/double/deal.js';
import { DoubleState } from '../../../src/games/double/engine.js';
import { fairPlayDouble, sampleAgrees } from '../../../src/games/double/fairPlayer.js';
import type { FairPlayResult } from '../../../src/games/fairPlayTypes.js';
import { moveText } from '../../../src/games/hint.js';
import { cardsolve } from '../../support/cli.js';
import { LIMITS, replayWins, smallGamesAgree } from './fairPlayChecks.js';
import { D1N } from './helpers.js';

describe('the fair player (Double Solitaire)', () => {
  // Seeds 2 and 3 take seconds (the long checks play them); 4 to 19 give every rule set four deals, three proven lost.
  it('on small games of all four rule sets: legal moves only, won exactly when the line wins, never a deal proven lost (16 deals; the long checks: 40)', () => {
    smallGamesAgree(4, 19);
  });

  it('a D1N deal: looks through the stock first, plans again as cards turn up, and wins; the same seed repeats', () => {
    const deal = dealFromNumber(1);
    const options = { games: 1, samples: 3, seed: 2, limits: LIMITS };
    const a = fairPlayDouble(deal, D1N, options);
    const game = a.played[0]!;
    expect(game.end).toBe('won');
    expect(replayWins(deal, D1N, game.moves)).toBe(true);
    // 59 draws and a turn-over first; then a plan for each face-down card guessed wrong.
    expect(game.moves.slice(0, 60).every((m) => (m & 7) === 0 || (m & 7) === 1)).toBe(true);
    expect(game.plans).toBeGreaterThan(1);
    expect(game.blindSteps).toBeGreaterThan(60);
    expect(fairPlayDouble(deal, D1N, options).played).toEqual(a.played);
  });

  it('a sample agrees while the cards it shows are the deal’s, and not once a face-up card differs', () => {
    const deal = dealFromNumber(3);
    const real = new DoubleState(deal, D1N);
    // The face-down cards of columns 2 and 3 swapped: nothing the player sees differs.
    const swapped = deal.columns.map((c) => [...c]);
    [swapped[1]![0], swapped[2]![0]] = [swapped[2]![0]!, swapped[1]![0]!];
    expect(sampleAgrees(real, new DoubleState({ ...deal, columns: swapped }, D1N))).toBe(true);
    // The top (face-up) cards of columns 1 and 2 swapped: the player sees it.
    const shown = deal.columns.map((c) => [...c]);
    [shown[0]![0], shown[1]![1]] = [shown[1]![1]!, shown[0]![0]!];
    expect(sampleAgrees(real, new DoubleState({ ...deal, columns: shown }, D1N))).toBe(false);
  });

  it('a limit stops the games it reaches, which count neither way', () => {
    const r = fairPlayDouble(dealFromNumber(1), D1N, { games: 2, samples: 3, seed: 1, limits: { ...LIMITS, nodes: 1000 } });
    expect(r.limit).toBe('--node-limit 1000');
    expect(r.played.every((g) => g.end === 'limit')).toBe(true);
  });

  it('fairplay on the command line: its game replays with play, the same seed gives the same game', () => {
    const args = ['fairplay', 'DS1-D1N-AAAAAAB', '--games', '1', '--samples', '2'];
    const text = cardsolve(args);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^DS1-D1N-AAAAAAB {2}D1N {2}fair player: won 1 of 1 game/);
    // Another run, the same seed: the same game, move for move (the text prints its moves).
    const json = JSON.parse(cardsolve([...args, '--json']).stdout) as FairPlayResult;
    const moves = json.played[0]!.moves.map((m) => moveText('double', m)).join('; ');
    expect(text.stdout.split('\n')[2]!.trim()).toBe(moves);
    const play = cardsolve(['play', 'DS1-D1N-AAAAAAB', '--moves', moves, '--json']);
    expect(play.status, play.stderr).toBe(0);
    expect((JSON.parse(play.stdout) as { position: { won: boolean } }).position.won).toBe(true);
  });
});
