/**
 * The position object of both games, through the library face: moves, move, undo, toJSON and
 * the notation of the moves played (which reads back to the same position), refusals with
 * the app's reason, hints equal to the command line's, and a solver line played to a win.
 */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../src/games/pyramide/deal.js';
import { PyramideGame } from '../../src/games/pyramide/engine.js';
import { moveToJson } from '../../src/games/pyramide/notation.js';
import { APP_RULES } from '../../src/games/pyramide/rules.js';
import * as api from '../../src/index.js';
import { cardsolve } from '../support/cli.js';

const LIMITS: api.Limits = { ...api.DEFAULT_LIMITS, timeMs: 20_000 };
/** A node limit makes a Double Solitaire hint the same on every run. */
const DOUBLE_LIMITS: api.Limits = { ...api.DEFAULT_LIMITS, timeMs: Infinity, nodes: 200_000 };

/** Drops what depends on the machine's speed. */
function timeless<T extends { ms: number; nodes: number }>(x: T): Omit<T, 'ms' | 'nodes'> {
  const { ms: _ms, nodes: _nodes, ...rest } = x;
  return rest;
}

function cliHint(args: string[]): api.HintResult {
  const r = cardsolve(['hint', ...args, '--json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as api.HintResult;
}

describe('openPosition (Pyramide)', () => {
  it('lists the legal moves, plays them, takes them back, and its notation reads back', () => {
    const p = api.openPosition('PY1-N-AAAAAAA');
    const start = p.toJSON();
    expect(start).toMatchObject({ code: 'PY1-N-AAAAAAA', game: 'pyramide', rules: 'app', played: [], score: '0', counter: 0 });
    expect(p.moves()).toEqual(new PyramideGame(dealFromNumber(0), APP_RULES).moves().map(moveToJson));
    expect(p.undo()).toBeNull();

    expect(p.move('J♦ + 2♦')).toEqual({ move: 'pair', cards: ['J♦', '2♦'] });
    expect(p.move({ move: 'draw' })).toEqual({ move: 'draw' });
    p.playLine('draw; draw');
    expect(p.toJSON()).toMatchObject({
      score: '20',
      counter: 4,
      played: [{ move: 'pair' }, { move: 'draw' }, { move: 'draw' }, { move: 'draw' }],
    });
    expect(p.historyText()).toBe('J♦ + 2♦; draw; draw; draw');
    expect(p.historyText('fr')).toBe('V♦ + 2♦; draw; draw; draw');
    expect(p.history()).toEqual(p.toJSON().played);

    // The notation reads back to the same position, in any card style.
    for (const style of ['symbols', 'en', 'fr'] as const) {
      const again = api.openPosition('PY1-N-AAAAAAA');
      again.playLine(p.historyText(style), style);
      expect(again.toJSON()).toEqual(p.toJSON());
    }
    // What `play` prints is that position.
    expect(p.outcome('symbols').json).toEqual(api.openDeal('PY1-N-AAAAAAA').play(p.historyText(), 'symbols').json);

    // Undo takes the points and the count back: the position as if never played.
    expect(p.undo()).toEqual({ move: 'draw' });
    expect(p.undo()).toEqual({ move: 'draw' });
    const after2 = api.openPosition('PY1-N-AAAAAAA');
    after2.playLine('J♦ + 2♦; draw');
    expect(p.toJSON()).toEqual(after2.toJSON());
    p.undo();
    p.undo();
    expect(p.toJSON()).toEqual(start);
    expect(p.moves()).toEqual(api.openPosition('PY1-N-AAAAAAA').moves());
  });

  it('refuses an illegal move with the app reason, as play does, and stays where it was', () => {
    const p = api.openPosition('PY1-N-AAAAAAA');
    p.move('J♦ + 2♦');
    const before = p.toJSON();
    let refused: unknown;
    try {
      p.move('K♠');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(api.RefusedMoveError);
    expect(refused).toBeInstanceOf(api.InputError);
    const e = refused as api.RefusedMoveError;
    expect(e.message).toBe('move 2 (K♠) refused: K♠ is covered by another card');
    expect(e.reason).toBe('K♠ is covered by another card');
    expect(e.moveNumber).toBe(2);
    expect(p.toJSON()).toEqual(before);
    expect(() => p.move('R♠', 'fr')).toThrow('move 2 (R♠) refused: R♠ is covered by another card');
    expect(() => p.move('nonsense')).toThrow(api.InputError);
    expect(() => p.move({ move: 'fly' })).toThrow(api.InputError);
    // A list stops at the refused move, the moves before it played.
    expect(() => p.playLine('draw; K♠')).toThrow('move 3 (K♠) refused');
    expect(p.history()).toHaveLength(2);
    expect(p.outcome('symbols', { refused: e }).json.error).toBe(e.message);
  });

  it('hints as the command line does for the moves played, and undo in between changes nothing', () => {
    const p = api.openPosition('PY1-N-AAAAAAA');
    p.move('J♦ + 2♠');
    p.undo();
    p.move('J♦ + 2♦');
    expect(timeless(p.hint(LIMITS))).toEqual(timeless(cliHint(['PY1-N-AAAAAAA', '--moves', 'J♦ + 2♦'])));
    p.undo();
    p.move('J♦ + 2♠');
    expect(timeless(p.hint(LIMITS))).toEqual(timeless(cliHint(['PY1-N-AAAAAAA', '--moves', 'J♦ + 2♠'])));
    expect(timeless(p.hint(LIMITS, { statusOnly: true }))).toEqual(timeless(api.hint(api.openDeal('PY1-N-AAAAAAA'), 'J♦ + 2♠', LIMITS)));
  });

  it("plays the solver's line to a win, and bestLineFrom leaves the position as it found it", () => {
    const deal = api.openDeal('PY1-N-AAAAAAI');
    const solution = deal.analyse(LIMITS).solution!;
    const p = deal.position();
    p.move(solution[0]!);
    const before = p.toJSON();
    const rest = api.bestLineFrom(p, LIMITS)!;
    expect(p.toJSON()).toEqual(before);
    expect(rest).toHaveLength(solution.length - 1);
    for (const m of solution.slice(1)) p.move(m);
    expect(p.toJSON().position).toMatchObject({ status: 'won', pyramidLeft: 0 });
    expect(p.toJSON().counter).toBe(solution.length);
    expect(p.hint(LIMITS)).toMatchObject({ status: 'won', moves: [], best: null });
  });
});

describe('openPosition (Double Solitaire)', () => {
  it('lists the legal moves, plays them, takes them back, and its notation reads back', () => {
    const p = api.openPosition('DS1-D1N-AAAAAAB');
    const start = p.toJSON();
    expect(start).toMatchObject({ code: 'DS1-D1N-AAAAAAB', game: 'double', rules: 'D1N', played: [], score: '0', counter: 0 });
    expect(p.undo()).toBeNull();
    const legal = p.moves();
    expect(legal).toContainEqual({ move: 'draw' });
    // Every legal move is taken, as JSON and in the notation, and undone to the start.
    for (const m of legal) {
      expect(p.move(m)).toEqual(m);
      expect(p.undo()).toEqual(m);
      expect(p.move(api.moveText('double', m))).toEqual(m);
      expect(p.undo()).toEqual(m);
      expect(p.toJSON()).toEqual(start);
    }
    p.playLine('9♦ c3-c2; draw; draw');
    expect(p.toJSON()).toMatchObject({ counter: 3, played: [{ move: 'cards', card: '9♦' }, { move: 'draw' }, { move: 'draw' }] });
    for (const style of ['symbols', 'en', 'fr'] as const) {
      const again = api.openPosition('DS1-D1N-AAAAAAB');
      again.playLine(p.historyText(style), style);
      expect(again.toJSON()).toEqual(p.toJSON());
    }
    expect(p.outcome('fr').json).toEqual(api.openDeal('DS1-D1N-AAAAAAB').play(p.historyText(), 'fr').json);
    p.undo();
    p.undo();
    const after1 = api.openPosition('DS1-D1N-AAAAAAB');
    after1.move('9♦ c3-c2');
    expect(p.toJSON()).toEqual(after1.toJSON());
    p.undo();
    expect(p.toJSON()).toEqual(start);
  });

  it('refuses an illegal move with the app reason, as play does, and stays where it was', () => {
    const p = api.openPosition('DS1-D1N-AAAAAAB');
    p.move('draw');
    const before = p.toJSON();
    const refused = (() => {
      try {
        p.move('w-c9');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(api.RefusedMoveError);
    const e = refused as api.RefusedMoveError;
    expect(e.message).toMatch(/^move 2 "w-c9" is refused: 7♣ cannot go on 2♣/);
    expect(e.message).toBe(`move 2 "w-c9" is refused: ${e.reason}`);
    expect(p.toJSON()).toEqual(before);
    expect(() => p.move('nonsense')).toThrow(api.InputError);
    const outcome = p.outcome('symbols', { refused: e });
    expect(outcome).toEqual(api.openDeal('DS1-D1N-AAAAAAB').play('draw; w-c9', 'symbols'));
  });

  it('hints as the command line does for the moves played, and undo in between changes nothing', () => {
    const p = api.openPosition('DS1-D1N-AAAAAAB');
    p.playLine('draw; draw; draw');
    p.undo();
    const cli = cliHint(['DS1-D1N-AAAAAAB', '--moves', 'draw; draw', '--node-limit', '200000']);
    expect(timeless(p.hint(DOUBLE_LIMITS))).toEqual(timeless(cli));
    expect(timeless(p.hint(DOUBLE_LIMITS, { statusOnly: true }))).toEqual(
      timeless(api.hint(api.openDeal('DS1-D1N-AAAAAAB'), 'draw; draw', DOUBLE_LIMITS, { statusOnly: true })),
    );
  });

  it("plays the solver's line to a win, and bestLineFrom leaves the position as it found it", () => {
    const deal = api.openDeal('DS1-D1N-AAAAAAB');
    const solution = deal.analyse(LIMITS).solution!;
    const p = deal.position();
    p.playLine('draw');
    const before = p.toJSON();
    expect(api.bestLineFrom(p, LIMITS)).not.toBeNull();
    expect(p.toJSON()).toEqual(before);
    p.undo();
    for (const m of solution) p.move(m);
    expect(p.toJSON().position).toMatchObject({ won: true, onFoundations: 104 });
    expect(p.toJSON().counter).toBe(solution.length);
    expect(p.hint(LIMITS)).toMatchObject({ status: 'won' });
    // The line written out reads back to the win.
    const again = api.openPosition('DS1-D1N-AAAAAAB');
    again.playLine(p.historyText());
    expect(again.toJSON()).toEqual(p.toJSON());
  });
});

describe('positions of a game without them', () => {
  it('a game without positions has no hints: InputError', () => {
    const deal = api.openDeal('PY1-N-AAAAAAA');
    const bare: api.OpenedDeal = { ...deal, position: undefined };
    expect(() => api.hint(bare, '', LIMITS)).toThrow('hints are not available for pyramide deals yet');
  });
});
