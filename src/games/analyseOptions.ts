/**
 * How much to ask of an analysis: the common choices below, and the switches the games
 * declare (`GameModule.analysisOptions`), keyed as `AnalysisOption.key` says (`optimize`).
 */
export interface AnalyseOptions {
  // The games' switches are booleans; a hint's known line (`HintOptions.line`) is text.
  [option: string]: boolean | string | undefined;
  /** Answer `winnable` only (fastest): no minimum move count, no solution; the stuck figure only when the search gives it anyway. */
  winnabilityOnly?: boolean;
  /**
   * Pyramide: a lost deal's line to its most cards is a shortest one (a search about 80
   * times longer than the first line found: `solve` asks for it, a batch does not).
   */
  shortestStuckLine?: boolean;
}
