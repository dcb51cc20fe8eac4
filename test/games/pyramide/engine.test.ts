import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { dealFromNumber, type PyramideDeal, parseDealText } from '../../../src/games/pyramide/deal.js';
import { IllegalMoveError, PyramideGame, type PyramideMove } from '../../../src/games/pyramide/engine.js';
import { formatMove, parseMove, parseMoveList } from '../../../src/games/pyramide/notation.js';
import { APP_RULES, MSC_RULES, type PyramideRules } from '../../../src/games/pyramide/rules.js';

const fixture = parseDealText(readFileSync(new URL('../../../data/examples/pyramide-app-example.txt', import.meta.url), 'utf8'), 'fixture');
const c = parseCard;

function refusal(game: PyramideGame, text: string): string | null {
  return game.refusal(parseMove(text));
}

describe('Pyramide rules engine on the app example', () => {
  it('refuses a covered card and a pair that does not make 13, then plays K♦ and 10♣ + 3♠', () => {
    const game = new PyramideGame(fixture, APP_RULES);
    expect(refusal(game, 'Q♣ + A♦')).toMatch(/Q♣ is covered by another card/);
    expect(refusal(game, '7♣ + 7♠')).toBe('the sum must be 13 (7♣ + 7♠ = 14)');
    expect(() => game.move(parseMove('7♣ + 7♠'))).toThrow(IllegalMoveError);
    expect(game.counter).toBe(0);
    game.move(parseMove('K♦'));
    game.move(parseMove('10♣ + 3♠'));
    expect(game.score).toBe(30);
    expect(game.counter).toBe(2);
    expect(game.pyramidLeft()).toBe(25);
  });

  it('lists exactly the legal first moves of the fixture', () => {
    const game = new PyramideGame(fixture, APP_RULES);
    const moves = game.moves().map((m) => formatMove(m));
    // Row 7 is 7♣ 10♣ 3♥ 4♥ 3♠ K♦ 7♠ and the waste 7♦ (no 6 to pair with); the stock order
    // is unknown, so no draw either.
    expect(moves.sort()).toEqual(['10♣ + 3♠', '10♣ + 3♥', 'K♦']);
  });
});

describe('Pyramide rules engine', () => {
  const deal = dealFromNumber(0);

  it('draws from the stock, turns the waste over in the same order, and counts both', () => {
    const game = new PyramideGame(deal, APP_RULES);
    expect(game.wasteCards()).toEqual([deal.first]);
    expect(refusal(game, 'turn over')).toMatch(/only when the stock is empty/);
    for (let i = 0; i < 23; i++) game.move({ kind: 'draw' });
    expect(refusal(game, 'draw')).toBe('the stock is empty');
    expect(game.wasteCards()).toHaveLength(24);
    game.move({ kind: 'turn-over' });
    expect(game.wasteCards()).toEqual([]);
    game.move({ kind: 'draw' });
    // The first card drawn on the previous pass (the first waste card) comes first again.
    expect(game.wasteCards()).toEqual([deal.first]);
    expect(game.counter).toBe(25);
    expect(game.score).toBe(0);
  });

  it('makes the waste card beneath available again when the top goes', () => {
    // 2♠ 3♠ ... : the waste top pairs with a pyramid card, uncovering the card below.
    const game = new PyramideGame(deal, APP_RULES);
    const top = deal.first!;
    game.move({ kind: 'draw' });
    expect(game.unavailableReason(top)).toMatch(/not the top card of the waste/);
  });

  it('never lets a waste card pair with the card beneath it unless the variant says so', () => {
    // Find a deal whose first two talon cards make 13.
    let n = 0;
    let d = dealFromNumber(n);
    while ((d.first! % 13) + 1 + ((d.stock![0]! % 13) + 1) !== 13) d = dealFromNumber(++n);
    const move: PyramideMove = { kind: 'pair', cards: [d.stock![0]!, d.first!] };
    const app = new PyramideGame(d, APP_RULES);
    app.move({ kind: 'draw' });
    expect(app.refusal(move)).toMatch(/not the top card of the waste/);
    const beneath = new PyramideGame(d, { ...APP_RULES, pairBeneath: true });
    beneath.move({ kind: 'draw' });
    expect(beneath.refusal(move)).toBeNull();
    beneath.move(move);
    expect(beneath.score).toBe(0); // waste cards earn nothing
    expect(beneath.wasteCards()).toEqual([]);
  });

  it('pairs a card with the only card still covering it under --pair-covering', () => {
    // Row 6 place 1 (position 15) is covered by row 7 places 1 and 2 (positions 21, 22).
    const pyramid = 'AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 9C 3H 4H 5H 6H 7H 4C KH 2C AD 3D 5D'.split(' ');
    // position 15 = 9C; cover 21 = 4C? positions 21..27 are row 7.
    const p = [...pyramid.slice(0, 21), 'KC', '4C', 'QD', 'JD', '10D', '9D', '8D'];
    const used = new Set(p.map(c));
    const talon = Array.from({ length: 52 }, (_, i) => i).filter((i) => !used.has(i));
    const d: PyramideDeal = { pyramid: p.map(c), first: talon[0]!, stock: talon.slice(1) };
    const rules: PyramideRules = { ...APP_RULES, pairCovering: true };
    const strict = new PyramideGame(d, APP_RULES);
    const variant = new PyramideGame(d, rules);
    for (const g of [strict, variant]) g.move({ kind: 'king', card: c('KC') });
    // 9♣ (position 15) is now covered only by 4♣ (position 22).
    const pair: PyramideMove = { kind: 'pair', cards: [c('9C'), c('4C')] };
    expect(strict.refusal(pair)).toMatch(/9♣ is covered by another card/);
    expect(variant.refusal(pair)).toBeNull();
    expect(variant.moves().some((m) => m.kind === 'pair' && m.cards.includes(c('9C')))).toBe(true);
  });

  it('takes back a move with undo: cards and points return, the counter does not', () => {
    const game = new PyramideGame(fixture, APP_RULES);
    game.move(parseMove('K♦'));
    expect(game.score).toBe(10);
    expect(formatMove(game.undo()!)).toBe('K♦');
    expect(game.score).toBe(0);
    expect(game.counter).toBe(1);
    expect(game.pyramidLeft()).toBe(28);
    expect(game.undo()).toBeNull();
  });

  it('limits turn-overs when the rules do', () => {
    const game = new PyramideGame(deal, { ...APP_RULES, passes: 0 });
    for (let i = 0; i < 23; i++) game.move({ kind: 'draw' });
    expect(refusal(game, 'turn over')).toBe('no turn-over left (these rules allow 0)');
  });

  it('knows that an unknown stock cannot be drawn from', () => {
    const game = new PyramideGame(fixture, APP_RULES);
    expect(refusal(game, 'draw')).toMatch(/stock order is not known/);
    expect(game.isNoMoreMoves()).toBe(false);
  });

  it('plays the MSC rules: empty waste, stock top face up and pairable with the waste top', () => {
    const game = new PyramideGame(deal, MSC_RULES);
    expect(game.wasteCards()).toEqual([]);
    // The 29th card is the stock top, face up and available.
    expect(game.unavailableReason(deal.first!)).toBeNull();
    game.move({ kind: 'draw' });
    expect(game.wasteCards()).toEqual([deal.first]);
    expect(game.unavailableReason(deal.stock![0]!)).toBeNull();
    for (let pass = 0; pass < 2; pass++) {
      while (game.refusal({ kind: 'draw' }) === null) game.move({ kind: 'draw' });
      game.move({ kind: 'turn-over' });
    }
    while (game.refusal({ kind: 'draw' }) === null) game.move({ kind: 'draw' });
    expect(refusal(game, 'turn over')).toMatch(/no turn-over left \(these rules allow 2\)/);
  });

  it('reports "no more moves" only when nothing can be drawn, turned over or removed', () => {
    // With no turn-over allowed, draw the whole stock without removing anything; find a deal
    // where nothing is playable at the end.
    for (let n = 0; n < 200; n++) {
      const d = dealFromNumber(n);
      const game = new PyramideGame(d, { ...APP_RULES, passes: 0 });
      for (let i = 0; i < 22; i++) game.move({ kind: 'draw' });
      expect(game.isNoMoreMoves()).toBe(false); // one card is left to draw
      game.move({ kind: 'draw' });
      if (game.moves().length > 0) {
        expect(game.isNoMoreMoves()).toBe(false);
        continue;
      }
      expect(game.isNoMoreMoves()).toBe(true);
      expect(game.isWon()).toBe(false);
      // Under the app's unlimited turn-overs the same position goes on.
      const app = new PyramideGame(d, APP_RULES);
      for (let i = 0; i < 23; i++) app.move({ kind: 'draw' });
      expect(app.isNoMoreMoves()).toBe(false);
      return;
    }
    throw new Error('no deal among the first 200 ends stuck after one pass');
  });
});

describe('move notation', () => {
  it('reads moves as people type them', () => {
    expect(parseMove('K♦')).toEqual({ kind: 'king', card: c('KD') });
    expect(parseMove('RD')).toEqual({ kind: 'king', card: c('KD') });
    expect(parseMove('10♣+3♠')).toEqual({ kind: 'pair', cards: [c('TC'), c('3S')] });
    expect(parseMove(' draw ')).toEqual({ kind: 'draw' });
    expect(parseMove('Turn Over')).toEqual({ kind: 'turn-over' });
    expect(parseMove('turn-over')).toEqual({ kind: 'turn-over' });
    expect(parseMoveList('K♦; 10♣ + 3♠; draw')).toHaveLength(3);
    expect(() => parseMove('10♣ +')).toThrow(/is not a move/);
    expect(() => parseMove('jump')).toThrow(/is not a move/);
  });
});
