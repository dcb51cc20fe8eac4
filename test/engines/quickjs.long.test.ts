/**
 * The long check of the core in QuickJS: the hints at the start of a Pyramide and a Double
 * Solitaire deal, each a full search in an interpreter, equal to Node's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as core from '../../src/core.js';
import { type QuickJsCore, quickJsCore, timeless } from '../support/quickjs.js';

const LIMITS = { ...core.DEFAULT_LIMITS, timeMs: 120_000 };

describe('the core in QuickJS, at the start of a deal', () => {
  let engine: QuickJsCore;
  beforeAll(async () => {
    engine = await quickJsCore();
  }, 60_000);
  afterAll(() => engine?.dispose());

  it.each([
    ['PY1-N-AAAAAAA', 'J♦ + 2♦'],
    ['DS1-D1N-AAAAAAB', ''],
  ])(
    '%s: the hint after "%s" is Node\'s',
    (code, moves) => {
      const asked = `core.openDeal(${JSON.stringify(code)}).hint(${JSON.stringify(moves)}, { ...core.DEFAULT_LIMITS, timeMs: 120000 })`;
      expect(timeless(engine.json(asked))).toEqual(timeless(core.openDeal(code).hint(moves, LIMITS)));
    },
    180_000,
  );
});
