/**
 * The contract: every JSON answer of the API and of the server's solver threads, defined once
 * as TypeBox schemas. The server serialises and documents its answers with them; the page
 * and the tests import their types (types only: the page carries no schema code).
 */

export { Daily, DailyMonth } from './daily.js';
export { ApiError, Refusal } from './errors.js';
export { Board, type DoubleBoard, LegalMove, LineAnswer, PlayResponse, type PyramideBoard } from './play.js';
export { Curate, CuratedDeal, GroupStats, ResultRow, ResultsPage, RuleSets, Stats } from './results.js';
export { type ApiGame, Dealt, GameSummary, Games, Health } from './server.js';
export { MoveJson, Moves, Nullable, OpenObject, Tier, TierOrUnknown, Verdict, Words } from './shared.js';
export { Analysis, FairHint, FairMove, Hint, HintOrFair, JudgedMove } from './solve.js';
export { CurateAnswer, PlayedLineAnswer, RefusedSolve, SolveAnswer, Solved, StatsAnswer } from './threads.js';
