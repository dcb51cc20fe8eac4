/**
 * The Double Solitaire solver: a depth-first search over the engine's positions with a
 * transposition table of exact canonical keys. It answers `winnable` (with the line),
 * `unwinnable` (every position reachable was searched) or `unknown` (a limit stopped it),
 * never a guess.
 *
 * What makes it fast without making it wrong:
 *
 * Its parts, one file each:
 *
 * - **Canonical keys** (`positionKey.ts`): exact, so no hash collision can make a position
 *   look searched when it was not; the two copies of a card and interchangeable columns
 *   are one position.
 *
 * - **Safe moves** (`safeMoves.ts`, played without branching).
 *
 * - **Quiet run moves used at once** (`DoubleSearch.quietRule`): after a run moved off a
 *   face-up card, only moves from or onto the column it left; any other move could have
 *   come first, so the search meets fewer orders of the same moves (figures: bench/README.md).
 *
 * - **The search** (`search.ts`): move generation and ordering, the depth-first loop.
 *
 * - **Compressed talon.** Draws and turn-overs only move the waste pointer, and they commute
 *   with every other move, so any line can wait with its draws until just before it plays
 *   from the waste. The search therefore plays "draw (and turn over) until card X is the
 *   waste top, then play X" as one step, for every card the pointer can reach, at the cost
 *   of the first time the pointer gets there. Solutions expand it into the real draws.
 *
 * - **Move ordering**: foundation moves, then moves that turn up a face-down card (deepest
 *   columns first), then moves that free a card for the foundations or empty a column, then
 *   the talon, then the rest; a talon card that needs a turn-over ranks lower still in two
 *   of the three runs of each round of restarts (`turnPenalty`), which keeps lines to fewer
 *   passes.
 *
 * - **Restarts** (`decide`): node caps, reordered moves, and a focused run in each round that
 *   leaves out the moves that only rearrange the columns.
 *
 * - **Vegas** (one pass): pointer dominance in the table (`pointerClass`), and positions
 *   that a relaxation of the game proves lost skipped (`vegasBound.ts`): first for the verdict
 *   alone, then, for a lost deal, as a branch and bound for the exact most foundation cards.
 *   Wide beams (`beam.ts`) look for a win after a short first search (`firstVerdict`).
 *
 * - **Shorter lines.** A win's search path is shortened afterwards (`shorten.ts`), checked by
 *   replaying it through the engine.
 *
 * - **Fewer passes.** For the printed line, a beam search (`beam.ts`) and the search itself
 *   are asked again for wins with fewer turn-overs (`fewerPasses`; `DoubleSearch.turnLimit`).
 *
 * The search loop allocates nothing: moves are integers in typed arrays, the position is
 * the engine's typed arrays, applied and undone in place.
 */

import { now } from '../../search/clock.js';
import type { KeyTable } from '../../search/keyTable.js';
import { Budget, type LimitName, withinAttempt } from '../../search/limits.js';
import { type BeamReach, type BeamShape, BeamStates, beamLine, DEFAULT_BEAM, PASS_BEAMS } from './beam.js';
import { BeamFork } from './beamFork.js';
import { CoarseState } from './coarse.js';
import { coarseToMoves } from './coarseLine.js';
import { CoarseSearch, coarseTable } from './coarseSearch.js';
import { type DoubleContext, threadContext } from './context.js';
import type { DoubleState } from './engine.js';
import { KEPT_WAY, RestartSchedule } from './restarts.js';
import { DoubleSearch, type SearchRun } from './search.js';
import { shortenLine } from './shorten.js';
import { expandLine, turnOversIn } from './solverLine.js';

/**
 * What `solve` works out beyond the verdict, one mode of three:
 *
 * - `verdict`, for callers that only count wins (fair hints, over many sampled deals): a win
 *   comes without its line or length (shortening it can cost tens of times the search), and a
 *   lost Vegas deal without the search for its most foundation cards (`stuckExact` false).
 * - `lineAsFound`: the verdict, and a win's line as the search found it (solver jumps,
 *   detours; `moves` null), for `--winnability-only`, where shortening it would cost many
 *   times the search. Callers that print it replay and shorten it themselves.
 * - `line`: a win's line, its detours cut out; with `fewerPasses`, one with fewer passes through
 *   the stock (the line a deal's analysis prints; hints leave it out, their budget goes to
 *   judging moves); with `optimize`, branch and bound for shorter lines, to prove the minimum.
 *   A deal not won keeps the line to the most foundation cards found (`stuckLine`): `short`,
 *   its detours cut out, `raw` as the search found it (the caller shortens the one it keeps),
 *   or `none`. The searches then copy their line each time the count grows (a few dozen
 *   times a deal).
 */
export type SolveMode =
  | { readonly kind: 'verdict' }
  | { readonly kind: 'lineAsFound' }
  | { readonly kind: 'line'; readonly optimize: boolean; readonly fewerPasses: boolean; readonly stuckLine: 'none' | 'raw' | 'short' };

export const VERDICT_ONLY: SolveMode = Object.freeze({ kind: 'verdict' });
export const LINE_AS_FOUND: SolveMode = Object.freeze({ kind: 'lineAsFound' });
/** A win's line with its detours cut out, and nothing more. */
export const PLAIN_LINE = Object.freeze({ kind: 'line', optimize: false, fewerPasses: false, stuckLine: 'none' } as const);

interface SolveResult {
  verdict: 'winnable' | 'unwinnable' | 'unknown';
  /** The winning line as engine moves (draws spelled out; solver jumps allowed), or null. */
  line: number[] | null;
  /** Its length as the app counts moves. */
  moves: number | null;
  /** Whether `moves` is proven to be the fewest (optimize finished). */
  minMovesProved: boolean;
  /** The most foundation cards reached in any position searched. */
  maxFoundation: number;
  stuckExact: boolean;
  nodes: number;
  /** What stopped a search (the first one, or the optimize pass). */
  hit: LimitName | null;
  /**
   * What proves an `unwinnable` verdict: 'search' (every position reachable searched) or
   * 'relaxation' (Vegas: the relaxed game of `vegasBound.ts` already keeps the start below
   * a win). Null for other verdicts.
   */
  lostBy: 'search' | 'relaxation' | null;
  /**
   * With a `line` mode's `stuckLine`, for a deal not won: a line that puts `maxFoundation` cards
   * on the foundations, shortened to real engine moves (`short`) or as found (`raw`); null otherwise.
   */
  stuckLine: number[] | null;
}

/** Positions each run of the first round may search (later rounds: `RestartSchedule`). */
const FIRST_RUN_NODES = 3000;
/** How far a restart's move-order noise reaches (see `DoubleSearch.orderSeed`). */
const RESTART_JITTER = 150;

/** What `decide` is asked beside its state and budget; every field has a default. */
export interface DecideOptions {
  /** Only wins within this many turn-overs count (see `decide`). */
  turnLimit?: number;
  /** Learns the furthest position every run meets. */
  reach?: BeamReach | null;
  /** The cap of each run of the first round (`FIRST_RUN_NODES`); later caps are multiples of it. */
  firstRunNodes?: number;
  /** Positions known to win: meeting one is a win, the line to it the history (`DoubleSearch.goal`). */
  goal?: ((s: DoubleState) => boolean) | null;
  /** The slots each run's table starts with: small for the many short searches of a judge. */
  tableSlots?: number;
  /** The thread's tables (`DoubleContext`); by default this thread's own. */
  context?: DoubleContext;
}

/**
 * The verdict, by restarts: a depth-first search that picks a poor move early can spend
 * any time in one subtree without a win, while another order finds one at once. So the
 * search runs with a node cap, and when the cap is hit starts again from scratch with its
 * moves in another order (`orderSeed`) and another cap (`restarts.ts`: many small runs in
 * Luby's sequence, while the first complete run goes on where its cap stopped it). The
 * runs try their order three ways, as each finds wins the others miss:
 *
 * 1. focused (`DoubleSearch.focus`): without the moves that only rearrange the columns,
 *    talon cards that need a turn-over ranked low. Where a complete search gets lost among
 *    runs shuffled between equal targets this one goes on, and decides deals the complete
 *    runs leave unknown (bench/README.md);
 * 2. complete, talon cards that need a turn-over ranked low (shorter lines);
 * 3. complete, in the plain order, so that a deal won only by turning over early is found.
 *
 * A complete run that finishes has searched every position, whatever its order: 'done'
 * then proves the deal lost. A focused run that finishes proves nothing and the next run
 * goes on. The complete run that goes on proves a lost deal within about twice the positions
 * of one complete search (`RestartSchedule`).
 *
 * With a finite `turnLimit` only wins within that many turn-overs count, and 'done' proves only
 * that there is none within it. Every run learns the furthest position it meets into `reach`,
 * when given, and stops on a position of `goal`, when given: a line to a position known to
 * win is a win.
 */
export function decide(
  makeState: () => DoubleState,
  budget: Budget,
  options: DecideOptions = {},
): { search: DoubleSearch; outcome: 'win' | 'done' | 'stopped'; maxFoundation: number } {
  const turnLimit = options.turnLimit ?? Infinity;
  const firstRunNodes = options.firstRunNodes ?? FIRST_RUN_NODES;
  let maxFoundation = 0;
  const schedule = new RestartSchedule(firstRunNodes);
  // The first round's complete run, once capped: it goes on in slices, never restarted.
  let kept: { search: DoubleSearch; table: KeyTable } | null = null;
  // The tables taken and not given back yet: however the runs end, `finally` returns them.
  const out = new Set<KeyTable>();
  const tables = (options.context ?? threadContext()).tables;
  const release = (table: KeyTable): void => {
    out.delete(table);
    tables.giveBack(table);
  };
  try {
    for (;;) {
      const { seed, way, cap, resume } = schedule.next();
      const before = budget.nodes;
      let search: DoubleSearch;
      let table: KeyTable;
      let run: SearchRun;
      if (resume) {
        if (kept === null) throw new Error('internal error: no capped run of the first round to resume');
        ({ search, table } = kept);
        run = search.resume(cap);
      } else {
        search = newRun(makeState, budget, seed, way, turnLimit, options);
        table = tables.take(budget, options.tableSlots ?? 1 << 14);
        out.add(table);
        run = search.run(table, !pointerFreeFor(search.s, turnLimit), null, cap);
      }
      schedule.spent(budget.nodes - before);
      const { outcome, maxFoundation: reached } = run;
      if (reached > maxFoundation) maxFoundation = reached;
      if (!resume && way === KEPT_WAY && seed === 0 && outcome === 'capped') kept = { search, table };
      else if (search !== kept?.search) release(table);
      if (outcome === 'done' && search.focus) continue;
      if (outcome !== 'capped') return { search, outcome, maxFoundation };
    }
  } finally {
    for (const table of out) tables.giveBack(table);
  }
}

/** Draw 1 with unlimited turn-overs: the pointer can reach every position from every other. */
function pointerFreeFor(state: DoubleState, turnLimit: number): boolean {
  return state.draw === 1 && !state.vegas && turnLimit === Infinity;
}

/** A search from the start for one run of `decide`: its order, its way, the options. */
function newRun(
  makeState: () => DoubleState,
  budget: Budget,
  seed: number,
  way: number,
  turnLimit: number,
  options: DecideOptions,
): DoubleSearch {
  const state = makeState();
  const search = new DoubleSearch(state, budget, {
    // Vegas: first the verdict alone, skipping every position the talon relaxation proves
    // lost; the exact most foundation cards come after (in `solve`), as a separate search.
    prune: state.vegas ? 'win' : 'none',
    orderSeed: seed,
    jitter: RESTART_JITTER,
    focus: way === 0,
    ...(way === 2 ? { turnPenalty: 1 } : {}),
    turnLimit,
    reach: options.reach ?? null,
    goal: options.goal ?? null,
  });
  search.autoplay();
  return search;
}

/**
 * Positions each search for a line with fewer turn-overs may take (see `fewerPasses`): enough
 * for most of the lines such searches find, at a modest share of the analysis time (bench/README.md).
 */
const PASS_ATTEMPT_NODES = 5000;

/**
 * Positions each beam search for a line with few turn-overs may score (see `fewerPasses`): a
 * beam that finds no win ends when its stock and turn-overs run out, well within this
 * (bench/README.md).
 */
const BEAM_ATTEMPT_NODES = 400_000;

/**
 * A player follows a line pass by pass through the stock: the fewer passes, the easier.
 * The first win is found with turn-overs ranked low, not forbidden. So, first, the beams of
 * `PASS_BEAMS` (`beam.ts`) look for a win within 0, 1, 2, ... turn-overs, up to one fewer than
 * the search's line `raw` (real moves), and stop at the first limit where one finds a win. That
 * line is shortened only when it may be kept: when no beam found a line with at least two
 * turn-overs fewer (its shortened form may turn over more or less often: past the raw line's
 * turn-overs the beams go on up to the shortened one's, as it is the line in hand). Then, from the passes
 * of the line in hand, the depth-first search is asked again for a win with one turn-over
 * fewer (the same restarts, a turn limit, at most `PASS_ATTEMPT_NODES` positions), until a
 * search finds nothing. Last, a beam starts again from 20, 35, 50, 65 and 80% of the way
 * along the line kept, with the turn-overs the line has left (`REBEAM_FROM`): the start of
 * the line stays, the rest may find a shorter way (shorter lines for
 * little time: bench/README.md). Every line found is shortened without letting it turn
 * over more often; the line kept has the fewest turn-overs, then the fewest moves. A search
 * that finds nothing proves nothing (the
 * beam keeps only some positions, the depth-first search is capped), so the line is the
 * fewest passes found, not a proven minimum. Every search works within what is left of the
 * deal's limits, and its positions count in the deal's nodes.
 */
function fewerPasses(
  ctx: DoubleContext,
  makeState: () => DoubleState,
  budget: Budget,
  raw: readonly number[],
  shortenBy: (line: readonly number[]) => number,
): number[] {
  // The search's own line is shortened only when it is needed (`searchLine`): on most deals a
  // beam finds a line with fewer turn-overs first, and the shortening would be thrown away.
  const rawTurns = turnOversIn(raw);
  let best: number[] = [];
  let bestTurns = Infinity;
  let searchLineKept = false;
  // One set of engine objects for every beam of the deal (the rebeams' starts are of the same deal).
  const states = new BeamStates(ctx);
  const consider = (shorter: number[]): void => {
    const turns = turnOversIn(shorter);
    if (turns < bestTurns || (turns === bestTurns && shorter.length < best.length)) {
      best = shorter;
      bestTurns = turns;
    }
  };
  const keep = (found: number[], k: number): void => {
    consider(ctx.phases.in('shortening', () => shortenLine(makeState, found, undefined, shortenBy(found), k)));
  };
  const searchLine = (): void => {
    if (searchLineKept) return;
    searchLineKept = true;
    consider(ctx.phases.in('shortening', () => shortenLine(makeState, raw, undefined, shortenBy(raw))));
  };
  // Each shape's beam with one more turn-over starts where the one before stopped being the same (beamFork.ts).
  const forks = PASS_BEAMS.map(() => new BeamFork());
  for (let k = 0; ; k++) {
    // Up to the search line's turn-overs the beams look for fewer; past them, its shortened
    // form (which may have turned over more or less often) sets the limit.
    if (k >= rawTurns) searchLine();
    if (k >= bestTurns) break;
    let won = false;
    for (const [i, shape] of PASS_BEAMS.entries()) {
      const found = withinAttempt(budget, BEAM_ATTEMPT_NODES, (attempt) =>
        beamLine(makeState, attempt, k, shape, undefined, states, forks[i]),
      );
      if (found === undefined) {
        searchLine();
        return best;
      }
      if (found !== null) {
        keep(found, k);
        won = true;
      }
    }
    if (won) break;
  }
  // A beam line about as many turn-overs as the search line: the search line, shortened, may be as good.
  if (bestTurns + 1 >= rawTurns) searchLine();
  for (let k = Math.min(bestTurns - 1, DoubleSearch.MAX_TURN_LIMIT); k >= 0; ) {
    const tried = withinAttempt(budget, PASS_ATTEMPT_NODES, (attempt) => decide(makeState, attempt, { turnLimit: k, context: ctx }));
    if (tried === undefined || tried.outcome !== 'win') break;
    keep(tried.search.history(), k);
    k = Math.min(k, bestTurns) - 1;
  }
  // The rest of the line again, by a beam from part way along it: the start of the line is
  // kept, the rest may find a shorter way within the same turn-overs.
  for (const at of REBEAM_FROM) {
    const head = best.slice(0, Math.floor(best.length * at));
    const headState = makeState();
    for (const m of head) headState.apply(m);
    const fromHead = (): DoubleState => headState.clone();
    const left = bestTurns - turnOversIn(head);
    const found = withinAttempt(budget, BEAM_ATTEMPT_NODES, (attempt) => beamLine(fromHead, attempt, left, REBEAM, undefined, states));
    if (found === undefined) break;
    if (found !== null) keep(head.concat(found), bestTurns);
  }
  return best;
}

/** Where along the line kept the beams start again (see `fewerPasses`), and their shape. */
const REBEAM_FROM = [0.2, 0.35, 0.5, 0.65, 0.8];
const REBEAM: BeamShape = { ...DEFAULT_BEAM, seed: 3, width: 64 };

/** The Vegas relaxation's bound at the start (after the safe moves). */
function startBound(makeState: () => DoubleState): number {
  const search = new DoubleSearch(makeState(), new Budget({ timeMs: Infinity, nodes: Infinity, memoryBytes: Infinity }));
  search.autoplay();
  return search.talonBound();
}

/**
 * Vegas: the share of the limits the coarse search's first slice may take (see
 * `coarseVerdict`), by cards drawn at a time. Drawing one, a quarter: the beams then win some
 * deals the coarse search reaches late (`DS1-D1V-AAAAAAB` in 7 s instead of 51). Drawing
 * three, three quarters: the beams seldom win there, and the proofs of the coarse search
 * come first (bench/README.md).
 */
const COARSE_FIRST_SHARE = { 1: 0.25, 3: 0.75 } as const;

/** Vegas: positions the first, short search may take before the beams run (see `firstVerdict`). */
const VEGAS_FIRST_NODES = 100_000;
/** Vegas: positions each beam may score. */
const VEGAS_BEAM_NODES = 4_000_000;
/**
 * Vegas: the beams run for a win when the first, short search decides nothing. Wide ones, as
 * each width wins deals the other misses and the narrower beams of the analysis win none
 * that the search does not (bench/README.md).
 */
export const VEGAS_BEAMS: readonly BeamShape[] = [
  { ...DEFAULT_BEAM, width: 512, seed: 9 },
  { ...DEFAULT_BEAM, width: 2048, seed: 9 },
];

/** What `firstVerdict` finds: the outcome, the most foundation cards met, a win's raw line, and whether the figure is exact. */
interface FirstVerdict {
  outcome: 'win' | 'done' | 'stopped';
  maxFoundation: number;
  raw: number[] | null;
  exact: boolean;
}

/**
 * The verdict and, for a win, the raw winning line: under Vegas scoring by the coarse search
 * and the beams (`coarseVerdict`), elsewhere, and for positions the coarse search does not
 * model, by the searches over real positions (`searchedVerdict`). The furthest position met
 * goes into `reach` (the searches over real positions learn it when `searchReach` is set).
 */
function firstVerdict(
  ctx: DoubleContext,
  makeState: () => DoubleState,
  start: DoubleState,
  budget: Budget,
  reach: BeamReach,
  searchReach: boolean,
): FirstVerdict {
  if (start.vegas && CoarseState.fits(start)) return coarseVerdict(ctx, makeState, start, budget, reach);
  return { ...searchedVerdict(ctx, makeState, start, budget, reach, searchReach ? reach : null), exact: false };
}

/**
 * Vegas: the coarse search (`coarse.ts`), whose verdict and figure are exact when it
 * finishes. It runs in two slices: first on `COARSE_FIRST_SHARE` of the limits, then, after
 * the beams of `VEGAS_BEAMS` have looked for a win (a win they find is a win; they find some
 * Draw 1 wins the coarse search reaches late, and the furthest lines of the deals left
 * undecided), on all that is left. A deal the relaxation proves lost at the start goes
 * straight to one slice for its most foundation cards.
 */
function coarseVerdict(
  ctx: DoubleContext,
  makeState: () => DoubleState,
  start: DoubleState,
  budget: Budget,
  reach: BeamReach,
): FirstVerdict {
  const coarse = new CoarseSearch(start.clone(), coarseTable(budget));
  // A share of the limits, or (the last slice) the limits themselves, so that the limit that stops it is the deal's.
  const slice = (share: number): FirstVerdict | null => {
    const r = share < 1 ? withinAttempt(budget, Infinity, (attempt) => coarse.run(attempt), share) : coarse.run(budget);
    if (r === undefined) return null;
    if (r.maxFoundation > reach.foundation) {
      reach.foundation = r.maxFoundation;
      reach.line = coarseToMoves(start.clone(), r.line);
    }
    if (r.outcome === 'stopped') return null;
    return { outcome: r.outcome, maxFoundation: r.maxFoundation, raw: r.outcome === 'win' ? reach.line : null, exact: true };
  };
  // A deal the relaxation proves lost is lost whatever the search finds: it looks only for the most cards.
  if (startBound(makeState) < start.total) {
    return slice(1) ?? { outcome: 'done', maxFoundation: reach.foundation, raw: null, exact: false };
  }
  const first = slice(COARSE_FIRST_SHARE[start.draw]);
  if (first !== null) return first;
  for (const shape of VEGAS_BEAMS) {
    const line = withinAttempt(budget, VEGAS_BEAM_NODES, (attempt) => beamLine(makeState, attempt, 0, shape, reach, new BeamStates(ctx)));
    if (line === undefined) break;
    if (line !== null) return { outcome: 'win', maxFoundation: start.total, raw: line, exact: false };
  }
  const halfwayWin = drawOneHalfway(makeState, start, budget, reach, ctx);
  if (halfwayWin !== null) return { outcome: 'win', maxFoundation: start.total, raw: halfwayWin, exact: false };
  return slice(1) ?? { outcome: 'stopped', maxFoundation: reach.foundation, raw: null, exact: false };
}

/**
 * `firstVerdict` by the searches over real positions. Under Vegas scoring most deals are lost
 * and a depth-first search proves few of them lost, and finds few wins: so a short search
 * first (the quick proofs and wins), then the beams of `VEGAS_BEAMS` (a win they find is a
 * win; finding none proves nothing), under Draw 1 the beams again from halfway along the best
 * line met (`drawOneHalfway`), then the search again with what is left of the limits. Other
 * rules: the search alone.
 */
function searchedVerdict(
  ctx: DoubleContext,
  makeState: () => DoubleState,
  start: DoubleState,
  budget: Budget,
  reach: BeamReach,
  searchesLearn: BeamReach | null,
): { outcome: 'win' | 'done' | 'stopped'; maxFoundation: number; raw: number[] | null } {
  let maxFoundation = 0;
  if (start.vegas) {
    const first = withinAttempt(budget, VEGAS_FIRST_NODES, (attempt) => decide(makeState, attempt, { reach: searchesLearn, context: ctx }));
    if (first !== undefined) {
      maxFoundation = first.maxFoundation;
      if (first.outcome !== 'stopped') {
        return { outcome: first.outcome, maxFoundation, raw: first.outcome === 'win' ? first.search.history() : null };
      }
    }
    // The beams go much further than the depth-first search on deals neither decides
    // (bench/README.md): their best is the figure.
    for (const shape of VEGAS_BEAMS) {
      const line = withinAttempt(budget, VEGAS_BEAM_NODES, (attempt) => beamLine(makeState, attempt, 0, shape, reach, new BeamStates(ctx)));
      if (line === undefined) break;
      if (line !== null) return { outcome: 'win', maxFoundation: start.total, raw: line };
    }
    const halfwayWin = drawOneHalfway(makeState, start, budget, reach, ctx);
    if (halfwayWin !== null) return { outcome: 'win', maxFoundation: start.total, raw: halfwayWin };
    maxFoundation = Math.max(maxFoundation, reach.foundation);
  }
  const { search, outcome, maxFoundation: reached } = decide(makeState, budget, { reach: searchesLearn, context: ctx });
  return { outcome, maxFoundation: Math.max(maxFoundation, reached), raw: outcome === 'win' ? search.history() : null };
}

/**
 * Vegas, Draw 1: the beams of `VEGAS_BEAMS` again, from halfway along the best line met so far,
 * each on at most half of what is left of the limits. Its positions are reachable, so a win
 * from there is a win of the deal (the first half of the line in front of it), and the cards
 * it reaches are the deal's. Beams from there keep the positions that matter late in the pass,
 * which beams from the start have dropped, and so reach more cards (bench/README.md). The time
 * comes from the depth-first search from the start, which under Draw 1 gains little late in
 * its time. (Under Draw 3 complete searches from the start prove deals lost, some only late:
 * they keep the whole time.) Null when it does not run (no line
 * yet, or no time or node limit to share) or finds no win; `reach` learns what it meets.
 */
export function drawOneHalfway(
  makeState: () => DoubleState,
  start: DoubleState,
  budget: Budget,
  reach: BeamReach,
  ctx: DoubleContext = threadContext(),
): number[] | null {
  const limited = Number.isFinite(budget.limits.timeMs) || Number.isFinite(budget.limits.nodes);
  if (start.draw !== 1 || !start.vegas || !limited || reach.line.length < 2) return null;
  const halfway = reach.line.slice(0, reach.line.length >> 1);
  const fromHalfway = (): DoubleState => {
    const s = makeState();
    for (const m of halfway) s.apply(m);
    return s;
  };
  // The beams' lines start where they do: halfway.
  const further: BeamReach = { foundation: reach.foundation, line: [] };
  let win: number[] | null = null;
  for (const shape of VEGAS_BEAMS) {
    const line = withinAttempt(
      budget,
      VEGAS_BEAM_NODES,
      (attempt) => beamLine(fromHalfway, attempt, 0, shape, further, new BeamStates(ctx)),
      0.5,
    );
    if (line === undefined) break;
    if (line !== null) {
      win = [...halfway, ...line];
      break;
    }
  }
  if (further.foundation > reach.foundation) {
    reach.foundation = further.foundation;
    reach.line = [...halfway, ...further.line];
  }
  return win;
}

/**
 * Solves a position: plain search first, then (optimize) branch and bound for shorter lines.
 * `makeState` gives a fresh engine at the starting position; `ctx`, the thread's tables and
 * clock, by default this thread's own.
 */
export function solve(makeState: () => DoubleState, budget: Budget, mode: SolveMode, ctx: DoubleContext = threadContext()): SolveResult {
  const state = makeState();
  const wantsStuckLine = mode.kind === 'line' && mode.stuckLine !== 'none';
  const reach: BeamReach = { foundation: 0, line: [] };
  const { outcome, maxFoundation, raw, exact } = ctx.phases.in('search', () =>
    firstVerdict(ctx, makeState, state, budget, reach, wantsStuckLine),
  );
  const result: SolveResult = {
    verdict: outcome === 'win' ? 'winnable' : outcome === 'done' ? 'unwinnable' : 'unknown',
    line: null,
    moves: null,
    minMovesProved: false,
    maxFoundation: outcome === 'win' ? state.total : maxFoundation,
    stuckExact: outcome !== 'stopped',
    nodes: budget.nodes,
    hit: outcome === 'stopped' ? (budget.hit ?? 'memory') : null,
    lostBy: outcome !== 'done' ? null : state.vegas && startBound(makeState) < state.total ? 'relaxation' : 'search',
    stuckLine: null,
  };
  if (mode.kind !== 'line') {
    if (outcome === 'done' && state.vegas) result.stuckExact = exact;
    if (mode.kind === 'lineAsFound') result.line = raw;
    return result;
  }
  // Shortening a line (shorten.ts) may use what is left of the time limit, and at least a
  // quarter of a second, or more for a very long raw line (20 ms per 1000 moves, up to 10 s):
  // such a line is unreadable, and cutting it takes about that long (bench/README.md).
  const shortenBy = (line: readonly number[]): number =>
    now() + Math.max(250, Math.min(10_000, line.length / 50), budget.limits.timeMs - budget.elapsedMs());
  // A deal not won: the line to the furthest position found, its detours cut out.
  const keepStuckLine = (): void => {
    if (!wantsStuckLine || reach.foundation !== result.maxFoundation) return;
    if (mode.stuckLine === 'raw') {
      result.stuckLine = reach.line;
      return;
    }
    result.stuckLine = ctx.phases.in('shortening', () =>
      shortenLine(makeState, reach.line, undefined, shortenBy(reach.line), Infinity, reach.foundation),
    );
  };
  if (outcome === 'done' && state.vegas && exact) {
    // The coarse search went through every position: its figure is the most any line reaches.
    keepStuckLine();
    return result;
  }
  if (outcome === 'done' && state.vegas) {
    // Proven lost. Branch and bound for the most foundation cards, starting from the best
    // position the first search met; when a limit stops it, the verdict stands and the
    // figure is a lower bound.
    const again = new DoubleSearch(makeState(), budget, {
      prune: 'max',
      foundationFloor: maxFoundation,
      reach: wantsStuckLine ? reach : null,
    });
    again.autoplay();
    const { outcome: outcome2, maxFoundation: most } = ctx.tables.with(budget, 1 << 14, (table) =>
      ctx.phases.in('search', () => again.run(table, true, null)),
    );
    if (outcome2 === 'win') throw new Error('internal error: a deal proven lost was won');
    result.maxFoundation = most;
    result.stuckExact = outcome2 === 'done';
    if (outcome2 === 'stopped') result.hit = budget.hit ?? 'memory';
    result.nodes = budget.nodes;
    keepStuckLine();
    return result;
  }
  if (outcome !== 'win') {
    keepStuckLine();
    return result;
  }
  if (mode.fewerPasses && !state.vegas) {
    const line = expandLine(makeState(), raw!);
    result.line = ctx.phases.in('fewer passes', () => fewerPasses(ctx, makeState, budget, line, shortenBy));
  } else {
    // The search path with its detours cut out (shorten.ts): still a win, never longer.
    result.line = ctx.phases.in('shortening', () => shortenLine(makeState, raw!, undefined, shortenBy(raw!)));
  }
  result.moves = result.line.length;
  if (!mode.optimize || budget.stopped) {
    result.nodes = budget.nodes;
    return result;
  }
  // Branch and bound: every position counts its moves, so the pointer is part of the key.
  const fresh = makeState();
  const opt = new DoubleSearch(fresh, budget);
  opt.autoplay();
  let best = result.moves;
  const { outcome: outcome2 } = ctx.tables.with(budget, 1 << 14, (table) =>
    ctx.phases.in('search', () =>
      opt.run(table, true, {
        bound: best,
        onWin: (moves) => {
          best = moves;
          result.line = opt.history();
          result.moves = moves;
          return best;
        },
      }),
    ),
  );
  result.minMovesProved = outcome2 === 'done';
  if (!result.minMovesProved) {
    const line = result.line!;
    result.line = ctx.phases.in('shortening', () => shortenLine(makeState, line, undefined, shortenBy(line)));
    result.moves = result.line.length;
  }
  if (outcome2 === 'stopped') result.hit = budget.hit ?? 'memory';
  result.nodes = budget.nodes;
  return result;
}
