/**
 * The one-file core in QuickJS (an engine with the language alone) gives Node's answers: the
 * deal, its legal moves, a move the rules refuse, and a hint near the end of a game (cheap in
 * an interpreter). The long checks ask the hints at the start of both games too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as core from '../../src/core.js';
import { type QuickJsCore, quickJsCore, timeless } from '../support/quickjs.js';

const LIMITS = { ...core.DEFAULT_LIMITS, timeMs: 60_000 };

describe('the core in QuickJS', () => {
  let engine: QuickJsCore;
  beforeAll(async () => {
    engine = await quickJsCore();
  }, 60_000);
  afterAll(() => engine?.dispose());

  it('opens a deal and lists its moves as Node does, and refuses a move in the same words', () => {
    expect(engine.json("core.openPosition('DS1-D1N-AAAAAAB').moves()")).toEqual(core.openPosition('DS1-D1N-AAAAAAB').moves());
    expect(engine.json("core.openDeal('PY1-N-AAAAAAA').fingerprint")).toBe(core.openDeal('PY1-N-AAAAAAA').fingerprint);
    const refused =
      "(() => { try { core.openPosition('PY1-N-AAAAAAA').move('K♠'); return null; } catch (e) { return [e.name, e.message]; } })()";
    let node: unknown = null;
    try {
      core.openPosition('PY1-N-AAAAAAA').move('K♠');
    } catch (error) {
      node = [(error as Error).name, (error as Error).message];
    }
    expect(node).not.toBeNull();
    expect(engine.json(refused)).toEqual(node);
  });

  it('judges the moves of a position late in a Pyramide game as Node does', () => {
    // The first 50 moves of the deal's solution, then a hint: a few positions left to search.
    const solution = core.openDeal('PY1-N-AAAAAAA').analyse(LIMITS).solution!;
    const moves = solution
      .slice(0, 50)
      .map((m) => core.moveText('pyramide', m))
      .join('; ');
    const asked = `core.openDeal('PY1-N-AAAAAAA').hint(${JSON.stringify(moves)}, { ...core.DEFAULT_LIMITS, timeMs: 60000 })`;
    expect(timeless(engine.json(asked))).toEqual(timeless(core.openDeal('PY1-N-AAAAAAA').hint(moves, LIMITS)));
  });
});
