/**
 * The answers as JSON text, written by their contract schemas (Fastify's own serialiser,
 * fast-json-stringify): the text kept in the answer cache is what the routes send, whether
 * solved for a request or worked out ahead. One writer per distinct schema, for the routes
 * too, each compiled whole when built (at start): left lazy, a union's validator was compiled
 * on the first answer that reached it, holding the event loop 45 to 360 ms under a burst; and
 * one writer per route and status, each with its own validators, made the start 4 s longer.
 */

import type { TSchema } from '@sinclair/typebox';
import build from 'fast-json-stringify';
import { Analysis, FairHint, Hint } from '../contract/index.js';
import type { SolveTask } from './solveTask.js';

type Writer = (answer: unknown) => string;

const writers = new Map<string, Writer>();

/** The writer of `schema`'s answers, built once for every schema alike. */
export function writerFor(schema: TSchema): Writer {
  const key = JSON.stringify(schema);
  let writer = writers.get(key);
  if (writer === undefined) {
    writer = build(schema as build.AnySchema, { compileValidators: true }) as Writer;
    writers.set(key, writer);
  }
  return writer;
}

const WRITERS: Record<SolveTask['kind'], Writer> = {
  analysis: writerFor(Analysis),
  hint: writerFor(Hint),
  fair: writerFor(FairHint),
};

/** A solve's answer as the route sends it (cards in symbols). */
export function answerText(kind: SolveTask['kind'], answer: object): string {
  return WRITERS[kind](answer);
}
