/**
 * The restart schedule of the Double Solitaire verdict (`decide` in solver.ts): which order,
 * way and node cap each run of the depth-first search gets.
 *
 * The first round is the doubling track's alone (most deals are decided there, as before).
 * After it two tracks share the work, each run going to the track that has spent less since:
 *
 * - **doubling**: rounds of three runs (the three ways of `decide`), one order a round, each
 *   round twice the cap of the one before. Its complete runs grow geometrically, so a lost
 *   deal is proven within a small multiple of the positions its complete search needs.
 *
 * - **Luby**: the same rounds of three ways, each run with an order of its own, the caps
 *   following Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... times `LUBY_UNIT_SHARE` of the first cap). On the slow won
 *   deals the positions a run needs are heavy-tailed: most orders stay stuck at the same
 *   thirty-odd foundation cards for hundreds of thousands of positions, while some order wins
 *   within a few hundred (DS1-D1N-IHFONZQ: 21 runs capped at up to 192,000 positions, then
 *   a win in 94; DS1-D1N-IHFOPLX: 21 capped, then a win in 230). Luby's
 *   sequence tries many orders at small caps and is within a logarithmic factor of the best
 *   fixed cap for any such distribution (Luby, Sinclair and Zuckerman, 1993), without
 *   knowing it.
 *
 * Giving each track half keeps the doubling track's proofs within twice their old cost.
 */

/**
 * The Luby track's unit cap is this fraction of the first cap (500 positions of the verdict's
 * 3,000): the winning runs of the slow deals mostly win within a few hundred positions, so
 * many small runs try more orders for the same work. Over the 66 slowest of 7,000 D1N codes
 * (six Luby seed sets each) the positions to decide them came to 4.3 million with the unit
 * at the first cap, 2.4 at a third, 1.8 at a sixth, 1.6 at a twelfth, 2.1 at a thirtieth.
 */
const LUBY_UNIT_SHARE = 1 / 6;

/** Runs per round, one per way (see `decide`). */
export const RUNS_PER_ROUND = 3;

/** The i-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... */
export function lubyTerm(i: number): number {
  for (;;) {
    let k = 1;
    while (2 ** k - 1 < i) k++;
    if (2 ** k - 1 === i) return 2 ** (k - 1);
    i -= 2 ** (k - 1) - 1;
  }
}

/** One run of the schedule: its order (`DoubleSearch.orderSeed`), way (0-2, see `decide`) and node cap. */
export interface RestartRun {
  seed: number;
  way: number;
  cap: number;
}

/** The runs in turn (`next`), told what each spent (`spent`). */
export class RestartSchedule {
  private doublingRuns = 0;
  private lubyRuns = 0;
  private doublingSpent = 0;
  private lubySpent = 0;
  private lastWasLuby = false;

  private readonly lubyUnit: number;

  constructor(private readonly firstCap: number) {
    this.lubyUnit = Math.max(1, Math.round(firstCap * LUBY_UNIT_SHARE));
  }

  /** The next run: the doubling track's on a tie, so that the first run keeps the plain order. */
  next(): RestartRun {
    this.lastWasLuby = this.lubySpent < this.doublingSpent;
    return this.lastWasLuby ? this.nextLuby() : this.nextDoubling();
  }

  /** Counts the positions the run `next` gave last searched against its track (the first round against none). */
  spent(positions: number): void {
    if (this.lastWasLuby) this.lubySpent += positions;
    else if (this.doublingRuns > RUNS_PER_ROUND) this.doublingSpent += positions;
  }

  private nextDoubling(): RestartRun {
    const run = this.doublingRuns++;
    const round = Math.floor(run / RUNS_PER_ROUND);
    return { seed: round, way: run % RUNS_PER_ROUND, cap: this.firstCap * 2 ** round };
  }

  /** Seeds count down from -1: no Luby run repeats the order of another run of either track. */
  private nextLuby(): RestartRun {
    const run = this.lubyRuns++;
    const round = Math.floor(run / RUNS_PER_ROUND);
    return { seed: -1 - run, way: run % RUNS_PER_ROUND, cap: this.lubyUnit * lubyTerm(round + 1) };
  }
}
