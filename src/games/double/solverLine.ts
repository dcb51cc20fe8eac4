/** Lines as the solver writes them: solver jumps counted and spelled out as engine moves. */
import type { DoubleState } from './engine.js';
import { M_DRAW, M_JUMP, M_TURN, M_WC, M_WF, mA, mB, mKind, mN, mT, mv } from './move.js';

/** The turn-overs in a line (a solver jump counts those it takes). */
export function turnOversIn(line: readonly number[]): number {
  let n = 0;
  for (const m of line) n += mKind(m) === M_TURN ? 1 : mKind(m) === M_JUMP ? mT(m) : 0;
  return n;
}

/**
 * Replays a solver line on a fresh engine, turning each pointer jump into its draws and
 * turn-overs; calls `each` with every real move in the state before it.
 */
export function replayLine(state: DoubleState, line: readonly number[], each: (m: number) => void): void {
  for (const m of line) {
    if (mKind(m) === M_JUMP) {
      const target = mA(m);
      const limit = mN(m) + mT(m);
      for (let i = 0; i < limit && state.waste !== target; i++) {
        const step = state.stockCount() > 0 ? mv(M_DRAW) : mv(M_TURN);
        each(step);
        state.apply(step);
      }
      if (state.waste !== target) throw new Error('solver line does not replay: the waste pointer is not reached');
      continue;
    }
    const real = mKind(m) === M_WC || mKind(m) === M_WF ? mv(mKind(m), 0, mB(m)) : m;
    const why = state.refusal(real);
    if (why !== null) throw new Error(`solver line does not replay: ${why}`);
    each(real);
    state.apply(real);
  }
}

/** The real engine moves (draws and turn-overs spelled out) of a solver line, played on `state`. */
export function expandLine(state: DoubleState, line: readonly number[]): number[] {
  const out: number[] = [];
  replayLine(state, line, (m) => out.push(m));
  return out;
}
