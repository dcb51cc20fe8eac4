/**
 * The solver pool as the server's decoration: the route plugins reach it as `app.pool`, and it
 * is closed in `onClose`, so its threads stop with the server, and also when a route fails to
 * register (the server is closed then, before the error is thrown on).
 */
import type { FastifyInstance } from 'fastify';
import type { SolverPool } from './solverPool.js';

declare module 'fastify' {
  interface FastifyInstance {
    pool: SolverPool;
  }
}

export function decoratePool(app: FastifyInstance, pool: SolverPool): void {
  app.decorate('pool', pool);
  app.addHook('onClose', async () => {
    await pool.close();
  });
}
