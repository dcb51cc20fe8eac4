import { describe, expect, it } from 'vitest';
import type { HintResult } from '../../src/games/hint.js';
import { moveText } from '../../src/games/hint.js';
import { dealFromNumber } from '../../src/games/pyramide/deal.js';
import { PyramideGame } from '../../src/games/pyramide/engine.js';
import { moveToJson, parseMoveList } from '../../src/games/pyramide/notation.js';
import { APP_RULES } from '../../src/games/pyramide/rules.js';
import { cardsolve } from '../support/cli.js';

const FIXTURE = new URL('../../data/examples/pyramide-app-example.txt', import.meta.url).pathname;

function hintJson(args: string[]): HintResult {
  const r = cardsolve(['hint', ...args, '--json']);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as HintResult;
}

describe('cardsolve hint (Pyramide)', () => {
  it('lists every legal move, the best first, and names the crossroads', () => {
    const r = cardsolve(['hint', 'PY1-N-AAAAAAA']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^PY1-N-AAAAAAA {2}app, after 0 moves: winnable, \d+ moves left at best$/);
    const legal = new PyramideGame(dealFromNumber(0), APP_RULES).moves();
    const listed = lines.filter((l) => /^ {2}\S.*\s(optimal|winnable|losing|unknown)\s/.test(l));
    expect(listed).toHaveLength(legal.length);
    expect(lines[1]).toBe(`  best: ${listed[0]!.trim().split(/\s{2,}/)[0]}`);
    const losing = listed.filter((l) => /\slosing\s/.test(l)).map((l) => l.trim().split(/\s{2,}/)[0]);
    expect(losing.length).toBeGreaterThan(0);
    expect(r.stdout).toContain(`  crossroads: after ${losing.join(', or after ')} the game can no longer be won\n`);
    for (const l of listed.filter((x) => /\slosing\s/.test(x)))
      expect(l).toMatch(/no win after it; at most \d+ of the 28 pyramid cards can be removed in all/);
  });

  it('--json: the position, its status, every move in the solution form, best and crossroads', () => {
    const moves = 'J♦ + 2♦; draw';
    const h = hintJson(['PY1-N-AAAAAAA', '--moves', moves]);
    expect(Object.keys(h)).toEqual([
      'code',
      'fingerprint',
      'game',
      'rules',
      'played',
      'position',
      'score',
      'counter',
      'status',
      'movesLeft',
      'movesLeftProved',
      'maxRemoved',
      'stuckExact',
      'best',
      'crossroads',
      'moves',
      'line',
      'nodes',
      'ms',
      'limit',
      'notes',
    ]);
    expect(h).toMatchObject({ code: 'PY1-N-AAAAAAA', game: 'pyramide', rules: 'app', score: '20', counter: 2, status: 'winnable' });
    expect(h.played).toEqual([{ move: 'pair', cards: ['J♦', '2♦'] }, { move: 'draw' }]);
    expect(Object.keys(h.moves[0]!)).toEqual([
      'move',
      'label',
      'wins',
      'movesLeft',
      'movesLeftProved',
      'extraMoves',
      'maxRemoved',
      'stuckExact',
      'deadEndReachable',
      'limit',
    ]);
    expect(h.best).toEqual(h.moves[0]!.move);
    expect(h.moves[0]!.label).toBe('optimal');
    expect(h.moves.map((j) => j.wins)).toEqual(h.moves.map((j) => j.label !== 'losing'));
    expect(h.movesLeft).toBe(h.moves[0]!.movesLeft! + 1);
    expect(h.crossroads).toEqual(h.moves.filter((j) => j.label === 'losing').map((j) => j.move));
    // Every move listed is legal in the position, and every legal move is listed.
    const game = new PyramideGame(dealFromNumber(0), APP_RULES);
    for (const m of parseMoveList(moves)) game.move(m);
    expect(h.moves.map((j) => moveText('pyramide', j.move)).sort()).toEqual(
      game
        .moves()
        .map((m) => moveText('pyramide', moveToJson(m)))
        .sort(),
    );
  });

  it('a lost position ends with a line to the most cards, which `play` takes from there to that many cards', () => {
    const moves = 'J♦ + 2♠';
    const r = cardsolve(['hint', 'PY1-N-AAAAAAA', '--moves', moves]);
    expect(r.status).toBe(0);
    const h = hintJson(['PY1-N-AAAAAAA', '--moves', moves]);
    expect(h.status).toBe('lost');
    expect(h.stuckExact).toBe(true);
    const typed = h.line!.map((m) => moveText('pyramide', m)).join('; ');
    expect(r.stdout).toContain(`  a line to the ${h.maxRemoved} cards (${h.line!.length} moves): ${typed}\n`);
    const game = new PyramideGame(dealFromNumber(0), APP_RULES);
    for (const m of parseMoveList(`${moves}; ${typed}`)) game.move(m);
    expect(28 - game.pyramidLeft()).toBe(h.maxRemoved);
    // In a winnable position the JSON line is an optimal win.
    const w = hintJson(['PY1-N-AAAAAAA', '--moves', 'J♦ + 2♦']);
    const won = new PyramideGame(dealFromNumber(0), APP_RULES);
    for (const m of parseMoveList(`J♦ + 2♦; ${w.line!.map((m) => moveText('pyramide', m)).join('; ')}`)) won.move(m);
    expect(won.isWon()).toBe(true);
    expect(w.line).toHaveLength(w.movesLeft!);
  });

  it('a deal without its stock: winnable and losing stay exact, optimal is left out with the reason', () => {
    const h = hintJson([FIXTURE]);
    expect(h.status).toBe('winnable');
    expect(h.moves.length).toBeGreaterThan(0);
    expect(h.moves.some((j) => j.label === 'optimal')).toBe(false);
    expect(h.moves[0]!.label).toBe('winnable');
    expect(h.notes.join(' ')).toMatch(/stock order is not given/);
  });

  it('an illegal move: the reason, exit code 2, nothing on standard output', () => {
    const r = cardsolve(['hint', 'PY1-N-AAAAAAA', '--moves', 'J♦ + 2♦; K♠']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('cardsolve: move 2 (K♠) refused: K♠ is covered by another card\n');
  });

  it('writes cards in the asked style', () => {
    const r = cardsolve(['hint', 'PY1-N-AAAAAAA', '--cards', 'fr']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('best: V♦ + 2♦');
  });
});

describe('cardsolve hint (Double Solitaire)', () => {
  it('labels every legal move winning, losing or unknown, and says the judgements see the hidden cards', () => {
    const h = hintJson(['DS1-D1N-AAAAAAB', '--moves', 'draw; draw', '--time-limit', '20s']);
    expect(h).toMatchObject({ game: 'double', rules: 'D1N', counter: 2, status: 'winnable' });
    expect(h.moves.length).toBeGreaterThan(1);
    for (const j of h.moves) expect(['winning', 'losing', 'unknown']).toContain(j.label);
    expect(h.best).toEqual(h.moves[0]!.move);
    expect(h.line![0]).toEqual(h.best);
    expect(h.line).toHaveLength(h.movesLeft!);
    expect(h.notes.join('\n')).toMatch(/see the face-down cards/);
    // The best line replays to a win through play.
    const r = cardsolve([
      'play',
      'DS1-D1N-AAAAAAB',
      '--moves',
      ['draw', 'draw', ...h.line!.map((m) => moveText('double', m))].join('; '),
      '--json',
    ]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).position).toMatchObject({ won: true, moves: 2 + h.movesLeft! });
    const text = cardsolve(['hint', 'DS1-D1N-AAAAAAB', '--time-limit', '20s']).stdout;
    expect(text).toMatch(/^DS1-D1N-AAAAAAB {2}D1N, after 0 moves: winnable, \d+ moves left on the shortest line found/);
    expect(text).toMatch(/note: these judgements see the face-down cards and the stock order, which the player does not/);
    expect(text).toMatch(/each move's search gets an equal share of what is left/);
  });

  it('an illegal move: the reason and exit code 2', () => {
    const r = cardsolve(['hint', 'DS1-D1N-AAAAAAB', '--moves', 'draw; w-c9']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^cardsolve: move 2 "w-c9" is refused: 7♣ cannot go on 2♣/);
  });
});
