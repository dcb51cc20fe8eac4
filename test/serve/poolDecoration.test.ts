/**
 * The solver pool is the server's decoration, closed in onClose: a route group that fails to
 * register leaves no thread running once the server that failed is closed (as buildServer does).
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { decoratePool } from '../../src/serve/poolDecoration.js';
import { SolverPool } from '../../src/serve/solverPool.js';

describe('the solver pool as a decoration', () => {
  it('is reached by the route plugins and closed with the server, also when a plugin fails to register', async () => {
    const pool = new SolverPool({ threads: 1, queue: 1 });
    let closed = false;
    const close = pool.close.bind(pool);
    pool.close = async () => {
      closed = true;
      await close();
    };
    const app = Fastify();
    decoratePool(app, pool);
    let seen: SolverPool | undefined;
    await app.register(async (child) => {
      seen = child.pool;
    });
    app.register(async () => {
      throw new Error('a route group that does not register');
    });
    await expect(app.ready()).rejects.toThrow(/does not register/);
    expect(seen).toBe(pool);
    await app.close();
    expect(closed).toBe(true);
  });
});
