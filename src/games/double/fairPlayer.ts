/**
 * The fair player for Double Solitaire: a strong player who sees only what a player sees.
 * A fair hint at every step (a few hundred steps a game, each sample a full solve) would
 * take hours a game, so the player plans instead ("determinized replanning"):
 *
 * 1. It samples a deal consistent with what it has seen (`fairHint.ts`: the unseen cards
 *    shuffled among the unseen places), solves it from the position reached, and follows
 *    that sample's winning line.
 * 2. After each move it compares what it now sees with the sample. While they agree the
 *    sample is still a uniform draw among the deals consistent with the new view (it was
 *    uniform over a larger set, and the view only removed deals), so it keeps the line.
 *    When a card turns up that the sample had wrong, it samples again and solves again.
 * 3. A sample with no win is set aside for another, up to `samples` in a row; when none of
 *    them has a win, the player resigns (a loss).
 *
 * With unlimited turn-overs (D1N, D3N) it first draws through the whole stock and turns the
 * waste over: the draws can all be undone by going round the talon, so they cost nothing
 * towards a win, and afterwards only the face-down column cards are hidden. Under Vegas
 * (one pass) a draw cannot be taken back, and it plans from the first move.
 */
import { describeLimit, type Limits, Budget as SearchBudget, withinAttempt } from '../../search/limits.js';
import type { FairGameEnd } from '../fairPlayTypes.js';
import { COL_CAP, COLUMNS, type DoubleDeal, type DoubleRules, DoubleState } from './engine.js';
import { fairRandom, hiddenCount, playerView, sampleDeal } from './fairHint.js';
import { PLAIN_LINE, solve } from './solver.js';
import { expandLine } from './solverLine.js';

/** What the fair player assumes, printed with every result. */
export const DOUBLE_FAIR_PLAYER =
  'the fair player follows a winning line of a deal sampled from what it has seen (the unseen cards shuffled among the unseen places), ' +
  'samples and solves again whenever a card turns up that the sample had wrong, looks through the stock first when turn-overs are unlimited, ' +
  'and resigns when no sample it tries can be won; it plays as if each sample were known, so this is a strong player, not an average one';

export interface DoubleFairGame {
  end: FairGameEnd;
  /** Engine moves, from the deal's start. */
  moves: number[];
  /** Moves chosen while some card was still unseen. */
  blindSteps: number;
  /** Sampled deals solved (the first plan and every one after a wrong guess). */
  plans: number;
}

export interface DoubleFairPlay {
  played: DoubleFairGame[];
  nodes: number;
  ms: number;
  limit: string | null;
}

/** Whether the sample shows the player what the deal shows: every face-up column card and every waste card. */
export function sampleAgrees(real: DoubleState, sample: DoubleState): boolean {
  for (let c = 0; c < COLUMNS; c++) {
    if (real.len[c] !== sample.len[c] || real.down[c] !== sample.down[c]) return false;
    for (let i = real.down[c]!; i < real.len[c]!; i++) if (real.col[c * COL_CAP + i] !== sample.col[c * COL_CAP + i]) return false;
  }
  if (real.waste !== sample.waste) return false;
  for (let i = 0; i < real.waste; i++) if (real.stockCards[real.tal[i]!] !== sample.stockCards[sample.tal[i]!]) return false;
  return true;
}

/** The seed of game `game`'s samples: each game its own stream. */
function gameSeed(seed: number, game: number): number {
  const h = Math.imul((seed ^ Math.imul(game + 1, 0x9e3779b1)) >>> 0, 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

/** One game; the plans' searches share `run`'s limits. */
function fairGame(deal: DoubleDeal, rules: DoubleRules, samples: number, seed: number, run: SearchBudget): DoubleFairGame {
  const real = new DoubleState(deal, rules);
  const moves: number[] = [];
  const game: DoubleFairGame = { end: 'won', moves, blindSteps: 0, plans: 0 };
  const rng = fairRandom(seed);
  const play = (m: number, blind: boolean): void => {
    const why = real.refusal(m);
    if (why !== null) throw new Error(`internal error: the fair player chose a move the rules refuse: ${why}`);
    real.apply(m);
    moves.push(m);
    if (blind) game.blindSteps++;
  };
  if (!rules.vegas) {
    // A look through the stock, which going round the talon can always undo.
    while (real.stockCount() > 0) play(real.talonMove(), true);
    if (real.waste > 0) play(real.talonMove(), true);
  }
  let sample: DoubleState | null = null;
  let line: number[] = [];
  for (;;) {
    if (real.isWon()) return game;
    if (sample === null || line.length === 0 || !sampleAgrees(real, sample)) {
      const plan = newPlan(deal, rules, moves, samples, rng, run);
      game.plans += plan.tried;
      if (plan.end !== null) return { ...game, end: plan.end };
      sample = plan.sample;
      line = plan.line;
    }
    const hidden = hiddenCount(playerView(deal, rules, moves).unseen) > 0;
    // The sample's line, real moves only (draws spelled out): the same move ids on the deal while the two agree.
    const m = line.shift()!;
    play(m, hidden);
    sample!.apply(m);
  }
}

/** A sampled deal's position and its winning line, or how the search for one ended. */
type Plan = { end: null; sample: DoubleState; line: number[]; tried: number } | { end: FairGameEnd; tried: number };

/**
 * Positions one plan's search may take: a sample the solver cannot decide within it is set
 * aside for another, as a player would rather rethink than stare (about 3 s at the solver's speed).
 */
export const PLAN_NODES = 2_000_000;

/**
 * Samples deals consistent with the view after `moves` until one is won from there: its
 * position and its winning line. None won: `resigned` when every sample tried was proven
 * lost, `limit` when some were left undecided (or the run's limits ran out).
 */
function newPlan(
  deal: DoubleDeal,
  rules: DoubleRules,
  moves: readonly number[],
  samples: number,
  rng: ReturnType<typeof fairRandom>,
  run: SearchBudget,
): Plan {
  const { unseen } = playerView(deal, rules, moves);
  const hidden = hiddenCount(unseen) > 0;
  const tries = hidden ? samples : 1;
  let undecided = 0;
  for (let tried = 1; tried <= tries; tried++) {
    const sampled = hidden ? sampleDeal(deal, unseen, rng) : deal;
    const start = new DoubleState(sampled, rules);
    for (const m of moves) start.apply(m);
    const solved = withinAttempt(run, PLAN_NODES, (attempt) => solve(() => start.clone(), attempt, PLAIN_LINE));
    if (solved === undefined || runOut(run)) {
      run.hit ??= run.elapsedMs() >= run.limits.timeMs ? 'time' : 'nodes';
      return { end: 'limit', tried };
    }
    if (solved.verdict === 'winnable' && solved.line !== null)
      return { end: null, sample: start, line: expandLine(start.clone(), solved.line), tried };
    if (solved.verdict === 'unknown') undecided++;
  }
  return { end: undecided > 0 ? 'limit' : 'resigned', tried: tries };
}

/** Whether the run's own limits are spent (rather than one plan's share). */
function runOut(run: SearchBudget): boolean {
  return run.elapsedMs() >= run.limits.timeMs || run.nodes >= run.limits.nodes;
}

/** `games` games of the fair player on a deal, within `limits` for them all. */
export function fairPlayDouble(
  deal: DoubleDeal,
  rules: DoubleRules,
  options: { games: number; samples: number; seed: number; limits: Limits },
): DoubleFairPlay {
  const run = new SearchBudget(options.limits);
  const played: DoubleFairGame[] = [];
  for (let g = 0; g < options.games; g++) {
    if (run.stopped) {
      played.push({ end: 'limit', moves: [], blindSteps: 0, plans: 0 });
      continue;
    }
    played.push(fairGame(deal, rules, options.samples, gameSeed(options.seed, g), run));
  }
  // A game left without a plan by undecided samples was stopped by the plans' own cap.
  const planCap = run.hit === null && played.some((g) => g.end === 'limit');
  return {
    played,
    nodes: run.nodes,
    ms: Math.round(run.elapsedMs() * 100) / 100,
    limit:
      run.hit !== null ? describeLimit(run.hit, options.limits) : planCap ? `${PLAN_NODES.toLocaleString('en-US')} positions a plan` : null,
  };
}
