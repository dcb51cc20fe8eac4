/**
 * The pieces every answer is built of: nullable values, the JSON moves of `solve --json`, the
 * verdicts and tiers. Schemas are TypeBox's, so each gives both a JSON Schema (what the
 * server serialises with and documents) and its TypeScript type (what the page and the tests
 * read).
 */
import { Kind, type Static, type TLiteral, type TSchema, Type } from '@sinclair/typebox';
import type { MoveJson as CoreMoveJson } from '../games/moveJson.js';

/** One of a few words. */
export const Words = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)) as TLiteral<T>[]);

/** `T` or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * One move as JSON any program can replay (`{"move":"pair","cards":["J♦","2♦"]}`): the name in
 * `move`, then the game's own fields (cards, columns, counts), which a game of its own may add to.
 */
export const MoveJson = Type.Unsafe<CoreMoveJson>({
  // Checked as the object it is (TypeBox's own checks, the tests'), typed as the core's move.
  [Kind]: 'Object',
  type: 'object',
  required: ['move'],
  properties: { move: Type.String() },
  additionalProperties: true,
  description: 'a move as JSON: its name in move, then the fields of the game (cards, card, from, to, count)',
});

export type MoveJson = CoreMoveJson;

export const Moves = Type.Array(MoveJson);

export const Verdict = Type.Union([Type.Literal('winnable'), Type.Literal('unwinnable'), Type.Literal('unknown')]);
export type Verdict = Static<typeof Verdict>;

export const Tier = Type.Union([Type.Literal('easy'), Type.Literal('medium'), Type.Literal('hard'), Type.Literal('expert')]);
export type Tier = Static<typeof Tier>;
export const TierOrUnknown = Type.Union([Tier, Type.Literal('unknown')]);
export type TierOrUnknown = Static<typeof TierOrUnknown>;

/** A JSON object whose fields are the game's own (a position's figures, a board). */
export const OpenObject = <T = Record<string, unknown>>(description: string) =>
  Type.Unsafe<T>({ [Kind]: 'Object', type: 'object', properties: {}, additionalProperties: true, description });

/** A deal's name in every answer: its code (null for a deal file), fingerprint, game and rule set. */
export const DealHead = {
  code: Nullable(Type.String()),
  fingerprint: Type.String(),
  game: Type.String(),
  rules: Type.String(),
};
