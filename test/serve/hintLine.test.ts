/**
 * The hint route's `line` (moves known to win from the position): the answer never tells of a
 * longer line, a bad line is a 400, and the hints worked out ahead along an analysis's
 * solution carry its rest, so that a client stepping through it with the rest finds them kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health, Hint } from '../../src/contract/index.js';
import { moveText } from '../../src/games/hint.js';
import type { MoveJson } from '../../src/games/types.js';
import type { Server } from '../../src/serve/app.js';
import { ask, expectError, query, startServer, stopServer } from './helpers.js';

const CODE = 'DS1-D3N-AAAAAAD';
const LIMITS = { timeMs: 60_000, nodes: 1_000_000, memoryBytes: 512 * 1024 ** 2 };

const texts = (line: readonly MoveJson[]): string[] => line.map((m) => moveText('double', m));

describe('cardsolve serve: a hint with a known line', () => {
  let server: Server;
  let solution: MoveJson[];

  beforeAll(async () => {
    server = await startServer('no-database-here.sqlite', { maxTimeMs: 60_000, limits: LIMITS });
    const analysis = await ask<{ solution: MoveJson[] }>(server, `/api/v1/analysis?deal=${CODE}`);
    expect(analysis.status, analysis.text).toBe(200);
    solution = analysis.body.solution;
  });
  afterAll(() => stopServer(server));

  it('answers with no longer a line than the one given, by GET and by POST', async () => {
    const line = texts(solution).join('; ');
    const got = await ask<Hint>(server, `/api/v1/hint?${query({ deal: CODE, line })}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body.movesLeft!).toBeLessThanOrEqual(solution.length);
    const posted = await ask<Hint>(server, { method: 'POST', url: '/api/v1/hint', payload: { deal: CODE, line } });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body.movesLeft).toBe(got.body.movesLeft);
  });

  it('worked out ahead along the solution with its rest: asked with the rest, the hint is kept already', async () => {
    const steps = texts(solution);
    // The prefetch runs while a thread is free: wait for the first positions along the line.
    for (let i = 0; i < 600 && (await ask<Health>(server, '/api/v1/health')).body.cache.prefetched < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await ask<Hint>(server, `/api/v1/hint?${query({ deal: CODE, moves: steps[0]!, line: steps.slice(1).join('; ') })}`);
    expect(after.status, after.text).toBe(200);
    expect(after.headers['x-cache']).toBe('hit');
    expect(after.body.movesLeft!).toBeLessThanOrEqual(solution.length - 1);
  });

  it('refuses a line that does not win, a line with the fair hint, and a line for an analysis: 400, one message', async () => {
    expectError(await ask(server, `/api/v1/hint?${query({ deal: CODE, line: 'draw' })}`), 400, /^line: its moves do not win/);
    expectError(await ask(server, `/api/v1/hint?${query({ deal: CODE, line: 'K♠ c1-f' })}`), 400, /^line: move 1 "K♠ c1-f" is refused/);
    expectError(
      await ask(server, `/api/v1/hint?${query({ deal: CODE, line: 'draw', fair: true })}`),
      400,
      /^line is for the hint that sees the whole deal/,
    );
    expect((await ask(server, `/api/v1/analysis?${query({ deal: CODE, line: 'draw' })}`)).status).toBe(400);
  });
});
