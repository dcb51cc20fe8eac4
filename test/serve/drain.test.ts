/**
 * The drain and the stop after it, for a client that ignores readiness and keeps sending:
 * every request sent on a connection the server has accepted gets an answer, none meets a
 * reset, and a connection that sends nothing does not hold the stop. Counted in events
 * (answers, resets, refusals, connections), never timed; every request to 127.0.0.1.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Server } from '../../src/serve/app.js';
import { startServer } from './helpers.js';

const REQUEST = 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** What became of one connection: the status and Connection header answered, or its error. */
interface Outcome {
  status: number | null;
  connection: string | null;
  error: string | null;
}

/** Waits for what the server sends on `socket` until the connection closes. */
function outcome(socket: Socket): Promise<Outcome> {
  return new Promise((resolve) => {
    let text = '';
    let error: string | null = null;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const connection = /\r\nconnection: ([^\r]*)\r\n/i.exec(text);
      resolve({ status: status ? Number(status[1]) : null, connection: connection?.[1] ?? null, error });
    });
  });
}

/** One request on a connection of its own, sent at once (kept alive unless the server closes it, or `close`). */
function exchange(port: number, close = false): Promise<Outcome> {
  const socket = connect(port, '127.0.0.1');
  socket.write(close ? REQUEST.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n') : REQUEST);
  return outcome(socket);
}

/** Requests that got no answer: reset, or closed unanswered. */
const lost = (outcomes: Outcome[]) => outcomes.filter((o) => o.error !== null || o.status === null);

async function listening(s: Server): Promise<{ port: number; accepted: () => number }> {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  let accepted = 0;
  s.app.server.on('connection', () => accepted++);
  return { port: (s.app.server.address() as { port: number }).port, accepted: () => accepted };
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('cardsolve serve: the drain and the stop, for a client that ignores readiness', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers every request sent on an accepted connection, through the drain and as it ends: none reset', async () => {
    // A grace no test waits for: every connection here is closed by an answer.
    const s = await startServer('no-database-here.sqlite', { stopGraceMs: 60_000 });
    server = s;
    const { port, accepted } = await listening(s);
    expect((await exchange(port, true)).status).toBe(200);

    // The drain: 8 clients send 5 requests each on new connections, all answered, each closing its connection.
    s.drain();
    const during = (
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          const outcomes: Outcome[] = [];
          for (let i = 0; i < 5; i++) outcomes.push(await exchange(port));
          return outcomes;
        }),
      )
    ).flat();
    expect(lost(during)).toEqual([]);
    expect(during.every((o) => o.status === 200 && o.connection === 'close')).toBe(true);

    // Its end: 8 connections accepted that send their request only once the server has stopped
    // listening, and 8 opened as the stop begins, their requests sent at once.
    const before = accepted();
    const idle = Array.from({ length: 8 }, () => connect(port, '127.0.0.1'));
    await until(() => accepted() === before + 8);
    const opened = Array.from({ length: 8 }, () => exchange(port));
    const closed = s.close();
    // Until a new connection is refused: the listener is closed.
    const meanwhile: Outcome[] = [];
    for (let o = await exchange(port); o.error !== 'ECONNREFUSED'; o = await exchange(port)) meanwhile.push(o);
    const late = idle.map((socket) => {
      socket.write(REQUEST);
      return outcome(socket);
    });
    const ends = [...(await Promise.all(opened)), ...meanwhile, ...(await Promise.all(late))];
    await closed;
    server = undefined;
    expect(lost(ends)).toEqual([]);
    expect(ends.map((o) => [o.status, o.connection])).toEqual(ends.map(() => [503, 'close']));
    expect(ends.length).toBeGreaterThanOrEqual(16);
    expect(accepted()).toBe(before + ends.length);
  });

  it('closes a connection that sends nothing once the stop begins: it does not hold the stop', async () => {
    const s = await startServer('no-database-here.sqlite', { stopGraceMs: 0 });
    server = s;
    const { port, accepted } = await listening(s);
    const silent = connect(port, '127.0.0.1');
    const end = outcome(silent);
    await until(() => accepted() === 1);
    s.drain();
    await s.close();
    server = undefined;
    expect(await end).toEqual({ status: null, connection: null, error: null });
  });
});
