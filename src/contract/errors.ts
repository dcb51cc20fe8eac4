/** The one shape of every error the API answers: the status again and one clear message. */
import { type Static, Type } from '@sinclair/typebox';
import { PlayResponse } from './play.js';

/** A move the rules refuse: its number in `moves` (from 1), the app's reason and its stable code, and the position before it. */
export const Refusal = Type.Object({
  moveNumber: Type.Integer(),
  reason: Type.String(),
  code: Type.String(),
  position: PlayResponse,
});
export type Refusal = Static<typeof Refusal>;

/** `400` bad input (the CLI's own message), `401`, `404`, `413`, `414`, `429`, `500` (logged, no detail), `503` (busy or stopping: see Retry-After). */
export const ApiError = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    refused: Type.Optional(Refusal),
  },
  { additionalProperties: false },
);
export type ApiError = Static<typeof ApiError>;
