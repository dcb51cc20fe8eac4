/** The answers only the server has: the games it knows, a dealer's deal, its health. */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './shared.js';

/** One game as a menu shows it: its rule sets, each set's first code and tiers, and the stuck figure. */
export const GameSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  rules: Type.Array(Type.String()),
  firstCodes: Type.Record(Type.String(), Type.String()),
  tiers: Type.Record(Type.String(), Type.Array(Type.String())),
  stuck: Type.Object({ field: Type.String(), title: Type.String() }),
});
export type GameSummary = Static<typeof GameSummary>;
/** One game of `GET /api/v1/games`. */
export type ApiGame = GameSummary;

/** `GET /api/v1/games`. */
export const Games = Type.Object({ games: Type.Array(GameSummary) });
export type Games = Static<typeof Games>;

/** `GET /api/v1/dealt?code=ACME-17`: the deal text of a code one of the server's dealers deals. */
export const Dealt = Type.Object({
  code: Type.String(),
  dealer: Type.String({ description: "the dealer's name" }),
  game: Type.String(),
  text: Type.String({ description: 'the deal-file text, as the dealer dealt it' }),
});
export type Dealt = Static<typeof Dealt>;

/** `GET /api/v1/health`: the version, database, results table, caches and memory. */
export const Health = Type.Object({
  version: Type.String(),
  ready: Type.Boolean(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('draining')]),
  degraded: Type.Array(Type.String()),
  database: Nullable(Type.String()),
  table: Type.Object({ loaded: Nullable(Type.Boolean()) }),
  store: Type.Boolean(),
  cache: Type.Object({ entries: Type.Integer(), hits: Type.Integer(), misses: Type.Integer(), prefetched: Type.Integer() }),
  sharedCache: Nullable(Type.Object({ url: Type.String(), reachable: Nullable(Type.Boolean()) })),
  memory: Type.Object({ rssBytes: Type.Integer(), heapUsedBytes: Type.Integer() }),
});
export type Health = Static<typeof Health>;
