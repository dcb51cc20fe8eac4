/**
 * The solver's answers as JSON text, written by their contract schemas (Fastify's own
 * serialiser, fast-json-stringify): the text kept in the answer cache is what the routes send,
 * whether solved for a request or worked out ahead.
 */

import type { TSchema } from '@sinclair/typebox';
import build from 'fast-json-stringify';
import { Analysis, FairHint, Hint } from '../contract/index.js';
import type { SolveTask } from './solveTask.js';

const writer = (schema: TSchema): ((answer: object) => string) => build(schema as build.AnySchema) as (answer: object) => string;

const WRITERS: Record<SolveTask['kind'], (answer: object) => string> = {
  analysis: writer(Analysis),
  hint: writer(Hint),
  fair: writer(FairHint),
};

/** A solve's answer as the route sends it (cards in symbols). */
export function answerText(kind: SolveTask['kind'], answer: object): string {
  return WRITERS[kind](answer);
}
