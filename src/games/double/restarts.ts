/**
 * The restart schedule of the Double Solitaire verdict (`decide` in solver.ts): which order,
 * way and node cap each run of the depth-first search gets.
 *
 * First a round of the three ways of `decide` in the plain order, each capped at the first
 * cap (most deals are decided there). Then two tracks share the work, each step going to
 * the track that has spent less since:
 *
 * - **the complete run**: the first round's complete run (`KEPT_WAY`) goes on where its cap
 *   stopped it (`DoubleSearch.resume`), a slice at a time, never started again. Its 'done'
 *   proves a lost deal within about twice the positions of one complete search; rounds of
 *   complete runs started afresh at doubling caps took up to six times as many
 *   (DS1-D3V-AAAAACQ: 1.22 million positions before, 0.43 million now).
 *
 * - **Luby**: rounds of the three ways, each run with an order of its own, the caps
 *   following Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... times `LUBY_UNIT_SHARE` of the first
 *   cap). On the slow won deals the positions a run needs are heavy-tailed: most orders stay
 *   stuck at the same twenty to forty foundation cards for hundreds of thousands of
 *   positions, while some order wins within a few hundred (DS1-D1N-IHFONZQ: 21 runs capped at
 *   up to 192,000 positions, then a win in 94; DS1-D1N-IHFOPLX: 21 capped, then a win in
 *   230). Luby's sequence tries many orders at small caps and is within a logarithmic factor
 *   of the best fixed cap for any such distribution (Luby, Sinclair and Zuckerman, 1993),
 *   without knowing it.
 */

/**
 * The Luby track's unit cap is this fraction of the first cap (500 positions of the verdict's
 * 3,000): the winning runs of the slow deals mostly win within a few hundred positions, so
 * many small runs try more orders for the same work. Over the 66 slowest of 7,000 D1N codes
 * (six Luby seed sets each, beside complete runs started again at doubling caps) the
 * positions to decide them came to 4.3 million with the unit at the first cap, 2.4 at a
 * third, 1.8 at a sixth, 1.6 at a twelfth, 2.1 at a thirtieth.
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

/** The way of the first round whose run, when capped, goes on as the complete search (see `RestartSchedule`). */
export const KEPT_WAY = 1;

/**
 * One step of the schedule: a new run with its order (`DoubleSearch.orderSeed`), way (0-2,
 * see `decide`) and node cap, or (`resume`) `cap` more positions for the kept complete run.
 */
export interface RestartRun {
  seed: number;
  way: number;
  cap: number;
  resume: boolean;
}

/** The steps in turn (`next`), told what each spent (`spent`). */
export class RestartSchedule {
  private firstRoundRuns = 0;
  private lubyRuns = 0;
  private completeSpent = 0;
  private lubySpent = 0;
  private last: 'first' | 'complete' | 'luby' = 'first';

  private readonly lubyUnit: number;

  constructor(private readonly firstCap: number) {
    this.lubyUnit = Math.max(1, Math.round(firstCap * LUBY_UNIT_SHARE));
  }

  /** The next step: the first round, then whichever track has spent less, the kept run on a tie. */
  next(): RestartRun {
    if (this.firstRoundRuns < RUNS_PER_ROUND) {
      this.last = 'first';
      return { seed: 0, way: this.firstRoundRuns++, cap: this.firstCap, resume: false };
    }
    if (this.completeSpent <= this.lubySpent) {
      this.last = 'complete';
      return { seed: 0, way: KEPT_WAY, cap: this.firstCap, resume: true };
    }
    this.last = 'luby';
    const run = this.lubyRuns++;
    const round = Math.floor(run / RUNS_PER_ROUND);
    // Seeds count down from -1: no Luby run repeats the order of another run.
    return { seed: -1 - run, way: run % RUNS_PER_ROUND, cap: this.lubyUnit * lubyTerm(round + 1), resume: false };
  }

  /** Counts the positions the step `next` gave last searched against its track (the first round against none). */
  spent(positions: number): void {
    if (this.last === 'complete') this.completeSpent += positions;
    else if (this.last === 'luby') this.lubySpent += positions;
  }
}
