/**
 * Fair hints, whatever the game: each legal move's chance of still winning given only what
 * the player has seen, estimated over sampled deals consistent with that view (each solved
 * exactly). A game that has one builds it (`pyramide/fairHint.ts`); `fairHint.ts` writes it
 * for people.
 */
import type { Limits } from '../search/limits.js';
import type { GameId, MoveJson } from './moveJson.js';

export interface FairHintOptions {
  samples: number;
  seed: number;
  /** For all the samples together. */
  limits: Limits;
}

/** The samples and seed of a fair hint, without its limits. */
export type FairSampling = Omit<FairHintOptions, 'limits'>;

/** The sampling `hint --fair` and the API take by default. */
export const DEFAULT_FAIR: FairSampling = { samples: 100, seed: 1 };

export interface FairMoveJson {
  move: MoveJson;
  /** The share of decided samples in which a win remains after the move, or null when none was decided. */
  chance: number | null;
  /** Its Wilson 95% interval. */
  low: number | null;
  high: number | null;
  wins: number;
  decided: number;
}

/** What the estimate assumes, printed with every fair hint. */
export const FAIR_ASSUMPTION =
  'each chance is the share of sampled deals (the cards the player has not seen shuffled among their places) in which a win remains after the move, ' +
  'each deal solved exactly; determinized sampling overstates a player’s chances where information would arrive later, ' +
  'since in each sample the solver plays as if it knew that sample';

export interface FairHintResult {
  code: string | null;
  fingerprint: string;
  game: GameId;
  rules: string;
  played: MoveJson[];
  fair: true;
  /** The places whose cards the player has not seen. */
  hidden: number;
  /** Deals sampled (1 when nothing is hidden: the deal itself, and the chances are exact). */
  samples: number;
  seed: number;
  best: MoveJson | null;
  /** Every legal move, the best chance first. */
  moves: FairMoveJson[];
  assumption: string;
  nodes: number;
  ms: number;
  limit: string | null;
}
