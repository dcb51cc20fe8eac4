/** The Vegas (one pass) bound of the Double Solitaire solver: see `TalonBound.bound`. */
import { COL_CAP, COLUMNS, type DoubleState, PILES, STOCK_SIZE } from './engine.js';
import { KING, RANK, TARGETS } from './faceTables.js';

export class TalonBound {
  readonly avail = new Uint8Array(52);
  readonly cut = new Uint8Array(COLUMNS);
  readonly pile = new Uint8Array(STOCK_SIZE);
  readonly stock = new Uint8Array(STOCK_SIZE);

  /**
   * Vegas only: an upper bound on the foundation cards any line from here can reach, from a
   * relaxation of the game that allows everything the real game allows and more:
   *
   * - A card is *at hand* when it is face up, on the foundations, or has become so in the
   *   relaxation. Face-up cards count as at hand even inside a run (more than real).
   * - A card *can leave* its place when it is a King and an empty column can exist, when a
   *   copy of a card it builds on is at hand, or (Kings too) when one copy of every lower
   *   rank of its suit is at hand (it could go up). In the real game each of these is necessary: a card
   *   goes onto a column top (at hand), into an empty column (Kings only), or onto the
   *   foundations (the lower ranks of its suit are up, so at hand).
   * - Columns: the face-down card under a column's face-up run (and then each face-down card
   *   in turn) comes to hand once the card above it can leave; the cards on top of that one
   *   are assumed to go wherever they like (more than real). An empty column can exist when
   *   one is empty now or every card of some column can leave.
   * - The talon keeps its real rule: one pass, the waste a stack whose top alone can leave.
   *   Removing a waste top never hurts in the relaxation (what is at hand only grows, and in
   *   Draw 3 the stock beyond the pointer is not regrouped by it), so the greedy pass
   *   (remove the top while it can leave, else draw) removes every card any pass can.
   *
   * The relaxation follows the pass in time: after each draw it settles (the waste top and
   * the columns give up every card that can leave, until nothing changes), then draws
   * again. In a real line, by induction over its moves, every card that has come to hand by
   * the k-th draw is at hand in the relaxation after its k-th settling (what is at hand only
   * grows, so the waste there holds no card the real waste does not), and a card never at
   * hand never reaches the foundations. (The columns cannot use a card before the draw that
   * brings it out: a waste card whose target comes later stays buried under what is drawn
   * after it.) The bound counts, per suit, the two piles that the copies at hand can build:
   * the higher pile stops below the lowest rank with no copy at hand, the lower one below
   * the lowest rank with fewer than two.
   */
  bound(s: DoubleState): number {
    const avail = this.avail;
    avail.fill(0);
    let empty = false;
    let open = 0; // bit per column still holding a card that cannot leave
    for (let c = 0; c < COLUMNS; c++) {
      const l = s.len[c]!;
      const d = s.down[c]!;
      if (l === 0) {
        empty = true;
        continue;
      }
      for (let i = d; i < l; i++) avail[s.col[c * COL_CAP + i]!]!++;
      this.cut[c] = d;
      open |= 1 << c;
    }
    for (let p = 0; p < PILES; p++) {
      const b = (p >> 1) * 13;
      for (let r = 0; r < s.fnd[p]!; r++) avail[b + r]!++;
    }
    for (let i = 0; i < s.waste; i++) this.pile[i] = s.stockCards[s.tal[i]!]!;
    for (let i = s.waste; i < s.talLen; i++) this.stock[i - s.waste] = s.stockCards[s.tal[i]!]!;
    return this.relax(s.col, COL_CAP, open, empty, s.waste, s.talLen - s.waste, s.draw);
  }

  /**
   * The relaxation of `bound` on what the caller laid out in this object's arrays: `avail`,
   * the copies at hand of each face; column c's cards at `cards[c * stride + i]`, bottom
   * first, with `cut[c]` the first of them at hand (the face-up run above it is at hand too)
   * for each column whose bit is set in `open`; whether a column is empty (`empty`); the
   * waste, bottom first, in `pile[0..waste)` and the stock, next drawn first, in
   * `stock[0..stockCount)`. (The coarse search lays out its own positions the same way.)
   */
  relax(cards: Uint8Array, stride: number, open: number, empty: boolean, waste: number, stockCount: number, draw: number): number {
    const avail = this.avail;
    const cut = this.cut;
    const pile = this.pile;
    let top = waste;
    let next = 0;
    for (;;) {
      // Settle: the waste top and the columns give up what can leave, until nothing changes.
      for (let changed = true; changed; ) {
        changed = false;
        while (top > 0 && this.canLeave(pile[top - 1]!, empty)) {
          avail[pile[--top]!]!++;
          changed = true;
        }
        for (let c = 0; c < COLUMNS; c++) {
          if ((open & (1 << c)) === 0) continue;
          const at = c * stride;
          while (this.canLeave(cards[at + cut[c]!]!, empty)) {
            changed = true;
            if (cut[c] === 0) {
              open &= ~(1 << c);
              empty = true;
              break;
            }
            cut[c]!--;
            avail[cards[at + cut[c]!]!]!++;
          }
        }
      }
      if (next >= stockCount) break;
      const end = Math.min(next + draw, stockCount);
      while (next < end) pile[top++] = this.stock[next++]!;
    }
    let bound = 0;
    for (let suit = 0; suit < 4; suit++) {
      let high = 0;
      while (high < 13 && avail[suit * 13 + high]! > 0) high++;
      let low = 0;
      while (low < 13 && avail[suit * 13 + low]! > 1) low++;
      bound += high + low;
    }
    return bound;
  }

  /** The relaxation's "can leave" (see `bound`), with `this.avail` at hand. */
  private canLeave(a: number, empty: boolean): boolean {
    const avail = this.avail;
    if (RANK[a] === KING) {
      if (empty) return true;
    } else {
      const t = TARGETS[a]!;
      if (avail[t & 63]! > 0 || avail[t >> 6]! > 0) return true;
    }
    // The foundations (a King too).
    for (let x = a - RANK[a]! + 1; x < a; x++) if (avail[x] === 0) return false;
    return true;
  }
}
