/**
 * The OpenAPI document of the API, made from the routes' own schemas as they are registered:
 * what validates a request is what the document says.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { CARDSOLVE_VERSION } from '../version.js';

/** A route's schema with the line the document gives it. */
export type DocumentedSchema = FastifySchema & { summary: string };

export function documented(schema: DocumentedSchema): FastifySchema {
  return schema;
}

interface Operation {
  summary: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

/** Query properties as OpenAPI parameters. */
function parametersOf(querystring: unknown): unknown[] {
  const schema = querystring as { properties?: Record<string, Record<string, unknown>>; required?: string[] } | undefined;
  if (schema?.properties === undefined) return [];
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(description !== undefined ? { description } : {}),
      schema: rest,
    };
  });
}

const ERRORS = {
  400: { description: 'bad input: the message says what is wrong and what is expected' },
  404: { description: 'no such route, or no database' },
  503: { description: 'busy: too many requests solving and waiting (see Retry-After)' },
};

/** Collects the routes under `/api/` as they are added; `document()` writes them out. */
export function collectOpenApi(app: FastifyInstance): () => Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const schema = (route.schema ?? {}) as Partial<DocumentedSchema> & { querystring?: unknown; body?: unknown };
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    for (const method of methods) {
      const operation: Operation = {
        summary: schema.summary ?? '',
        responses: { 200: { description: 'the answer, as JSON (a download for export)' }, ...ERRORS },
      };
      if (schema.querystring !== undefined) operation.parameters = parametersOf(schema.querystring);
      if (schema.body !== undefined) operation.requestBody = { content: { 'application/json': { schema: schema.body } } };
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
