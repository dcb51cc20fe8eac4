/**
 * The fair player: a strong player who cannot see the stock. At each step it asks a fair
 * hint (`fairHint.ts`: each legal move's chance of still winning over sampled deals
 * consistent with what it has seen) and plays the best move. Its win rate on a deal, over
 * seeded games, is a difficulty a player feels: what the hidden cards cost a player who
 * otherwise plays perfectly.
 *
 * Among moves of equal chance it prefers a removal (a King, then a pair) to a draw, and a
 * draw to a turn-over: removals are the only moves that cannot be undone by going round the
 * talon, so preferring them is what makes a game end. It resigns (a loss) when every move's
 * chance is 0, and gives up (a loss) after going twice round the talon without a removal.
 */
import { describeLimit, type Limits, Budget as SearchBudget } from '../../search/limits.js';
import type { FairGameEnd } from '../fairPlayTypes.js';
import type { PyramideDeal } from './deal.js';
import { PyramideGame, type PyramideMove } from './engine.js';
import { type FairMove, fairHintPyramide } from './fairHint.js';
import type { PyramideRules } from './rules.js';
import { type PyramideContext, THREAD_CONTEXT } from './solver/context.js';

export interface PyramideFairGame {
  end: FairGameEnd;
  moves: PyramideMove[];
  /** Moves chosen while some card was still unseen (the steps that were a gamble). */
  blindSteps: number;
}

export interface PyramideFairPlay {
  played: PyramideFairGame[];
  nodes: number;
  ms: number;
  limit: string | null;
}

/** What the fair player assumes, printed with every result. */
export const PYRAMIDE_FAIR_PLAYER =
  'at each step the fair player plays the best move of a fair hint (the stock cards it has not seen shuffled in each sample, each sample solved exactly), ' +
  'a removal before a draw among equal chances, and resigns when no move keeps a chance; ' +
  'determinized sampling plays as if each sample were known, so this is a strong player, not an average one';

const KIND_ORDER: Record<PyramideMove['kind'], number> = { king: 0, pair: 1, draw: 2, 'turn-over': 3 };
/** Draws and turn-overs in a row (two rounds of the 24-card talon, turn-overs included) before giving up. */
const ROUNDS_WITHOUT_REMOVAL = 2 * 25;

/** The move a fair player takes: the best chance, then a removal before a draw before a turn-over. */
export function fairChoice(moves: readonly FairMove[]): FairMove | null {
  const best = moves[0];
  if (best === undefined || best.chance === null || best.chance === 0) return null;
  let choice = best;
  for (const m of moves) {
    if (m.chance !== best.chance) break;
    if (KIND_ORDER[m.move.kind] < KIND_ORDER[choice.move.kind]) choice = m;
  }
  return choice;
}

/**
 * The seed of one hint: each step of each game its own, so that a game is not tied to one
 * sampled order and the games of a deal differ.
 */
export function stepSeed(seed: number, game: number, step: number): number {
  let h = (seed ^ Math.imul(game + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) ^ step;
  return Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
}

/** What is left of the run's limits for the next hint, or null when nothing is. */
function remaining(run: SearchBudget, limits: Limits): Limits | null {
  if (run.stopped) return null;
  const timeMs = limits.timeMs - run.elapsedMs();
  const nodes = limits.nodes - run.nodes;
  return timeMs > 0 && nodes > 0 ? { ...limits, timeMs, nodes } : null;
}

/** One game (number `game` of the seed), every move through the rules engine; hints share `run`'s limits. */
function fairGame(
  deal: PyramideDeal,
  rules: PyramideRules,
  samples: number,
  seed: number,
  game: number,
  run: SearchBudget,
  context: PyramideContext,
): PyramideFairGame {
  const state = new PyramideGame(deal, rules);
  const moves: PyramideMove[] = [];
  let blindSteps = 0;
  let idle = 0;
  const ended = (end: FairGameEnd): PyramideFairGame => ({ end, moves, blindSteps });
  for (let step = 0; ; step++) {
    if (state.isWon()) return ended('won');
    if (state.moves().length === 0) return ended('no move');
    if (idle > ROUNDS_WITHOUT_REMOVAL) return ended('went round');
    const limits = remaining(run, run.limits);
    if (limits === null) return ended('limit');
    const hint = fairHintPyramide(deal, rules, moves, { samples, seed: stepSeed(seed, game, step), limits }, context);
    run.nodes += hint.nodes;
    if (hint.limit !== null) {
      run.hit ??= hint.nodes >= limits.nodes ? 'nodes' : 'time';
      return ended('limit');
    }
    const choice = fairChoice(hint.moves);
    if (choice === null) return ended('resigned');
    if (hint.hidden > 0) blindSteps++;
    state.move(choice.move);
    moves.push(choice.move);
    idle = choice.move.kind === 'draw' || choice.move.kind === 'turn-over' ? idle + 1 : 0;
  }
}

/** `games` seeded games of the fair player on a deal, within `limits` for them all. */
export function fairPlayPyramide(
  deal: PyramideDeal,
  rules: PyramideRules,
  options: { games: number; samples: number; seed: number; limits: Limits },
  context: PyramideContext = THREAD_CONTEXT,
): PyramideFairPlay {
  const run = new SearchBudget(options.limits);
  const played: PyramideFairGame[] = [];
  for (let g = 0; g < options.games; g++) played.push(fairGame(deal, rules, options.samples, options.seed, g, run, context));
  return {
    played,
    nodes: run.nodes,
    ms: Math.round(run.elapsedMs() * 100) / 100,
    limit: run.hit === null ? null : describeLimit(run.hit, options.limits),
  };
}
