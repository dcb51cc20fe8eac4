/** Helpers for the routes' request schemas (TypeBox): what each route takes, and the type its handler reads. */
import { type TSchema, Type } from '@sinclair/typebox';

/** One of a few words, as a plain JSON Schema enum (ajv's message names the allowed values). */
export const Choice = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** A query or body of named parameters: nothing else is taken. */
export const Params = <T extends Record<string, TSchema>>(properties: T) => Type.Object(properties, { additionalProperties: false });
