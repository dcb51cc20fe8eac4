import { describe, expect, it } from 'vitest';
import { type BeamReach, BeamStates, beamLine, DEFAULT_BEAM, movesWorthTrying } from '../../../src/games/double/beam.js';
import { BeamFork } from '../../../src/games/double/beamFork.js';
import { COL_CAP, type DoubleState } from '../../../src/games/double/engine.js';
import { KING, RANK } from '../../../src/games/double/faceTables.js';
import { openDouble } from '../../../src/games/double/index.js';
import { M_CC, M_FC, M_TURN, mA, mKind, mN } from '../../../src/games/double/move.js';
import { GrowableInt32Array } from '../../../src/search/growable.js';
import { Budget } from '../../../src/search/limits.js';
import { seededRandom } from '../../support/random.js';
import { sameList } from '../../support/same.js';

const NO_LIMITS = { timeMs: Infinity, nodes: Infinity, memoryBytes: Infinity };

/** Plays a line through a fresh engine, each move checked legal first; the final position. */
function replayChecked(fresh: () => DoubleState, line: readonly number[], context: string): DoubleState {
  const s = fresh();
  for (const m of line) {
    expect(s.refusal(m), `${context}: move ${s.moves + 1}`).toBeNull();
    s.apply(m);
  }
  return s;
}

/** The beam's rule, on a legal move: what `movesWorthTrying` must give, in the engine's order. */
function worthTrying(s: DoubleState, m: number, maxTurnOvers: number): boolean {
  const kind = mKind(m);
  if (kind === M_FC) return false;
  if (kind === M_TURN) return s.turnOvers < maxTurnOvers;
  if (kind !== M_CC) return true;
  const a = mA(m);
  const l = s.len[a]!;
  const d = s.down[a]!;
  if (mN(m) === l - d) return d > 0 || RANK[s.col[a * COL_CAP + d]!] !== KING;
  return s.pileFor(s.col[a * COL_CAP + l - mN(m) - 1]!) >= 0;
}

describe('the moves a beam tries', () => {
  it('are the legal moves the rule keeps, in the engine order, along random games', () => {
    const random = seededRandom(54);
    const out = new GrowableInt32Array(16);
    let compared = 0;
    for (const code of ['DS1-D1N-AAAAAAA', 'DS1-D3N-AAAAAAB', 'DS1-D1V-AAAAAAC']) {
      for (let game = 0; game < 20; game++) {
        const s = openDouble({ kind: 'code', code }, {}).newState();
        for (let step = 0; step < 300; step++) {
          const legal = s.legalMoves();
          if (legal.length === 0) break;
          for (const limit of [0, 2]) {
            const n = movesWorthTrying(s, out, limit);
            sameList(
              out.data.subarray(0, n),
              legal.filter((m) => worthTrying(s, m, limit)),
            );
            compared++;
          }
          s.apply(legal[Math.floor(random() * legal.length)]!);
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});

describe('the beam search for lines with few passes', () => {
  it('finds wins within 2 turn-overs on real deals, and every line it gives replays to a win within its limit', () => {
    let found = 0;
    for (const code of ['DS1-D1N-AAAAAAA', 'DS1-D1N-AAAAAAB', 'DS1-D1N-AAAAAAC', 'DS1-D1N-AAAAAAD', 'DS1-D3N-AAAAAAA']) {
      const deal = openDouble({ kind: 'code', code }, {});
      const fresh = (): DoubleState => deal.newState();
      for (const k of [0, 1, 2]) {
        const line = beamLine(fresh, new Budget(NO_LIMITS), k);
        if (line === null) continue;
        const end = replayChecked(fresh, line, `${code} within ${k}`);
        expect(end.isWon(), code).toBe(true);
        expect(end.turnOvers, code).toBeLessThanOrEqual(k);
        expect(line.filter((m) => mKind(m) === M_TURN).length, code).toBe(end.turnOvers);
        if (code.startsWith('DS1-D1N') && k === 2) found++;
      }
    }
    // The depth-first search asked the same found none within 2 turn-overs in 30 s on such deals.
    expect(found).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('counts every position it scores against the budget and stops at its limit', () => {
    const deal = openDouble({ kind: 'code', code: 'DS1-D1N-AAAAAAA' }, {});
    const budget = new Budget({ timeMs: Infinity, nodes: 500, memoryBytes: Infinity });
    expect(beamLine(() => deal.newState(), budget, 2)).toBeNull();
    expect(budget.hit).toBe('nodes');
  });

  it('gives the same line on every run (ties are broken by a fixed hash, not by chance)', () => {
    const deal = openDouble({ kind: 'code', code: 'DS1-D1N-AAAAAAB' }, {});
    const a = beamLine(() => deal.newState(), new Budget(NO_LIMITS), 2);
    const b = beamLine(() => deal.newState(), new Budget(NO_LIMITS), 2);
    expect(a).not.toBeNull();
    expect(b).toEqual(a);
  });

  it('gives the analysis lines with fewer passes than the depth-first search alone', () => {
    // The depth-first tries alone printed 4 to 6 turn-overs on such deals (solver version 8).
    let few = 0;
    for (const code of ['DS1-D1N-AAAAAAB', 'DS1-D1N-AAAAAAE', 'DS1-D1N-AAAAAAG', 'DS1-D1N-AAAAAAH']) {
      const deal = openDouble({ kind: 'code', code }, {});
      const a = deal.analyse({ timeMs: Infinity, nodes: 5_000_000, memoryBytes: Infinity });
      expect(a.verdict, code).toBe('winnable');
      expect(a.solution!.filter((m) => m.move === 'turn-over').length, code).toBe(a.turnOvers);
      if (a.turnOvers! <= 2) few++;
    }
    expect(few).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('reports the furthest position it met with a line that replays to it', () => {
    // DS1-D1V-AAAAAAF: no search decides it within 10 s.
    const deal = openDouble({ kind: 'code', code: 'DS1-D1V-AAAAAAF' }, {});
    const fresh = (): DoubleState => deal.newState();
    const reach: BeamReach = { foundation: 0, line: [] };
    expect(beamLine(fresh, new Budget({ ...NO_LIMITS, nodes: 150_000 }), 0, { ...DEFAULT_BEAM, width: 256 }, reach)).toBeNull();
    // (56 cards in 147 moves with these settings; 10 s of depth-first search reach 30.)
    expect(reach.foundation).toBeGreaterThan(40);
    const end = replayChecked(fresh, reach.line, 'the furthest line');
    expect(end.onFoundations).toBe(reach.foundation);
    expect(end.turnOvers).toBe(0);
    // A figure already known is kept when the beam does no better.
    const known: BeamReach = { foundation: 104, line: [7] };
    beamLine(fresh, new Budget({ ...NO_LIMITS, nodes: 20_000 }), 0, DEFAULT_BEAM, known);
    expect(known).toEqual({ foundation: 104, line: [7] });
  }, 60_000);
});

describe('a beam started where the same beam with fewer turn-overs forked (beamFork.ts)', () => {
  it('finds the same line, or none, after the same positions, as the beam run from the start', () => {
    let resumed = 0;
    for (const code of ['DS1-D1N-AAAAAAA', 'DS1-D1N-AAAAAAH', 'DS1-D3N-AAAAAAA', 'DS1-D3N-AAAAAAC']) {
      const deal = openDouble({ kind: 'code', code }, {});
      const fresh = (): DoubleState => deal.newState();
      for (const shape of [DEFAULT_BEAM, { ...DEFAULT_BEAM, seed: 1, stock: 1 }]) {
        const fork = new BeamFork();
        for (const k of [0, 1, 2, 3]) {
          const started = fork.startFor(k) !== null;
          const fromFork = new Budget(NO_LIMITS);
          const forked = beamLine(fresh, fromFork, k, shape, undefined, new BeamStates(), fork);
          const whole = new Budget(NO_LIMITS);
          const fromStart = beamLine(fresh, whole, k, shape);
          expect(forked, `${code} within ${k}`).toEqual(fromStart);
          expect(fromFork.nodes, `${code} within ${k}`).toBe(whole.nodes);
          if (started) resumed++;
        }
      }
    }
    expect(resumed).toBeGreaterThanOrEqual(16);
  });
});
