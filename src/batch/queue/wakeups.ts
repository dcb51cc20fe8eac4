/**
 * Waiting for the queue: the coordinator sleeps until a chunk finishes or fails somewhere
 * (a QueueEvents event), or until a poll interval passes, whichever comes first.
 */
import type { QueueEvents } from 'bullmq';

export class QueueWakeups {
  private wake: (() => void) | null = null;
  /** An event came while nobody waited: the next wait returns at once. */
  private signalled = false;
  private failureSeen = false;
  private stalledChunks = 0;

  constructor(events: QueueEvents) {
    events.on('completed', () => this.poke());
    events.on('failed', () => {
      this.failureSeen = true;
      this.poke();
    });
    events.on('stalled', () => {
      this.stalledChunks++;
    });
  }

  /** Chunks a worker lost (killed, disconnected) that the queue handed to another. */
  get stalled(): number {
    return this.stalledChunks;
  }

  /** Whether a chunk failed since the last call. */
  takeFailure(): boolean {
    const seen = this.failureSeen;
    this.failureSeen = false;
    return seen;
  }

  /** Resolves at the next completion event (at once if one came since the last look), or after `ms`. */
  next(ms: number): Promise<void> {
    if (this.signalled) {
      this.signalled = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.signalled = false;
        resolve();
      };
    });
  }

  private poke(): void {
    this.signalled = true;
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
