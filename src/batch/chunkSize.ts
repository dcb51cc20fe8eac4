/** How many deals go in the next chunk, from the deals' speed so far. */

/**
 * Fast deals go in large chunks: fewer messages and transactions keep the main thread's
 * share of the cores small (figures in bench/README.md).
 */
export const MAX_CHUNK = 1024;

export class ChunkPace {
  private dealsTimed = 0;
  private msTimed = 0;

  constructor(
    /** Solver time a chunk should take: short enough for progress, long enough to amortise its messages. */
    private readonly targetMs: number,
    /** The size of chunks sent before any came back. */
    private readonly firstSize: number,
  ) {}

  /** Deals that came back and the solver time they took. */
  timed(deals: number, ms: number): void {
    this.dealsTimed += deals;
    this.msTimed += ms;
  }

  /** Deals for the next chunk: about the target's solver time, at most `share` and MAX_CHUNK. */
  size(share: number): number {
    if (this.dealsTimed === 0) return Math.min(this.firstSize, share);
    const perDeal = this.msTimed / this.dealsTimed;
    return Math.max(1, Math.min(MAX_CHUNK, share, Math.floor(this.targetMs / Math.max(perDeal, 0.01))));
  }
}
