/**
 * A fair hint for Double Solitaire: each legal move judged with only what the player has
 * seen. What the player has not seen:
 *
 * - the column cards still face down (a card turned up once stays known, wherever it goes);
 * - the stock cards never drawn to the waste. Under Draw 3 the app fans the three cards drawn
 *   on the waste, so all three are seen, not only the playable one; and after a turn-over
 *   every card left in the talon has been drawn once, so a player who has been through the
 *   stock knows its order.
 *
 * The estimate samples deals consistent with that view, by shuffling the unseen cards among
 * all the unseen places (a face-down card could as well be in the stock), replays the moves
 * played (they only ever named seen cards, so they replay on every sample), and judges every
 * legal move in each sample exactly with the hint's own judging (`judgeMoves`, the verdicts
 * alone). A move's chance is the share of samples, of those decided, in which it still wins.
 *
 * Determinized sampling overstates a player's chances where information arrives later: in
 * each sample the solver plays as if it knew that sample's face-down cards and stock order.
 */
import { Sfc32 } from '../../codes/sfc32.js';
import { Budget, describeLimit, type LimitName, withinAttempt } from '../../search/limits.js';
import { wilson95 } from '../difficulty.js';
import type { FairHintOptions } from '../fairHintTypes.js';
import type { MoveJson } from '../moveJson.js';
import { COLUMNS, type DoubleDeal, type DoubleRules, DoubleState } from './engine.js';
import { judgeMoves } from './hint.js';
import { moveJson, moveText } from './play.js';

/** "DSFR": the samples' salt, apart from the deal codes', the daily deal's and Pyramide's fair hint's. */
const FAIR_SALT = 0x44534652;

/** The generator of a fair hint's samples: the same seed, the same samples. */
export function fairRandom(seed: number): Sfc32 {
  return new Sfc32(FAIR_SALT, seed >>> 0);
}

/** The places of the deal whose cards the player has never seen. */
export interface UnseenPlaces {
  /** Per column, how many cards at its bottom (places 0 to n-1 of the deal's column) are still face down. */
  columns: number[];
  /** Indexes into the deal's stock (top first) of the cards never drawn to the waste. */
  stock: number[];
}

/** How many places `unseen` holds. */
export function hiddenCount(unseen: UnseenPlaces): number {
  return unseen.columns.reduce((sum, n) => sum + n, 0) + unseen.stock.length;
}

/**
 * The position after `played` (engine moves, legal from the deal's start), each checked by
 * the engine; `after` sees the position after each move.
 */
export function replayed(
  deal: DoubleDeal,
  rules: DoubleRules,
  played: readonly number[],
  after: (state: DoubleState) => void = () => {},
): DoubleState {
  const state = new DoubleState(deal, rules);
  for (const m of played) {
    const why = state.refusal(m);
    if (why !== null) throw new Error(`internal error: a move played does not replay: ${why}`);
    state.apply(m);
    after(state);
  }
  return state;
}

/** The position after `played` and the places the player has not seen on the way there. */
export function playerView(deal: DoubleDeal, rules: DoubleRules, played: readonly number[]): { state: DoubleState; unseen: UnseenPlaces } {
  const drawn = new Set<number>();
  // Every card the waste has held was seen: under Draw 3 the whole fan of each draw.
  const state = replayed(deal, rules, played, (s) => {
    for (let i = 0; i < s.waste; i++) drawn.add(s.tal[i]!);
  });
  const stock: number[] = [];
  for (let i = 0; i < deal.stock.length; i++) if (!drawn.has(i)) stock.push(i);
  // Face-down cards never move, and a card once turned up never goes face down again: the
  // ones still face down are the deal's own, at the bottom of their columns.
  return { state, unseen: { columns: Array.from(state.down), stock } };
}

/** A deal consistent with the view: the cards of the unseen places shuffled among them (Fisher-Yates). */
export function sampleDeal(deal: DoubleDeal, unseen: UnseenPlaces, rng: Sfc32): DoubleDeal {
  const columns = deal.columns.map((cards) => [...cards]);
  const stock = [...deal.stock];
  // The unseen places in one order: the columns' face-down cards, then the stock's.
  const cards = [...columns.flatMap((c, i) => c.slice(0, unseen.columns[i])), ...unseen.stock.map((i) => stock[i]!)];
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.uniform(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  let k = 0;
  for (let c = 0; c < COLUMNS; c++) for (let i = 0; i < unseen.columns[c]!; i++) columns[c]![i] = cards[k++]!;
  for (const i of unseen.stock) stock[i] = cards[k++]!;
  return { ...deal, columns, stock };
}

export interface DoubleFairMove {
  /** The move as the engine plays it, the same in every sample. */
  m: number;
  move: MoveJson;
  /** Samples in which a win remains after the move, of those decided. */
  wins: number;
  decided: number;
  /** wins / decided, or null when no sample was decided. */
  chance: number | null;
  /** The Wilson 95% interval of the chance. */
  low: number | null;
  high: number | null;
}

export interface DoubleFairHint {
  /** The places whose cards the player has not seen. */
  hidden: number;
  samples: number;
  seed: number;
  /** Every legal move, the best chance first. */
  moves: DoubleFairMove[];
  nodes: number;
  ms: number;
  limit: string | null;
}

/** The legal moves in the engine's order, written with their cards: what must agree between samples. */
function movesSeen(state: DoubleState): string {
  return state
    .legalMoves()
    .map((m) => `${m}:${moveText(state, m, 'symbols')}`)
    .join(';');
}

/** One sample's verdict on each legal move (engine order): won, lost, or a limit stopped it (the limit's name). */
type Verdicts = (boolean | LimitName)[];

/**
 * Every legal move of `here` judged (`judgeMoves`, the verdicts alone) within `share` of
 * what is left of `budget`, its positions counted there; undefined when nothing is left.
 */
function judgeSample(here: DoubleState, budget: Budget, share: number): Verdicts | undefined {
  return withinAttempt(
    budget,
    Infinity,
    (attempt) => {
      const judged = judgeMoves(here, attempt.limits, false, { verdictOnly: true });
      attempt.nodes += judged.reduce((sum, x) => sum + x.nodes, 0);
      return judged.map((x) => (x.j.label === 'unknown' ? (x.hit ?? 'memory') : x.j.label === 'winning'));
    },
    share,
  );
}

/**
 * The fair hint after `played` (engine moves, legal from the deal's start). With nothing
 * unseen one sample is the deal itself, and the chances are the exact verdicts (0 or 1).
 *
 * The limits are for the whole hint, shared as a hint shares them among its moves: each
 * sample gets an equal share of what is left when it starts (so a quick sample leaves its
 * time to the others, and one hard sample cannot take it all), within a sample the moves
 * share it as a hint's do, and what is left at the end goes to the samples with a move
 * still undecided, judged again. A move a limit leaves undecided in a sample does not count.
 */
export function fairHintDouble(deal: DoubleDeal, rules: DoubleRules, played: readonly number[], options: FairHintOptions): DoubleFairHint {
  const budget = new Budget(options.limits);
  const { state: real, unseen } = playerView(deal, rules, played);
  const hidden = hiddenCount(unseen);
  const legal = real.legalMoves();
  const seen = movesSeen(real);
  const samples = hidden === 0 ? 1 : options.samples;
  const verdicts: Verdicts[] = [];
  /** The samples with a move undecided, to judge again. */
  const again: { state: DoubleState; verdicts: Verdicts }[] = [];
  let outOfBudget: LimitName | null = null;
  const nothingLeft = (): LimitName => (budget.elapsedMs() >= options.limits.timeMs ? 'time' : 'nodes');
  const rng = fairRandom(options.seed);
  for (let s = 0; s < samples && legal.length > 0; s++) {
    const sampled = hidden === 0 ? deal : sampleDeal(deal, unseen, rng);
    const here = replayed(sampled, rules, played);
    // Legal moves only involve face-up cards, which every sample shares.
    if (movesSeen(here) !== seen) throw new Error('internal error: a sampled deal has other legal moves than the deal');
    const judged = judgeSample(here, budget, 1 / (samples - s));
    if (judged === undefined) {
      outOfBudget = nothingLeft();
      break;
    }
    verdicts.push(judged);
    if (judged.some((v) => typeof v === 'string')) again.push({ state: here, verdicts: judged });
  }
  for (let k = 0; k < again.length && outOfBudget === null; k++) {
    const retry = judgeSample(again[k]!.state, budget, 1 / (again.length - k));
    if (retry === undefined) outOfBudget = nothingLeft();
    else {
      const { verdicts } = again[k]!;
      verdicts.forEach((v, i) => {
        if (typeof v === 'string') verdicts[i] = retry[i]!;
      });
    }
  }
  const wins = legal.map((_, i) => verdicts.filter((v) => v[i] === true).length);
  const decided = legal.map((_, i) => verdicts.filter((v) => typeof v[i] === 'boolean').length);
  const stoppedBy = verdicts.flat().find((v): v is LimitName => typeof v === 'string') ?? outOfBudget;
  const moves: DoubleFairMove[] = legal.map((m, i) => {
    const n = decided[i]!;
    const chance = n === 0 ? null : wins[i]! / n;
    const interval = n === 0 ? null : wilson95(wins[i]!, n);
    // The interval holds the chance: rounding can leave 4 of 4 a high end of 1 - 2^-53.
    return {
      m,
      move: moveJson(real, m),
      wins: wins[i]!,
      decided: n,
      chance,
      low: interval === null || chance === null ? null : Math.min(interval.low, chance),
      high: interval === null || chance === null ? null : Math.max(interval.high, chance),
    };
  });
  // Best chance first; a move without a decided sample last; the engine's order among equals.
  const order = moves.map((_, i) => i).sort((a, b) => (moves[b]!.chance ?? -1) - (moves[a]!.chance ?? -1) || a - b);
  return {
    hidden,
    samples,
    seed: options.seed,
    moves: order.map((i) => moves[i]!),
    nodes: budget.nodes,
    ms: Math.round(budget.elapsedMs() * 100) / 100,
    limit: stoppedBy === null ? null : describeLimit(stoppedBy, options.limits),
  };
}
