/**
 * The OpenAPI document of the API, made from the routes' own schemas as they are registered:
 * what validates a request and writes an answer is what the document says.
 */

import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { CARDSOLVE_VERSION } from '../version.js';
import { API_PREFIX } from './apiPrefix.js';
import { STATUS_TEXT } from './responses.js';

/** A route's schema with the line the document gives it; `produces`, the media types of a 200 that is not (only) JSON. */
export type DocumentedSchema = FastifySchema & { summary: string; produces?: Record<string, TSchema> };

/** A route's schema, kept as typed (the route's request and answer types come from it). */
export function documented<T extends DocumentedSchema>(schema: T): T {
  return schema;
}

interface Operation {
  summary: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

interface ObjectSchema {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
}

/** Whether a client must send the property: required, and without a default the server fills in. */
const mustSend = (schema: ObjectSchema, name: string): boolean =>
  (schema.required?.includes(name) ?? false) && schema.properties?.[name]?.default === undefined;

/** Query properties as OpenAPI parameters. */
function parametersOf(querystring: ObjectSchema): unknown[] {
  return Object.entries(querystring.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: mustSend(querystring, name),
      ...(description !== undefined ? { description } : {}),
      schema: rest,
    };
  });
}

/** A request body as the client sees it: what has a default is not required. */
function requestBodyOf(body: ObjectSchema): unknown {
  const required = (body.required ?? []).filter((name) => mustSend(body, name));
  return { required: true, content: { 'application/json': { schema: { ...body, required } } } };
}

/** Every status the route declares, each with its JSON schema (a 200 that is not JSON, with its media types). */
function responsesOf(schema: DocumentedSchema): Record<string, unknown> {
  const declared = (schema.response ?? {}) as Record<string, TSchema>;
  return Object.fromEntries(
    Object.entries(declared).map(([status, answer]) => {
      const media = status === '200' && schema.produces !== undefined ? schema.produces : { 'application/json': answer };
      const content = Object.fromEntries(Object.entries(media).map(([type, s]) => [type, { schema: s }]));
      return [status, { description: STATUS_TEXT[Number(status)] ?? 'the answer', content }];
    }),
  );
}

/** Collects the routes under the API as they are added; the function returned writes the document. */
export function collectOpenApi(app: FastifyInstance): () => Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    const schema = (route.schema ?? { summary: '' }) as DocumentedSchema;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) {
      const operation: Operation = { summary: schema.summary, responses: responsesOf(schema) };
      if (schema.querystring !== undefined) operation.parameters = parametersOf(schema.querystring as ObjectSchema);
      if (schema.body !== undefined) operation.requestBody = requestBodyOf(schema.body as ObjectSchema);
      paths[route.url] ??= {};
      paths[route.url]![method.toLowerCase()] = operation;
    }
  });
  return () => ({
    openapi: '3.1.0',
    info: {
      title: 'cardsolve',
      version: CARDSOLVE_VERSION,
      description: 'Solve and analyse solitaire deals (Pyramide, Double Solitaire): analyses, hints, moves, stored results, lists.',
    },
    paths,
  });
}
