/** The deal of the day (`daily --json`) and a month of them for a calendar. */
import { type Static, Type } from '@sinclair/typebox';
import { Tier } from './shared.js';

/** `GET /api/v1/daily`: the code, and the figures the shipped list has for it. */
export const Daily = Type.Object({
  date: Type.String(),
  day: Type.Integer(),
  game: Type.String(),
  rules: Type.String(),
  tier: Tier,
  code: Type.String(),
  figures: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  pool: Type.Integer({ description: 'the pool size: no deal comes back before this many days' }),
  notes: Type.Array(Type.String()),
});
export type Daily = Static<typeof Daily>;

/** `GET /api/v1/daily/month`: each day's deal per tier; a tier without a list is in `missing`, with the reason. */
export const DailyMonth = Type.Object({
  game: Type.String(),
  rules: Type.String(),
  month: Type.String(),
  tiers: Type.Array(Tier),
  missing: Type.Record(Type.String(), Type.String()),
  pools: Type.Record(Type.String(), Type.Integer()),
  notes: Type.Record(Type.String(), Type.Array(Type.String())),
  days: Type.Array(Type.Object({ date: Type.String(), deals: Type.Record(Type.String(), Type.String()) })),
});
export type DailyMonth = Static<typeof DailyMonth>;
