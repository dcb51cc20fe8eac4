import { describe, expect, it } from 'vitest';
import type { DoubleState } from '../../../src/games/double/engine.js';
import { doubleGame } from '../../../src/games/double/index.js';
import { M_CC, M_DRAW, M_JUMP, M_TURN, mv } from '../../../src/games/double/move.js';
import { IllegalMove, parseMove } from '../../../src/games/double/play.js';
import { columnText, D1N, D1V, D3N, D3V, position } from './helpers.js';

/** Plays a move given as text; returns the app's refusal or null when it was played. */
function tryMove(state: DoubleState, text: string): string | null {
  let m: number;
  try {
    m = parseMove(state, text, 'symbols');
  } catch (e) {
    if (e instanceof IllegalMove) return e.message;
    throw e;
  }
  const why = state.refusal(m);
  if (why === null) state.apply(m);
  return why;
}

function play(state: DoubleState, text: string): void {
  for (const t of text.split(';')) {
    const why = tryMove(state, t);
    if (why !== null) throw new Error(`${t}: ${why}`);
  }
}

describe('Double Solitaire deal of a code', () => {
  it('golden deal DS1-D1N-AAAAAAB (deal-codes.md)', () => {
    const deal = doubleGame.open({ kind: 'code', code: 'DS1-D1N-AAAAAAB' }, {});
    const layout = deal.show('symbols', true);
    expect(layout).toContain('column 1: 6♥\n');
    expect(layout).toContain('column 2: Q♥ 10♠\n');
    expect(layout).toContain('column 9: 5♣ 9♣ 4♦ 2♥ 3♠ 3♦ K♦ 4♠ 2♣\n');
    expect(layout).toMatch(/\nstock: 7♣ /);
    expect(deal.code).toBe('DS1-D1N-AAAAAAB');
    expect(deal.rules).toBe('D1N');
    // Only the last card of each column is face up.
    const shown = deal.show('symbols', false);
    expect(shown).toContain('column 2: [Q♥] 10♠');
    expect(shown).toContain('column 9: [5♣] [9♣] [4♦] [2♥] [3♠] [3♦] [K♦] [4♠] 2♣');
    expect(shown).toContain('stock: 59 cards');
  });

  it('the rule letters change the rules, not the cards', () => {
    const a = doubleGame.open({ kind: 'code', code: 'ds1-d1n-aaaaaab' }, {});
    const b = doubleGame.open({ kind: 'code', code: 'DS1-D3V-AAAAAAB' }, {});
    const strip = (t: string): string =>
      t
        .split('\n')
        .filter((l) => /^(column|stock)/.test(l))
        .join('\n');
    expect(strip(a.show('symbols', true))).toBe(strip(b.show('symbols', true)));
    expect(a.fingerprint).not.toBe(b.fingerprint);
    expect(b.rules).toBe('D3V');
  });
});

describe('Double Solitaire rules', () => {
  it('only a King may go into an empty column', () => {
    const s = position({ columns: ['Q♠', '', 'K♥', '5♦'] });
    expect(tryMove(s, 'Q♠ c1-c2')).toMatch(/only a King may go into an empty column/);
    expect(tryMove(s, 'K♥ c3-c2')).toBeNull();
    expect(columnText(s, 1)).toBe('K♥');
    // Nothing else, not even to uncover a face-down card.
    const t = position({ columns: ['9♣ Q♠', ''], down: [1] });
    expect(tryMove(t, 'Q♠ c1-c2')).toMatch(/only a King/);
  });

  it('builds down in alternating colours, one rank at a time', () => {
    const s = position({ columns: ['8♠', '7♠', '7♥', '6♦', '9♦'] });
    expect(tryMove(s, '7♠ c2-c1')).toMatch(/cannot go on 8♠/);
    expect(tryMove(s, '6♦ c4-c1')).toMatch(/cannot go on 8♠/);
    expect(tryMove(s, '7♥ c3-c1')).toBeNull();
    expect(tryMove(s, '8♠ c1-c5')).toBeNull(); // the whole run 8♠ 7♥ moves as a unit
    expect(columnText(s, 4)).toBe('9♦ 8♠ 7♥');
  });

  it('moves a run from its middle, the cards above going along', () => {
    const s = position({ columns: ['9♠ 8♥ 7♣ 6♦ 5♠', '8♦'] });
    expect(tryMove(s, '7♣ c1-c2')).toBeNull();
    expect(columnText(s, 0)).toBe('9♠ 8♥');
    expect(columnText(s, 1)).toBe('8♦ 7♣ 6♦ 5♠');
    expect(s.moves).toBe(1);
    // The same with the move encoded directly: 3 cards from column 2 back onto 8♥.
    expect(s.refusal(mv(M_CC, 1, 0, 3))).toBeNull();
    // Not more cards than are face up.
    const t = position({ columns: ['3♣ 9♠ 8♥', '10♦'], down: [2] });
    expect(t.refusal(mv(M_CC, 0, 1, 2))).toMatch(/1 face-up card/);
    expect(tryMove(t, '9♠ c1-c2')).toMatch(/face down/);
  });

  it('turns up an uncovered face-down card by itself, for 5 points and no move', () => {
    const s = position({ columns: ['3♣ 9♠ 8♥', '9♣'], down: [2] });
    play(s, '8♥ c1-c2');
    expect(columnText(s, 0)).toBe('[3♣] 9♠');
    expect(s.score).toBe(5);
    expect(s.moves).toBe(1);
  });

  it('sends the second Ace of spades to the second place of the spades row', () => {
    const s = position({ columns: ['A♠', 'A♠', '2♠', '2♠', '3♠'] });
    play(s, 'c1-f');
    expect([...s.fnd]).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    play(s, 'A♠ c2-f');
    expect([...s.fnd]).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    // Both places accept a 2: the first one of the row takes it.
    play(s, 'c3-f');
    expect([...s.fnd]).toEqual([2, 1, 0, 0, 0, 0, 0, 0]);
    // A 3 only fits the first place now; the second 2 goes to the second place.
    play(s, 'c5-f');
    expect([...s.fnd]).toEqual([3, 1, 0, 0, 0, 0, 0, 0]);
    play(s, 'c4-f');
    expect([...s.fnd]).toEqual([3, 2, 0, 0, 0, 0, 0, 0]);
    expect(s.score).toBe(50);
  });

  it('refuses a card no foundation accepts', () => {
    const s = position({ columns: ['2♥', 'A♦'] });
    expect(tryMove(s, 'c1-f')).toMatch(/no foundation accepts 2♥/);
    expect(tryMove(s, 'c2-f')).toBeNull();
  });

  it('takes a foundation top back onto a column, for no points', () => {
    const s = position({ columns: ['8♠', '7♥'], foundations: [0, 0, 7, 0, 0, 0, 0, 0] });
    expect(tryMove(s, '7♥ f-c2')).toMatch(/cannot go on 7♥/);
    expect(tryMove(s, '7♥ f-c1')).toBeNull();
    expect(columnText(s, 0)).toBe('8♠ 7♥');
    expect(s.fnd[2]).toBe(6);
    expect(s.score).toBe(0);
    expect(s.moves).toBe(1);
    expect(tryMove(s, '8♥ f-c1')).toMatch(/not on top of a foundation/);
  });

  it('Draw 1 turns one card; the waste top plays to a column for 5 points', () => {
    const s = position({ columns: ['8♠'], stock: '2♦ 7♥ 9♣' });
    play(s, 'draw');
    expect(s.wasteTop()).toBe(position({ columns: ['2♦'] }).top(0));
    expect(tryMove(s, 'w-c1')).toMatch(/cannot go on 8♠/);
    play(s, 'draw');
    play(s, '7♥ w-c1');
    expect(columnText(s, 0)).toBe('8♠ 7♥');
    expect(s.score).toBe(5);
    expect(s.moves).toBe(3);
  });

  it('Draw 3 fans three cards and only the last one is playable', () => {
    const s = position({ columns: ['8♠', '8♣', '6♦'], stock: '7♦ 10♣ 7♥ 5♠ 6♠' }, D3N);
    play(s, 'draw');
    expect(s.waste).toBe(3);
    expect(s.moves).toBe(1); // one draw of three cards is one move
    // 7♦ is in the fan but not the last card: it cannot be played.
    expect(tryMove(s, '7♦ w-c1')).toMatch(/waste top is 7♥, not 7♦/);
    play(s, '7♥ w-c1');
    // Playing the last card makes the one beneath it playable.
    expect(tryMove(s, '10♣ w-c2')).toMatch(/cannot go on 8♣/);
    expect(tryMove(s, '10♣ w-f')).toMatch(/no foundation accepts 10♣/);
    // The next draw turns the two cards left.
    play(s, 'draw');
    expect(s.waste).toBe(4);
    expect(s.stockCount()).toBe(0);
    // Turning the waste over keeps the order: the next draw shows 7♦ 10♣ 5♠, 5♠ on top.
    play(s, 'turn over');
    play(s, 'draw');
    expect(tryMove(s, '10♣ w-c3')).toMatch(/waste top is 5♠/);
    expect(tryMove(s, '5♠ w-c3')).toBeNull();
    expect(columnText(s, 2)).toBe('6♦ 5♠');
  });

  it('turns the waste over only when the stock is empty, and never under Vegas scoring', () => {
    const s = position({ columns: ['K♠'], stock: '2♦ 3♦' });
    expect(s.refusal(mv(M_TURN))).toMatch(/not empty/);
    play(s, 'draw;draw');
    expect(s.refusal(mv(M_DRAW))).toMatch(/turn the waste over/);
    play(s, 'turn over');
    expect(s.waste).toBe(0);
    expect(s.stockCount()).toBe(2);
    // The turn-overs are counted (the solver's lines report them), a solver jump's too, and undone.
    expect(s.turnOvers).toBe(1);
    play(s, 'draw;draw');
    s.apply(mv(M_JUMP, 1, 0, 1, 1)); // turn over and draw once: 2♦ on top again
    expect(s.waste).toBe(1);
    expect(s.turnOvers).toBe(2);
    s.undo();
    expect(s.waste).toBe(2);
    expect(s.turnOvers).toBe(1);
    s.undo();
    s.undo();
    s.undo();
    expect(s.turnOvers).toBe(0);
    expect(s.waste).toBe(2);
    for (const rules of [D1V, D3V]) {
      const v = position({ columns: ['K♠'], stock: '2♦ 3♦' }, rules);
      play(v, rules.draw === 1 ? 'draw;draw' : 'draw');
      expect(v.refusal(mv(M_TURN))).toMatch(/no turn-over under Vegas scoring/);
      expect(v.refusal(mv(M_DRAW))).toMatch(/Vegas/);
    }
  });

  it('normal score: -100 per turn-over, never below 0', () => {
    const s = position({ columns: ['8♠', 'A♦', 'A♥'], stock: '7♥' });
    play(s, 'c2-f;c3-f'); // 20 points
    expect(s.score).toBe(20);
    play(s, 'draw;turn over');
    expect(s.score).toBe(0); // not -80
    play(s, 'draw;7♥ w-c1');
    expect(s.score).toBe(5);
    expect(s.scoreText()).toBe('5');
    expect(s.moves).toBe(6);
  });

  it('Vegas score: -$104 at the start, +$5 per foundation card, no floor and nothing else', () => {
    const s = position({ columns: ['8♠', 'A♦', '9♣ A♥'], down: [0, 0, 1], stock: '7♥' }, D1V);
    expect(s.scoreText()).toBe('-$104');
    play(s, 'c2-f;c3-f'); // the turn-up earns nothing under Vegas
    expect(s.scoreText()).toBe('-$94');
    play(s, 'draw;7♥ w-c1'); // nor does waste to column
    expect(s.scoreText()).toBe('-$94');
  });

  it('a won game ends at 1220 points, or $416 under Vegas', () => {
    for (const rules of [D1N, D1V]) {
      const fnd = [12, 12, 12, 12, 12, 12, 12, 12];
      const s = position({ columns: ['K♠', 'K♠', 'K♥', 'K♥', 'K♦', 'K♦', 'K♣', 'K♣'], foundations: fnd }, rules);
      s.score = rules.vegas ? 416 - 40 : 1220 - 80;
      for (let c = 0; c < 8; c++) play(s, `c${c + 1}-f`);
      expect(s.isWon()).toBe(true);
      expect(s.scoreText()).toBe(rules.vegas ? '$416' : '1220');
    }
  });

  it('undo restores the position exactly', () => {
    const s = position({ columns: ['3♣ 9♠ 8♥', '9♣', 'A♦'], down: [2], stock: '7♥ 2♦ 5♠' });
    const snapshot = (): string =>
      JSON.stringify([
        [0, 1, 2].map((c) => columnText(s, c)),
        [...s.tal.subarray(0, s.talLen)],
        s.waste,
        [...s.fnd],
        s.score,
        s.moves,
        s.maskLo,
        s.maskHi,
      ]);
    const before = snapshot();
    const moves = ['8♥ c1-c2', 'draw', 'draw', 'c3-f', '2♦ w-f', 'draw', 'turn over'];
    for (const m of moves) play(s, m);
    for (let i = 0; i < moves.length; i++) s.undo();
    expect(snapshot()).toBe(before);
  });
});

describe('play', () => {
  it('replays moves and stops at the first illegal one with the reason', () => {
    const deal = doubleGame.open({ kind: 'code', code: 'DS1-D1N-AAAAAAB' }, {});
    const ok = deal.play('draw; draw; turn over', 'symbols');
    expect(ok.ok).toBe(false);
    expect(ok.error).toMatch(/move 3 "turn over" is refused: the stock is not empty/);
    const good = deal.play('draw;draw', 'symbols');
    expect(good.ok).toBe(true);
    expect(good.text).toContain('moves 2');
    expect((good.json.position as { moves: number }).moves).toBe(2);
    expect(deal.play('6♥ c1-c5', 'symbols').error).toMatch(/cannot go on/);
    expect(() => deal.play('jump', 'symbols')).toThrow(/not a move/);
  });
});
