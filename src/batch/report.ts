/** What a batch reports as it runs and when it ends: verdict counts, progress and summary. */

export interface VerdictCounts {
  winnable: number;
  unwinnable: number;
  unknown: number;
  /** Deals with a verdict whose search a limit still cut short (minMoves or the stuck figure not proven). */
  cut: number;
}

export function zeroCounts(): VerdictCounts {
  return { winnable: 0, unwinnable: 0, unknown: 0, cut: 0 };
}

export interface BatchProgress extends VerdictCounts {
  /** Deals to analyse in this run (the batch minus what is stored already). */
  total: number;
  done: number;
  failed: number;
  elapsedMs: number;
}

export interface BatchSummary {
  /** Every deal the batch names. */
  deals: number;
  /** Already stored, not analysed again. */
  skipped: number;
  analysed: number;
  failed: number;
  /** Verdicts of the deals analysed in this run. */
  thisRun: VerdictCounts;
  /** Verdicts of all the batch's deals as now stored (skipped and analysed). */
  stored: VerdictCounts;
  elapsedMs: number;
  dealsPerSecond: number;
  workers: number;
  /** The first few failures (a deal whose analysis threw), for the message. */
  failures: string[];
}
