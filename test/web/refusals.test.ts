/**
 * A refused move carries a stable code beside the app's English reason, in the error and in
 * the API's 400 body: the page words the refusal in the player's language from the code.
 */
import { describe, expect, it } from 'vitest';
import { openDeal, RefusedMoveError, refusedJson } from '../../src/core.js';

function refusal(code: string, moves: string): RefusedMoveError {
  const position = openDeal(code).position();
  try {
    position.playLine(moves, 'symbols');
  } catch (error) {
    if (error instanceof RefusedMoveError) return error;
    throw error;
  }
  throw new Error(`${moves}: not refused`);
}

describe('refused moves', () => {
  it('name their reason by a stable code, in Pyramide and Double Solitaire', () => {
    // Q♣ is covered at the start; 7♣ + 7♠ add up to 14; J♦ is not a King.
    expect(refusal('PY1-N-AAAAAAA', 'K♠').code).toBe('covered');
    expect(refusal('PY1-N-AAAAAAA', 'J♦ + 3♦').code).toBe('sum-not-13');
    expect(refusal('PY1-N-AAAAAAA', 'turn over').code).toBe('stock-not-empty');
    expect(refusal('DS1-D1N-AAAAAAB', '9♦ c3-c1').code).toBe('does-not-fit');
    expect(refusal('DS1-D1N-AAAAAAB', 'w-f').code).toBe('waste-empty');
    expect(refusal('DS1-D1N-AAAAAAB', 'Q♣ c3-c2').code).toBe('face-down');
  });

  it('give the code in the 400 body beside the English reason', () => {
    const position = openDeal('PY1-N-AAAAAAA').position();
    const error = refusal('PY1-N-AAAAAAA', 'K♠');
    const body = JSON.parse(refusedJson(error, position, 'symbols', false)) as { refused: { code: string; reason: string } };
    expect(body.refused.code).toBe('covered');
    expect(body.refused.reason).toMatch(/K♠ is covered/);
  });
});
