/**
 * A fair hint: each legal move judged with only what the player has seen. In Pyramide the
 * pyramid is face up; what the player has not seen is the order of the stock cards not yet
 * turned (until the first turn-over, after which every card has been seen). The estimate
 * samples deals consistent with that view, by shuffling the unseen cards among their places
 * uniformly, and solves the position after each move in every sample exactly
 * ("determinized sampling"): a move's chance is the share of samples it still wins.
 *
 * Determinized sampling overstates a player's chances where information arrives later: in
 * each sample the solver plays as if it knew that sample's order.
 */
import type { Card } from '../../cards/card.js';
import { Sfc32 } from '../../codes/sfc32.js';
import { describeLimit, type Limits, Budget as SearchBudget } from '../../search/limits.js';
import { wilson95 } from '../difficulty.js';
import { type PyramideDeal, talonOf } from './deal.js';
import { PyramideGame, type PyramideMove } from './engine.js';
import { type PyramideRules, talonIsFree } from './rules.js';
import { analysePosition } from './solver/analyse.js';
import { type PyramideContext, THREAD_CONTEXT } from './solver/context.js';
import { FullStateSpace } from './solver/fullState.js';
import { positionOf } from './solver/position.js';

/** "FAIR": the samples' salt, apart from the deal codes' and the daily deal's. */
const FAIR_SALT = 0x46414952;

export interface FairOptions {
  /** Deals sampled. */
  samples: number;
  seed: number;
  /** For all the samples together. */
  limits: Limits;
}

export interface FairMove {
  move: PyramideMove;
  /** Samples in which a win is still possible after the move, of those decided. */
  wins: number;
  decided: number;
  /** wins / decided, or null when no sample was decided. */
  chance: number | null;
  /** The Wilson 95% interval of the chance. */
  low: number | null;
  high: number | null;
}

export interface FairHint {
  /** The talon places (dealing order) whose cards the player has not seen. */
  hidden: number;
  samples: number;
  seed: number;
  /** Every legal move, the best chance first. */
  moves: FairMove[];
  nodes: number;
  ms: number;
  limit: string | null;
}

/** The talon places (dealing order) the player has not seen: the stock not yet turned, its visible top aside. */
export function unseenPlaces(game: PyramideGame): number[] {
  // After a turn-over every card of the talon has been turned once.
  if (game.passesUsed > 0 || !game.talonComplete) return [];
  const top = game.rules.stockTopAvailable ? game.stockTopIndex() : -1;
  const places: number[] = [];
  for (let i = game.next; i < 24; i++) if (((game.talonRemoved >> i) & 1) === 0 && i !== top) places.push(i);
  return places;
}

/** A deal consistent with the view: the cards of the unseen places shuffled among them (Fisher-Yates). */
export function sampleDeal(deal: PyramideDeal, unseen: readonly number[], rng: Sfc32): PyramideDeal {
  const talon = talonOf(deal);
  if (talon === null) throw new Error('a fair hint needs the whole stock order');
  const cards: Card[] = unseen.map((i) => talon[i]!);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.uniform(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  const sampled = [...talon];
  unseen.forEach((place, k) => {
    sampled[place] = cards[k]!;
  });
  return { pyramid: deal.pyramid, first: sampled[0]!, stock: sampled.slice(1) };
}

/**
 * The fair hint after `played` (legal moves from the deal's start). With nothing unseen one
 * sample is the deal itself, and the chances are the exact verdicts (0 or 1).
 */
export function fairHintPyramide(
  deal: PyramideDeal,
  rules: PyramideRules,
  played: readonly PyramideMove[],
  options: FairOptions,
  context: PyramideContext = THREAD_CONTEXT,
): FairHint {
  const budget = new SearchBudget(options.limits);
  const game = new PyramideGame(deal, rules);
  for (const move of played) game.move(move);
  const unseen = unseenPlaces(game);
  const samples = unseen.length === 0 ? 1 : options.samples;
  const legal = game.moves();
  const wins = legal.map(() => 0);
  const decided = legal.map(() => 0);
  const rng = new Sfc32(FAIR_SALT, options.seed >>> 0);
  for (let s = 0; s < samples && !budget.stopped; s++) {
    const sampled = unseen.length === 0 ? deal : sampleDeal(deal, unseen, rng);
    // The moves played only ever named seen cards: they replay on any deal consistent with the view.
    const here = new PyramideGame(sampled, rules);
    for (const move of played) here.move(move);
    // With limited turn-overs each search needs the sample's whole state space: one for all its moves.
    const space = talonIsFree(rules) ? null : new FullStateSpace(sampled, rules);
    legal.forEach((move, m) => {
      if (budget.stopped) return;
      here.move(move);
      const verdict = here.isWon() ? true : analysePosition(context, sampled, rules, positionOf(here), budget, true, space).winnable;
      here.takeBack();
      if (verdict === null) return;
      decided[m]!++;
      if (verdict) wins[m]!++;
    });
  }
  const moves: FairMove[] = legal.map((move, m) => {
    const n = decided[m]!;
    const interval = n === 0 ? null : wilson95(wins[m]!, n);
    return {
      move,
      wins: wins[m]!,
      decided: n,
      chance: n === 0 ? null : wins[m]! / n,
      low: interval?.low ?? null,
      high: interval?.high ?? null,
    };
  });
  // Best chance first; a move without a decided sample last; the engine's order among equals.
  const order = moves.map((_, i) => i).sort((a, b) => (moves[b]!.chance ?? -1) - (moves[a]!.chance ?? -1) || a - b);
  return {
    hidden: unseen.length,
    samples,
    seed: options.seed,
    moves: order.map((i) => moves[i]!),
    nodes: budget.nodes,
    ms: Math.round(budget.elapsedMs() * 100) / 100,
    limit: budget.hit === null ? null : describeLimit(budget.hit, options.limits),
  };
}
