/**
 * The fair player, whatever the game: a strong player who sees only what a player sees. At
 * each step it plays a move a fair hint (`fairHintTypes.ts`) rates best, or follows a plan
 * made on a sampled deal (Double Solitaire); its win rate on a deal, over seeded games, is a
 * difficulty a player feels. A game that has one builds it (`<game>/fairPlayer.ts`, with the
 * sentence of what it assumes); `fairPlay.ts` writes it for people.
 */
import type { Limits } from '../search/limits.js';
import type { GameId, MoveJson } from './moveJson.js';

export interface FairPlayOptions {
  /** Games played, each with its own seeded samples. */
  games: number;
  /** Deals sampled per hint. */
  samples: number;
  seed: number;
  /** For all the games together. */
  limits: Limits;
}

/**
 * How a game ended: `won`; `resigned` (every move's chance 0); `no move`; `went round` (twice
 * round the talon without progress); `limit` (a limit stopped it: it counts neither way).
 */
export type FairGameEnd = 'won' | 'resigned' | 'no move' | 'went round' | 'limit';
export const FAIR_GAME_ENDS: readonly FairGameEnd[] = ['won', 'resigned', 'no move', 'went round', 'limit'];

export interface FairGameJson {
  end: FairGameEnd;
  /** Every move played, in the notation `play --moves` takes. */
  moves: MoveJson[];
  /** The moves chosen while some card was still unseen: the steps that were a gamble. */
  blindSteps: number;
}

export interface FairPlayResult {
  code: string | null;
  fingerprint: string;
  game: GameId;
  rules: string;
  fairPlayer: true;
  /** Games finished (won or lost); those a limit stopped are in `ends.limit` only. */
  games: number;
  wins: number;
  /** wins / games, or null when no game finished. */
  winRate: number | null;
  /** The Wilson 95% interval of the win rate. */
  low: number | null;
  high: number | null;
  ends: Record<FairGameEnd, number>;
  samples: number;
  /** What `samples` counts: the deals sampled for each fair hint (`hint`), or tried for each plan (`plan`). */
  samplesPer: 'hint' | 'plan';
  seed: number;
  /** Every game, in order: how it ended and its moves. */
  played: FairGameJson[];
  assumption: string;
  nodes: number;
  ms: number;
  limit: string | null;
}
