/**
 * The server's connections, held so that stopping resets none of them. Closing the listener
 * resets every connection the system has accepted that Node has not taken yet (Node takes one
 * a turn of its event loop, so a burst waits a few turns), and Node's own close waits without
 * end for a connection that never sends anything. So a stop lets Node take the connections
 * waiting first, then stops listening, answers what comes on the connections it holds, and
 * closes each once it has been idle for a grace (one that has not sent its request yet gets
 * the grace to send it).
 */
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Held {
  /** Requests begun and not yet answered. */
  busy: number;
  /** When it was accepted or last answered. */
  idleSince: number;
}

/** To the end of this turn of the event loop (its check phase), or of the next one from there. */
const immediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
/** One whole turn of the event loop: what the system had received when it began (requests) has been read. */
const turn = async (): Promise<void> => {
  await immediate();
  await immediate();
};

export class Connections {
  private readonly held = new Map<Socket, Held>();
  private accepted = 0;
  private changed: (() => void) | null = null;
  /** Set once `stop` has begun: a request from then on is refused (503) by the server. */
  stopping = false;

  constructor(
    private readonly server: HttpServer,
    private readonly graceMs: number,
  ) {
    server.on('connection', (socket: Socket) => {
      this.accepted++;
      this.held.set(socket, { busy: 0, idleSince: performance.now() });
      socket.once('close', () => {
        this.held.delete(socket);
        this.changed?.();
      });
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const held = this.held.get(request.socket);
      if (held === undefined) return;
      held.busy++;
      response.once('close', () => {
        held.busy--;
        held.idleSince = performance.now();
        this.changed?.();
      });
    });
  }

  /**
   * Stops listening, then waits until no connection is left: each answered (closing after its
   * answer, which carries `Connection: close`), or closed once idle for the grace.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    // The connections waiting are taken before the listener closes: turns until one takes none
    // (a client that never stops connecting is cut off once the grace is over).
    const started = performance.now();
    await immediate();
    for (let seen = -1; seen !== this.accepted && performance.now() - started < this.graceMs; ) {
      seen = this.accepted;
      await immediate();
    }
    // Node's close also closes the kept-alive connections that are idle; not one just accepted.
    this.server.close();
    for (;;) {
      const now = performance.now();
      let next = Number.POSITIVE_INFINITY;
      for (const [socket, held] of this.held) {
        if (held.busy > 0) continue;
        const deadline = held.idleSince + this.graceMs;
        if (deadline <= now) socket.destroy();
        else next = Math.min(next, deadline);
      }
      if (this.held.size === 0) return;
      await new Promise<void>((resolve) => {
        const timer = Number.isFinite(next) ? setTimeout(resolve, next - now) : null;
        this.changed = () => {
          if (timer !== null) clearTimeout(timer);
          resolve();
        };
      });
      this.changed = null;
      // A request already received is read (and counted) before its connection is judged idle.
      await turn();
    }
  }
}
