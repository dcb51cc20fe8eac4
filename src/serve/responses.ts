/**
 * The answers a route declares, by status: its own on 200 and the contract's error on the
 * others. Fastify writes each through its schema (fast-json-stringify), and the OpenAPI
 * document shows them.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { ApiError } from '../contract/index.js';

/** What each status means, for the OpenAPI document. */
export const STATUS_TEXT: Record<number, string> = {
  200: 'the answer',
  400: 'bad input: the message says what is wrong and what is expected',
  401: 'the server needs its token (serve --token): Authorization: Bearer TOKEN',
  404: 'not found: no such route, no database, or a code no dealer deals',
  413: 'too large: the request body (64 KB), or the answer of a line played (8 MB)',
  414: 'the URL is too long (send long move lists in a POST body)',
  429: 'too many requests from one address (serve --rate-limit; see Retry-After)',
  500: 'an internal error: the server has logged it, the client hears only that it happened',
  503: 'busy (too many requests solving and waiting) or stopping: see Retry-After',
};

/** The errors any route under the API may answer. */
const ERRORS = { 400: ApiError, 401: ApiError, 404: ApiError, 413: ApiError, 414: ApiError, 429: ApiError, 500: ApiError, 503: ApiError };

/** A route's answers: `ok` on 200, the contract's error on every other status, `more` where a route has its own. */
export function responses<T extends TSchema, M extends Record<number, TSchema> = Record<never, TSchema>>(ok: T, more?: M) {
  return { ...ERRORS, 200: ok, ...(more ?? ({} as M)) };
}

/** A route's answer that is text, not JSON (a download, a list of codes), for the document. */
export const Text = (description: string) => Type.String({ description });
