/** The engine's two undos: the app's keeps the move counter, `takeBack` (a position object's) takes it back too; `clone` is independent. */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../src/games/pyramide/deal.js';
import { PyramideGame } from '../../../src/games/pyramide/engine.js';
import { parseMoveList } from '../../../src/games/pyramide/notation.js';
import { APP_RULES } from '../../../src/games/pyramide/rules.js';

function state(g: PyramideGame): unknown {
  return { removed: g.removed, talonRemoved: g.talonRemoved, next: g.next, passesUsed: g.passesUsed, score: g.score, counter: g.counter };
}

describe('PyramideGame takeBack and clone', () => {
  it('takeBack restores the counter that undo keeps', () => {
    const game = new PyramideGame(dealFromNumber(0), APP_RULES);
    const fresh = state(game);
    for (const m of parseMoveList('J♦ + 2♦; draw')) game.move(m);
    const after1 = new PyramideGame(dealFromNumber(0), APP_RULES);
    after1.move(parseMoveList('J♦ + 2♦')[0]!);
    expect(game.takeBack()).toEqual({ kind: 'draw' });
    expect(state(game)).toEqual(state(after1));
    expect(game.undo()).toEqual(parseMoveList('J♦ + 2♦')[0]);
    expect(game.counter).toBe(1);
    expect(game.takeBack()).toBeNull();
    expect({ ...(state(game) as object), counter: 0 }).toEqual(fresh);
  });

  it('clone copies the position and its history, and each goes its own way', () => {
    const game = new PyramideGame(dealFromNumber(0), APP_RULES);
    for (const m of parseMoveList('J♦ + 2♦; draw; draw')) game.move(m);
    const copy = game.clone();
    expect(state(copy)).toEqual(state(game));
    expect(copy.moves()).toEqual(game.moves());
    copy.move({ kind: 'draw' });
    expect(copy.counter).toBe(game.counter + 1);
    copy.takeBack();
    copy.takeBack();
    expect(game.counter).toBe(3);
    expect(copy.counter).toBe(2);
    // The history came along: the copy takes back to the deal as dealt.
    copy.takeBack();
    copy.takeBack();
    expect(state(copy)).toEqual(state(new PyramideGame(dealFromNumber(0), APP_RULES)));
    expect(copy.takeBack()).toBeNull();
  });
});
