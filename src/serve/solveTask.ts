/** What the server asks a solver thread, and what comes back. */

import type { FairSampling } from '../games/fairHintTypes.js';
import type { HintOptions } from '../games/hintTypes.js';
import type { RuleFlags } from '../games/types.js';
import type { Limits } from '../search/limits.js';

export interface SolveTask {
  /** `fair`: the fair hint (`hint --fair`), with `fair`'s sampling. */
  kind: 'analysis' | 'hint' | 'fair';
  /** A deal code or a deal file's text. */
  deal: string;
  flags: RuleFlags;
  /** The moves played (hints), already checked by the rules engine on the main thread. */
  moves: string;
  /** The node and memory limits; the time limit is what is left until `deadline`. */
  limits: Limits;
  /**
   * When the thread's answer is due (epoch milliseconds): the request's deadline, which covers
   * its wait too, less the time kept for what follows the search (deadline.ts).
   */
  deadline: number;
  options: HintOptions;
  fair?: FairSampling;
}

/** The analysis (`solve --json`), the hint (`hint --json`) or the fair hint (`hint --fair --json`), cards in symbols: the contract's thread answer. */
export type { SolveAnswer } from '../contract/index.js';
