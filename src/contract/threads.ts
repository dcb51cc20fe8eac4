/**
 * What the server's solver threads send back: a solve (analysis, hint or fair hint), a line
 * played (its HTTP status and JSON text, made on the thread), the stats and a curated list.
 */
import { type Static, Type } from '@sinclair/typebox';
import { CuratedDeal, GroupStats } from './results.js';
import { Analysis, FairHint, Hint } from './solve.js';

/** A solve's answer, and its time on the thread. */
export const Solved = Type.Object({
  result: Type.Union([FairHint, Hint, Analysis]),
  ms: Type.Number(),
});
export type Solved = Static<typeof Solved>;

/**
 * A solve that met an input error (a hint's known line that does not win): an error's class
 * does not cross to the main thread, so its message comes back as this.
 */
export const RefusedSolve = Type.Object({ refused: Type.String(), ms: Type.Number() });

export const SolveAnswer = Type.Union([Solved, RefusedSolve]);
export type SolveAnswer = Static<typeof SolveAnswer>;

/** A line played on a thread: the status, and the answer as JSON text (a `LineAnswer` or an `ApiError`). */
export const PlayedLineAnswer = Type.Object({
  status: Type.Union([Type.Literal(200), Type.Literal(400), Type.Literal(413)]),
  json: Type.String(),
});
export type PlayedLineAnswer = Static<typeof PlayedLineAnswer>;

export const StatsAnswer = Type.Array(GroupStats);
export type StatsAnswer = Static<typeof StatsAnswer>;

export const CurateAnswer = Type.Object({
  deals: Type.Array(CuratedDeal),
  asked: Type.Integer(),
  matching: Type.Integer({ description: 'deals passing every filter, before the cut to count' }),
  analysed: Type.Integer(),
  short: Type.Boolean(),
});
export type CurateAnswer = Omit<Static<typeof CurateAnswer>, 'deals'> & { deals: CuratedDeal[] };
