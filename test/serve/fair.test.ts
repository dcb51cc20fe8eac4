/**
 * Fair hints over HTTP (`/api/v1/hint?fair=true`), through Fastify's inject: the answer is
 * what the game's own fair hint gives for the same moves, samples and seed; with nothing
 * hidden it agrees with the plain hint; it is kept in the cache under its sampling, never
 * judged ahead, cut by the request's time limit; bad values and games without one are a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonInStyle } from '../../src/cards/notation.js';
import type { Health } from '../../src/contract/index.js';
import type { FairHintResult } from '../../src/games/fairHintTypes.js';
import { registerGame } from '../../src/games/registry.js';
import { type MoveJson, openDeal } from '../../src/index.js';
import type { Server } from '../../src/serve/app.js';
import { game as ladder } from '../games/ladder/index.js';
import { ask, expectError, query, startServer, stopServer, withoutTiming } from './helpers.js';

// Ladder, the test game, has no fair hint: the server must refuse it as the command line does.
registerGame(ladder);

/** One turn-over only: the stock's order matters, so the chances fall strictly between 0 and 1. */
const ONE_PASS = { deal: 'PY1-N-AAAAAAA', passes: '1', moves: 'J♦ + 2♦' };
/** The whole stock drawn: every card has been seen. */
const ALL_SEEN = Array(23).fill('draw').join('; ');
/** Ample limits for the direct calls and the servers, so that no limit cuts an answer compared, even on a busy machine. */
const LIMITS = { timeMs: 60_000, nodes: Number.POSITIVE_INFINITY, memoryBytes: 512 * 1024 ** 2 };
const PATIENT = { maxTimeMs: 60_000, limits: LIMITS };

/** The answer as `hint --fair --json` prints it. */
type Fair = FairHintResult & Record<string, unknown>;

const fairUrl = (params: Record<string, string | number | boolean>): string => `/api/v1/hint?${query({ fair: true, ...params })}`;

/** The fair hint the game itself gives, as the API should answer it. */
function direct(deal: string, flags: Record<string, string>, moves: string, samples: number, seed: number): Fair {
  const opened = openDeal(deal, flags);
  if (opened.fairHint === undefined) throw new Error(`${deal} has no fair hint`);
  return JSON.parse(JSON.stringify(opened.fairHint(moves, { samples, seed, limits: LIMITS }))) as Fair;
}

describe('cardsolve serve: fair hints', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer('no-database-here.sqlite', PATIENT);
  });

  afterAll(async () => {
    await stopServer(server);
  });

  it('GET and POST: what deal.fairHint gives for the same moves, samples and seed (the time taken aside)', async () => {
    const { deal, passes, moves } = ONE_PASS;
    const expected = direct(deal, { passes }, moves, 20, 5);
    const get = await ask<Fair>(server, fairUrl({ ...ONE_PASS, samples: 20, seed: 5 }));
    expect(get.status, get.text).toBe(200);
    expect(withoutTiming(get.body)).toEqual(withoutTiming(expected));
    const post = await ask<Fair>(server, {
      method: 'POST',
      url: '/api/v1/hint',
      payload: { ...ONE_PASS, fair: true, samples: 20, seed: 5 },
    });
    expect(post.status, post.text).toBe(200);
    expect(withoutTiming(post.body)).toEqual(withoutTiming(expected));
    // The fixture means something: cards unseen, no limit, and a chance strictly between 0 and 1.
    expect(get.body).toMatchObject({ fair: true, samples: 20, seed: 5, limit: null, rules: 'app+passes=1' });
    expect(get.body.hidden).toBeGreaterThan(0);
    expect(get.body.moves.some((m) => m.chance !== null && m.chance > 0 && m.chance < 1)).toBe(true);
    // Cards in another style, as hint --fair --json --cards fr writes them.
    const fr = await ask<Fair>(server, fairUrl({ ...ONE_PASS, samples: 20, seed: 5, cards: 'fr' }));
    expect(fr.status, fr.text).toBe(200);
    expect(withoutTiming(fr.body)).toEqual(withoutTiming(JSON.parse(jsonInStyle(expected, 'fr')) as Fair));
    expect(fr.text).toContain('V♦');
  });

  it('nothing hidden: one sample, every chance exactly 0 or 1, as the plain hint labels the moves', async () => {
    const fair = await ask<Fair>(server, fairUrl({ deal: 'PY1-N-AAAAAAA', moves: ALL_SEEN, samples: 50 }));
    expect(fair.status, fair.text).toBe(200);
    expect(fair.body).toMatchObject({ hidden: 0, samples: 1, limit: null });
    const plain = await ask<{ moves: { move: MoveJson; label: string }[] }>(
      server,
      `/api/v1/hint?${query({ deal: 'PY1-N-AAAAAAA', moves: ALL_SEEN })}`,
    );
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body).not.toHaveProperty('fair');
    expect(fair.body.moves).toHaveLength(plain.body.moves.length);
    const labels = new Map(plain.body.moves.map((m) => [JSON.stringify(m.move), m.label]));
    for (const m of fair.body.moves) {
      expect(m.decided).toBe(1);
      expect([0, 1]).toContain(m.chance);
      const label = labels.get(JSON.stringify(m.move));
      expect(label, JSON.stringify(m.move)).toBeDefined();
      expect(m.chance === 1, `${JSON.stringify(m.move)}: ${label}`).toBe(label === 'optimal' || label === 'winnable');
    }
    // Both kinds of move are there, so the agreement is not empty.
    expect(new Set(fair.body.moves.map((m) => m.chance))).toEqual(new Set([0, 1]));
  });

  it('the same seed, the same answer, solved afresh each time; another seed, other samples', async () => {
    const uncached = await startServer('no-database-here.sqlite', { ...PATIENT, cacheEntries: 0 });
    try {
      const url = fairUrl({ ...ONE_PASS, samples: 20, seed: 3 });
      const first = await ask<Fair>(uncached, url);
      const second = await ask<Fair>(uncached, url);
      expect(first.status, first.text).toBe(200);
      expect(second.status, second.text).toBe(200);
      expect(first.body.limit).toBeNull();
      expect(withoutTiming(second.body)).toEqual(withoutTiming(first.body));
      expect((await ask<Health>(uncached, '/api/v1/health')).body.cache.hits).toBe(0);
      const other = await ask<Fair>(uncached, fairUrl({ ...ONE_PASS, samples: 20, seed: 4 }));
      expect(other.body.seed).toBe(4);
      expect(other.body.moves.map((m) => m.wins)).not.toEqual(first.body.moves.map((m) => m.wins));
    } finally {
      await stopServer(uncached);
    }
  });

  it('kept in the cache under its samples and seed, and never judged ahead', async () => {
    const fresh = await startServer('no-database-here.sqlite', PATIENT);
    try {
      const base = { deal: 'PY1-N-AAAAAAA', moves: 'J♦ + 2♦' };
      const first = await ask<Fair>(fresh, fairUrl({ ...base, samples: 10, seed: 1 }));
      expect(first.status, first.text).toBe(200);
      const again = await ask<Fair>(fresh, fairUrl({ ...base, samples: 10, seed: 1 }));
      // The very same answer, its time included: it came from the cache.
      expect(again.body).toEqual(first.body);
      expect((await ask<Health>(fresh, '/api/v1/health')).body.cache.hits).toBe(1);
      // Another seed or another sample count is another answer, not the one kept.
      const seed2 = await ask<Fair>(fresh, fairUrl({ ...base, samples: 10, seed: 2 }));
      expect(seed2.body.seed).toBe(2);
      const more = await ask<Fair>(fresh, fairUrl({ ...base, samples: 11, seed: 1 }));
      expect(more.body.samples).toBe(11);
      expect(more.body.moves.every((m) => m.decided === 11)).toBe(true);
      // Given time, nothing else is worked out: three answers kept, none prefetched.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { cache } = (await ask<Health>(fresh, '/api/v1/health')).body;
      expect(cache.entries).toBe(3);
      expect(cache.hits).toBe(1);
      expect(cache.prefetched).toBe(0);
    } finally {
      await stopServer(fresh);
    }
  });

  it('the request’s time limit stops the sampling: the answer names it, counts the samples decided before it, and is not kept', async () => {
    const before = (await ask<Health>(server, '/api/v1/health')).body.cache;
    const url = fairUrl({ ...ONE_PASS, samples: 1000, seed: 9, timeLimit: '300ms' });
    const cut = await ask<Fair>(server, url);
    expect(cut.status, cut.text).toBe(200);
    // What was left of the request’s 300 ms once a thread took it.
    expect(cut.body.limit).toMatch(/^--time-limit \d+ms$/);
    expect(cut.body.samples).toBe(1000);
    for (const m of cut.body.moves) {
      expect(m.decided).toBeLessThan(1000);
      expect(m.wins).toBeLessThanOrEqual(m.decided);
      expect(m.chance).toBe(m.decided === 0 ? null : m.wins / m.decided);
    }
    expect(cut.body.moves.some((m) => m.decided > 0)).toBe(true);
    // Not kept: asked again, it is solved again.
    await ask<Fair>(server, url);
    const after = (await ask<Health>(server, '/api/v1/health')).body.cache;
    expect(after.entries).toBe(before.entries);
    expect(after.hits).toBe(before.hits);
  });

  it('bad values are a 400 that names the parameter and what it takes', async () => {
    const base = { deal: 'PY1-N-AAAAAAA' };
    expectError(await ask(server, fairUrl({ ...base, samples: 0 })), 400, /samples must be >= 1/);
    expectError(await ask(server, fairUrl({ ...base, samples: 1001 })), 400, /samples must be <= 1000/);
    expectError(await ask(server, fairUrl({ ...base, samples: 'many' })), 400, /samples must be integer/);
    expectError(await ask(server, fairUrl({ ...base, seed: -1 })), 400, /seed must be >= 0/);
    expectError(await ask(server, fairUrl({ ...base, seed: 1.5 })), 400, /seed must be integer/);
    expectError(await ask(server, `/api/v1/hint?${query({ ...base, fair: 'maybe' })}`), 400, /fair must be boolean/);
    expectError(
      await ask(server, { method: 'POST', url: '/api/v1/hint', payload: { ...base, fair: true, samples: 0 } }),
      400,
      /request body: samples must be >= 1/,
    );
    // The moves are checked first, as for the plain hint.
    expectError(await ask(server, fairUrl({ ...base, moves: 'draw; K♠' })), 400, /move 2 \(K♠\) refused/);
  });

  it('a game without a fair hint: 400 with the command line’s message (Ladder, the test game)', async () => {
    expect(openDeal('LD1-N-AAAAAAB').fairHint).toBeUndefined();
    const r = await ask(server, fairUrl({ deal: 'LD1-N-AAAAAAB' }));
    expectError(r, 400, /^fair: Ladder has no fair hint yet \(.*Pyramide.*\); without fair=true the hint sees the whole deal$/);
    // The games named as having one are those that do.
    const named = /\(([^)]*)\)/.exec((r.body as { error: string }).error)?.[1] ?? '';
    expect(named).not.toContain('Ladder');
    expect(named.includes('Double Solitaire')).toBe(openDeal('DS1-D1N-AAAAAAB').fairHint !== undefined);
  });

  it('the OpenAPI document shows fair, samples and seed with their descriptions and bounds', async () => {
    const doc = await ask<{
      paths: Record<string, Record<string, { parameters?: { name: string; description?: string; schema: Record<string, unknown> }[] }>>;
    }>(server, '/api/v1/openapi.json');
    const parameters = doc.body.paths['/api/v1/hint']!.get!.parameters!;
    const byName = new Map(parameters.map((p) => [p.name, p]));
    expect(byName.get('fair')?.schema).toMatchObject({ type: 'boolean', default: false });
    expect(byName.get('samples')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 100 });
    expect(byName.get('seed')?.schema).toMatchObject({ type: 'integer', minimum: 0, default: 1 });
    for (const name of ['fair', 'samples', 'seed']) expect(byName.get(name)?.description, name).toMatch(/\w{3,}/);
    // The analysis takes none of them.
    expect(doc.body.paths['/api/v1/analysis']!.get!.parameters!.map((p) => p.name)).not.toContain('fair');
  });
});
