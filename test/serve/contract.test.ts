/**
 * The contract against the real answers: every route's answer, for both games, passes its
 * schema, and names no field the schema does not list (the server's serialiser drops such a
 * field). Only boards, positions and moves are open: their fields are each game's own.
 */
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../src/contract/index.js';
import type { Server } from '../../src/serve/app.js';
import { tempDir } from '../support/tempDir.js';
import { ask, startServer, stopServer } from './helpers.js';

interface Node {
  anyOf?: Node[];
  items?: Node;
  properties?: Record<string, Node>;
  patternProperties?: Record<string, Node>;
  additionalProperties?: boolean | Node;
}

/** The paths of the fields in `value` that `schema` does not name (open objects aside). */
function unlisted(schema: Node, value: unknown, path = '$'): string[] {
  if (schema.anyOf !== undefined) {
    const branch = schema.anyOf.find((s) => Value.Check(s as TSchema, value));
    return branch === undefined ? [`${path} (no branch fits)`] : unlisted(branch, value, path);
  }
  if (Array.isArray(value)) return schema.items === undefined ? [] : value.flatMap((v, i) => unlisted(schema.items!, v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const properties = schema.properties ?? {};
  // A board, a position, a move: the game's own fields.
  const open = ['', 'move'].includes(Object.keys(properties).join());
  return Object.entries(value).flatMap(([key, v]) => {
    const where = `${path}.${key}`;
    const inner =
      properties[key] ??
      (schema.patternProperties !== undefined ? Object.values(schema.patternProperties)[0] : undefined) ??
      (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    if (inner !== undefined) return unlisted(inner, v, where);
    return open ? [] : [where];
  });
}

/** The answer fits its schema and every field it carries is named there. */
function expectFits(schema: TSchema, body: unknown): void {
  expect([...Value.Errors(schema, body)].map((e) => `${e.path} ${e.message}`)).toEqual([]);
  expect(unlisted(schema as Node, body)).toEqual([]);
}

describe('the contract against the answers', () => {
  // Solved first, and kept (serve --store): the stored results the other routes read.
  const analyses: [string, TSchema, number][] = [
    ['/api/v1/analysis?deal=PY1-N-AAAAAAA', contract.Analysis, 200],
    ['/api/v1/analysis?deal=PY1-N-AAAAAAF', contract.Analysis, 200],
    ['/api/v1/analysis?deal=DS1-D1N-AAAAAAB', contract.Analysis, 200],
  ];
  const routes: [string, TSchema, number][] = [
    ['/api/v1/hint?deal=PY1-N-AAAAAAA&moves=draw', contract.Hint, 200],
    ['/api/v1/hint?deal=DS1-D1N-AAAAAAB', contract.Hint, 200],
    ['/api/v1/hint?deal=PY1-N-AAAAAAA&fair=true&samples=4', contract.FairHint, 200],
    ['/api/v1/play?deal=PY1-N-AAAAAAA&moves=draw', contract.PlayResponse, 200],
    ['/api/v1/play?deal=DS1-D1N-AAAAAAB&reveal=true', contract.PlayResponse, 200],
    ['/api/v1/play?deal=PY1-N-AAAAAAA&moves=K%E2%99%A0', contract.ApiError, 400],
    ['/api/v1/results?pageSize=3', contract.ResultsPage, 200],
    ['/api/v1/results?game=double', contract.ResultsPage, 200],
    ['/api/v1/rule-sets', contract.RuleSets, 200],
    ['/api/v1/stats', contract.Stats, 200],
    ['/api/v1/curate?count=3', contract.Curate, 200],
    ['/api/v1/curate?verdict=winnable&minMoves=1..200&stuck=..30&order=random', contract.Curate, 200],
    ['/api/v1/daily?tier=hard&date=2026-12-05', contract.Daily, 200],
    ['/api/v1/daily/month?month=2026-12', contract.DailyMonth, 200],
    ['/api/v1/games', contract.Games, 200],
    ['/api/v1/health', contract.Health, 200],
    ['/api/v1/dealt?code=NONE-1', contract.ApiError, 404],
    ['/api/v1/hint?deal=XX', contract.ApiError, 400],
    ['/api/v1/no-such-route', contract.ApiError, 404],
  ];
  let folder: ReturnType<typeof tempDir>;
  let server: Server;
  const answers = new Map<string, { status: number; body: unknown; text: string }>();

  beforeAll(async () => {
    folder = tempDir();
    // Time enough for every solve to wait its turn: the answers' shapes are tested here, not the cap.
    const timeMs = 60_000;
    const limits = { timeMs, nodes: Number.POSITIVE_INFINITY, memoryBytes: 512 * 1024 ** 2 };
    server = await startServer(join(folder.dir, 'results.sqlite'), { store: true, maxTimeMs: timeMs, limits });
    // Asked all at once: the solves share the server's two threads.
    const asked = async ([url]: [string, TSchema, number]): Promise<void> => {
      answers.set(url, await ask(server, url));
    };
    await Promise.all(analyses.map(asked));
    // The results table reloads beside the old one once rows are kept: its pages wait for it.
    for (let i = 0; i < 200 && (await ask<contract.RuleSets>(server, '/api/v1/rule-sets')).body.ruleSets.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(routes.map(asked));
  });
  afterAll(async () => {
    await stopServer(server);
    folder?.cleanup();
  });

  it.each([...analyses, ...routes])('%s fits its schema', async (url, schema, status) => {
    const r = answers.get(url)!;
    expect(r.status, r.text).toBe(status);
    expectFits(schema, r.body);
  });

  it('the results routes read the analyses just kept: their rows are tested, not empty lists', () => {
    const rows = (url: string): number => (answers.get(url)!.body as contract.ResultsPage).rows.length;
    expect(rows('/api/v1/results?pageSize=3')).toBe(2);
    expect(rows('/api/v1/results?game=double')).toBe(1);
    expect((answers.get('/api/v1/curate?count=3')!.body as contract.Curate).deals).toHaveLength(2);
  });

  it('a line played fits its schema', async () => {
    const line = [{ move: 'draw' }, { move: 'pair', cards: ['7♣', '6♥'] }];
    const r = await ask(server, { method: 'POST', url: '/api/v1/line', payload: { deal: 'PY1-N-AAAAAAA', moves: 'J♦ + 2♦', line } });
    expect(r.status, r.text).toBe(200);
    expectFits(contract.LineAnswer, r.body);
  });

  it('the OpenAPI document validates, and every route declares its answer and its errors, each with a schema', async () => {
    const r = await ask<{ paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> }>(
      server,
      '/api/v1/openapi.json',
    );
    const result = await new Validator().validate(r.body);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    for (const [path, operations] of Object.entries(r.body.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['200', '400', '404', '500', '503']));
        for (const [status, answer] of Object.entries(operation.responses)) {
          expect(Object.keys(answer.content ?? {}).length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        }
      }
    }
  });
});
