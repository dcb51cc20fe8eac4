/** The stored results as the API answers them: a page of the table, the rule sets stored, the stats and a curated list. */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, TierOrUnknown, Verdict } from './shared.js';

/** A row of the results table: the light columns (no solution, no extra). */
export const ResultRow = Type.Object({
  game: Type.String(),
  code: Nullable(Type.String()),
  dealKey: Type.String(),
  rules: Type.String(),
  mode: Type.String(),
  solverVersion: Type.String(),
  verdict: Verdict,
  tier: Nullable(TierOrUnknown),
  difficulty: Nullable(Type.Number()),
  minMoves: Nullable(Type.Integer()),
  minMovesProved: Type.Boolean(),
  stuck: Nullable(Type.Integer()),
  stuckExact: Nullable(Type.Boolean()),
  ms: Type.Number(),
  analysedAt: Type.String(),
});
export type ResultRow = Static<typeof ResultRow>;

/** `GET /api/v1/results`: a page of rows, with the game and rule set the filters meant. */
export const ResultsPage = Type.Object({
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  game: Type.String(),
  rules: Type.String(),
  rows: Type.Array(ResultRow),
});
export type ResultsPage = Static<typeof ResultsPage>;

/** `GET /api/v1/rule-sets`: the rule sets stored, per game, with their number of rows. */
export const RuleSets = Type.Object({
  ruleSets: Type.Array(Type.Object({ game: Type.String(), rules: Type.String(), rows: Type.Integer() })),
});
export type RuleSets = Static<typeof RuleSets>;

const Bucket = Type.Object({ from: Type.Number(), to: Type.Number(), count: Type.Integer() });

/** What `stats --json` prints for one rule set. */
export const GroupStats = Type.Object({
  game: Type.String(),
  rules: Type.String(),
  deals: Type.Integer(),
  winnable: Type.Integer(),
  unwinnable: Type.Integer(),
  unknown: Type.Integer(),
  winnableShare: Nullable(Type.Number()),
  winnableInterval: Nullable(Type.Object({ low: Type.Number(), high: Type.Number() })),
  minMovesProved: Type.Integer(),
  minMovesUnproved: Type.Integer(),
  minMovesMissing: Type.Integer(),
  cut: Type.Integer(),
  minMoves: Type.Array(Bucket),
  stuckFigure: Nullable(Type.String()),
  stuck: Type.Array(Bucket),
  tiers: Nullable(Type.Record(Type.String(), Type.Integer())),
  difficulty: Type.Array(Bucket),
  slowest: Type.Array(Type.Object({ deal: Type.String(), verdict: Type.String(), ms: Type.Number(), nodes: Type.Integer() })),
  totalMs: Type.Number(),
  totalNodes: Type.Integer(),
  solverVersions: Type.Array(Type.String()),
});
export type GroupStats = Static<typeof GroupStats>;

/** `GET /api/v1/stats`. */
export const Stats = Type.Object({ groups: Type.Array(GroupStats) });
export type Stats = Static<typeof Stats>;

const Listed = Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()]);

/** A deal of a curated list: the common figures, then those the games list (crossroads, forgiveness...). */
export const CuratedDeal = Type.Object(
  {
    code: Type.String(),
    verdict: Verdict,
    tier: Nullable(TierOrUnknown),
    difficulty: Nullable(Type.Number()),
    minMoves: Nullable(Type.Integer()),
    stuck: Nullable(Type.Integer()),
    stuckExact: Nullable(Type.Boolean()),
    dollars: Nullable(Type.Number()),
  },
  { additionalProperties: Listed },
);
export type CuratedDeal = Static<typeof CuratedDeal> & { [figure: string]: Static<typeof Listed> };

const Range = Type.Object({ min: Type.Optional(Type.Number()), max: Type.Optional(Type.Number()) });

/** `GET /api/v1/curate` (format json): the filters as read, and the deals that pass them. */
export const Curate = Type.Object({
  game: Type.String(),
  rules: Type.String(),
  filters: Type.Object(
    {
      game: Type.String(),
      rules: Type.String(),
      verdict: Type.Optional(Verdict),
      tier: Type.Optional(TierOrUnknown),
      minMoves: Type.Optional(Range),
      stuck: Type.Optional(Range),
      crossroads: Type.Optional(Range),
      dollars: Type.Optional(Range),
    },
    { additionalProperties: false },
  ),
  order: Type.Union([Type.Literal('difficulty'), Type.Literal('code'), Type.Literal('random')]),
  seed: Type.Integer(),
  asked: Type.Integer(),
  found: Type.Integer(),
  matching: Type.Integer(),
  deals: Type.Array(CuratedDeal),
});
export type Curate = Static<typeof Curate>;
