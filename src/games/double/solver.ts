/**
 * The Double Solitaire solver: a depth-first search over the engine's positions with a
 * transposition table of exact canonical keys. It answers `winnable` (with the line),
 * `unwinnable` (every position reachable was searched) or `unknown` (a limit stopped it),
 * never a guess.
 *
 * What makes it fast without making it wrong:
 *
 * - **Canonical keys.** A position is written as 11 words: one per column, then the talon.
 *   Cards are faces, so the two copies of a card are interchangeable. A column with face-down
 *   cards is named by its index and face-down count (its hidden cards never change) plus its
 *   face-up run (base card, length, one bit per card for which of the two suits of its colour
 *   it is). Columns without face-down cards are sorted, so positions that differ only by
 *   which empty or fully face-up column holds what are one position. The talon is the set
 *   of stock cards still in play (59 bits) and the waste pointer; in Draw 1 with unlimited
 *   turn-overs every pointer reaches every other one, so the pointer is left out there
 *   (except when counting moves). The foundations follow from the rest (every card not in
 *   the columns or the talon is on them, and per suit the two piles are fixed by how many
 *   copies of each rank are up). The key is exact, not a hash: no collision can make a
 *   position look searched when it was not.
 *
 * - **Safe moves** (played without branching, see `isSafe`).
 *
 * - **Compressed talon.** Draws and turn-overs only move the waste pointer, and they commute
 *   with every other move, so any line can wait with its draws until just before it plays
 *   from the waste. The search therefore plays "draw (and turn over) until card X is the
 *   waste top, then play X" as one step, for every card the pointer can reach, at the cost
 *   of the first time the pointer gets there. Solutions expand it into the real draws.
 *
 * - **Move ordering**: foundation moves, then moves that turn up a face-down card (deepest
 *   columns first), then moves that free a card for the foundations or empty a column, then
 *   the talon, then the rest.
 *
 * - **Vegas** (one pass): pointer dominance in the table (`pointerClass`), and positions
 *   that a relaxation of the game proves lost skipped (`talonBound`): first for the verdict
 *   alone, then, for a lost deal, as a branch and bound for the exact most foundation cards.
 *
 * - **Shorter lines.** A win's search path is shortened afterwards (`shorten.ts`), checked by
 *   replaying it through the engine.
 *
 * The search loop allocates nothing: moves are integers in typed arrays, the position is
 * the engine's typed arrays, applied and undone in place.
 */
import { type Budget, type LimitName } from '../../search/limits.js';
import {
  COL_CAP,
  COLUMNS,
  DoubleState,
  FITS,
  KING,
  M_CC,
  M_CF,
  M_FC,
  M_JUMP,
  M_WC,
  M_WF,
  PILES,
  RANK,
  STOCK_SIZE,
  RED,
  SUIT,
  mA,
  mB,
  mN,
  mT,
  mv,
} from './engine.js';
import { KeyTable } from './keyTable.js';
import { shortenLine } from './shorten.js';

const KEY_WORDS = 11;

// Move ordering (higher first). Only the order depends on these, never a verdict.
const P_REVEAL = 1000;
const P_CF = 900;
const P_WF = 880;
const P_USEFUL = 700;
const P_WC = 500;
const P_EMPTY = 200;
const P_OTHER = 300;
const P_FC = 100;

/** TARGETS[c]: the two faces `c` can be built on (6 bits each), for cards below King. */
const TARGETS = new Uint16Array(52);
for (let c = 0; c < 52; c++) {
  if (RANK[c] === KING) continue;
  const found: number[] = [];
  for (let t = 0; t < 52; t++) if (FITS[c * 52 + t] === 1) found.push(t);
  TARGETS[c] = found[0]! | (found[1]! << 6);
}
/** 1 for the second suit of each colour (diamonds, clubs): one bit per card of a run. */
const ALT = new Uint8Array(52);
for (let c = 0; c < 52; c++) ALT[c] = SUIT[c]! >= 2 ? 1 : 0;

/**
 * Whether playing `face` (a column top, or the waste top in Draw 1) to the foundations can
 * never lose anything, so it is played without trying the alternatives. With r its rank:
 *
 *   - both piles of both suits of the other colour are at r-1 or higher,
 *   - both piles of its own suit are at r-1 or higher (it goes on one of them),
 *   - both piles of the other suit of its colour are at r-2 or higher.
 *
 * (Aces always qualify.) Why this is safe with two decks and with cards allowed back from
 * the foundations: let Z be the card played plus every copy of every card that could ever be
 * built under it in a column (the other colour at ranks below r, its colour at ranks below
 * r-1, its own suit at ranks below r). The conditions say all of Z but the card itself is
 * already on the foundations. Z is closed under "can be built on": whatever goes on a Z card
 * is a Z card, so in any column the Z cards form a top segment holding nothing else. Take
 * any line of play from the position where the card stayed; drop every move whose moved
 * card (the base of the run) is in Z and run the rest from the position where the card went
 * up. Each move kept is still legal: its card and its target are not in Z and are where the
 * original line has them (only Z cards are missing from the tops of the columns); a column
 * empty in the original line is empty here; the foundations hold the same cards plus Z
 * cards, and a pile move of a non-Z card needs the same counts of its own suit and rank,
 * which the Z cards (lower ranks, or the card itself at rank r, whose second copy can still
 * go up because both copies of rank r-1 of its suit are up) do not disturb. A face-down card
 * the played card uncovered is simply turned up earlier. So the shorter line ends with at
 * least the same cards on the foundations, wins whenever the original line wins, and is at
 * least one move shorter (it skips the original line's own move of the card, which a win
 * must make), so minimum move counts are kept too.
 *
 * From the waste only in Draw 1: in Draw 3 taking a card out of the waste changes which
 * cards the following draws turn up, so there it is not a pure gain.
 */
export function isSafe(fnd: Uint8Array, face: number): boolean {
  const r = RANK[face]!;
  if (r === 1) return true;
  const s = SUIT[face]!;
  const min = (t: number): number => {
    const a = fnd[2 * t]!;
    const b = fnd[2 * t + 1]!;
    return a < b ? a : b;
  };
  if (min(s) < r - 1 || min(3 - s) < r - 2) return false;
  if (RED[face] === 1) return min(0) >= r - 1 && min(3) >= r - 1;
  return min(1) >= r - 1 && min(2) >= r - 1;
}

/**
 * Vegas pointer dominance. Under Vegas scoring the waste pointer only moves forward, by
 * draws; a position with pointer p can reach the same position with pointer p' by draws
 * alone when p' >= p in Draw 1, and in Draw 3 when p' = p + 3k < T or p' = T (the stock
 * emptied). Everything reachable from (position, p') is then reachable from (position, p),
 * with the same foundation counts, so once (position, p) is searched (or on the search
 * path), (position, p') needs no search of its own. The key therefore leaves the pointer
 * out except for this class (Draw 1: one class; Draw 3: p mod 3, or 3 for an empty stock),
 * and the table keeps the smallest pointer searched per key: a position is skipped when a
 * pointer no larger in its class was searched, and searched again when it comes with a
 * smaller one. The tests check the verdicts and maxFoundation against a brute force that
 * knows nothing of this.
 */
function pointerClass(s: DoubleState): number {
  if (s.draw === 1) return 0;
  return s.waste === s.talLen ? 3 : s.waste % 3;
}

export interface SolveOptions {
  /** After a win, search for shorter lines (branch and bound) to prove the minimum. */
  optimize: boolean;
}

export interface SolveResult {
  verdict: 'winnable' | 'unwinnable' | 'unknown';
  /** The winning line as engine moves (draws spelled out; solver jumps allowed), or null. */
  line: number[] | null;
  /** Its length as the app counts moves. */
  moves: number | null;
  /** Whether `moves` is proven to be the fewest (optimize finished). */
  minMovesProved: boolean;
  /** The most foundation cards reached in any position searched. */
  maxFoundation: number;
  maxExact: boolean;
  nodes: number;
  /** What stopped a search (the first one, or the optimize pass). */
  hit: LimitName | null;
}

class Growable {
  data: Int32Array;
  constructor(size: number) {
    this.data = new Int32Array(size);
  }
  ensure(n: number): Int32Array {
    if (n > this.data.length) {
      let cap = this.data.length * 2;
      while (cap < n) cap *= 2;
      const next = new Int32Array(cap);
      next.set(this.data);
      this.data = next;
    }
    return this.data;
  }
}

/** The searcher: one engine position, applied and undone in place. */
export class DoubleSearch {
  readonly s: DoubleState;
  private readonly key = new Uint32Array(KEY_WORDS);
  private readonly codes = new Uint32Array(COLUMNS);
  private moves = new Growable(1 << 14);
  private prios = new Growable(1 << 14);
  private start = new Growable(1024);
  private count = new Growable(1024);
  private index = new Growable(1024);
  private applied = new Growable(1024);
  private readonly posStamp = new Int32Array(64);
  private readonly want = new Uint8Array(52);
  private stamp = 0;
  maxFoundation = 0;
  /**
   * Vegas pruning by the talon relaxation (`talonBound`): 'win' skips positions that cannot
   * be won (for the verdict), 'max' positions that cannot beat `maxFoundation` (for the
   * exact most foundation cards).
   */
  prune: 'none' | 'win' | 'max' = 'none';
  private readonly avail = new Uint8Array(52);
  private readonly availBase = new Uint8Array(52);
  private readonly cut = new Uint8Array(COLUMNS);
  private readonly pile = new Uint8Array(STOCK_SIZE);

  constructor(
    state: DoubleState,
    private readonly budget: Budget,
  ) {
    this.s = state;
  }

  /** Plays every safe foundation move; returns how many engine moves it applied. */
  autoplay(): number {
    const s = this.s;
    let applied = 0;
    let progress = true;
    while (progress) {
      progress = false;
      for (let c = 0; c < COLUMNS; c++) {
        const l = s.len[c]!;
        if (l === 0) continue;
        const f = s.col[c * COL_CAP + l - 1]!;
        if (s.pileFor(f) >= 0 && isSafe(s.fnd, f)) {
          s.apply(mv(M_CF, c));
          applied++;
          progress = true;
        }
      }
      if (s.draw === 1 && s.waste > 0) {
        const f = s.wasteTop();
        if (s.pileFor(f) >= 0 && isSafe(s.fnd, f)) {
          s.apply(mv(M_WF));
          applied++;
          progress = true;
        }
      }
    }
    return applied;
  }

  /** The canonical key of the position into `this.key`. */
  computeKey(withPointer: boolean, dominance = false): Uint32Array {
    const s = this.s;
    const codes = this.codes;
    for (let c = 0; c < COLUMNS; c++) {
      const l = s.len[c]!;
      const d = s.down[c]!;
      let code = d > 0 ? ((c + 1) << 26) | (d << 22) : 0;
      const up = l - d;
      if (up > 0) {
        const at = c * COL_CAP + d;
        code |= (up << 18) | (s.col[at]! << 12);
        let bits = 0;
        for (let i = 1; i < up; i++) bits |= ALT[s.col[at + i]!]! << (i - 1);
        code |= bits;
      }
      // Insertion into the sorted prefix.
      let j = c;
      while (j > 0 && codes[j - 1]! > code) {
        codes[j] = codes[j - 1]!;
        j--;
      }
      codes[j] = code;
    }
    const key = this.key;
    const ptr = dominance ? pointerClass(s) : withPointer ? s.waste : 0;
    key[0] = (codes[0]! | ((ptr & 3) << 30)) >>> 0;
    key[1] = (codes[1]! | (((ptr >> 2) & 3) << 30)) >>> 0;
    key[2] = (codes[2]! | (((ptr >> 4) & 3) << 30)) >>> 0;
    for (let c = 3; c < COLUMNS; c++) key[c] = codes[c]!;
    key[9] = s.maskLo;
    key[10] = s.maskHi;
    return key;
  }

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
   * The columns and the talon are iterated to a fixpoint (the set at hand only grows). In a
   * real line, by induction over its moves, every card that comes to hand is at hand in the
   * fixpoint, and a card never at hand never reaches the foundations. The bound counts, per
   * suit, the two piles that the copies at hand can build: the higher pile stops below the
   * lowest rank with no copy at hand, the lower one below the lowest rank with fewer than two.
   */
  talonBound(): number {
    const s = this.s;
    const base = this.availBase;
    const avail = this.avail;
    const cut = this.cut;
    base.fill(0);
    let empty = false;
    let open = 0; // bit per column still holding a card that cannot leave
    for (let c = 0; c < COLUMNS; c++) {
      const l = s.len[c]!;
      const d = s.down[c]!;
      if (l === 0) {
        empty = true;
        continue;
      }
      for (let i = d; i < l; i++) base[s.col[c * COL_CAP + i]!]++;
      cut[c] = d;
      open |= 1 << c;
    }
    for (let p = 0; p < PILES; p++) {
      const b = (p >> 1) * 13;
      for (let r = 0; r < s.fnd[p]!; r++) base[b + r]++;
    }
    const pile = this.pile;
    const T = s.talLen;
    for (;;) {
      // The greedy pass over the talon with what is at hand now.
      avail.set(base);
      let top = 0;
      for (let i = 0; i < s.waste; i++) pile[top++] = s.stockCards[s.tal[i]!]!;
      let next = s.waste;
      for (;;) {
        while (top > 0 && this.canLeave(pile[top - 1]!, empty)) avail[pile[--top]!]++;
        if (next >= T) break;
        const end = next + s.draw < T ? next + s.draw : T;
        while (next < end) pile[top++] = s.stockCards[s.tal[next++]!]!;
      }
      // The columns with it.
      let changed = false;
      for (let c = 0; c < COLUMNS; c++) {
        if ((open & (1 << c)) === 0) continue;
        const at = c * COL_CAP;
        while (this.canLeave(s.col[at + cut[c]!]!, empty)) {
          changed = true;
          if (cut[c] === 0) {
            open &= ~(1 << c);
            empty = true;
            break;
          }
          cut[c]--;
          const x = s.col[at + cut[c]!]!;
          base[x]++;
          avail[x]++;
        }
      }
      if (!changed) break;
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

  /** The relaxation's "can leave" (see `talonBound`), with `this.avail` at hand. */
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

  /** Whether `prune` skips the current position (see `talonBound`). */
  private pruned(): boolean {
    if (this.prune === 'none') return false;
    const bound = this.talonBound();
    if (this.prune === 'win') return bound < this.s.total;
    return bound <= this.maxFoundation && bound < this.s.total;
  }

  /** Plays one search move (a talon move first brings the pointer); returns engine moves applied. */
  private play(m: number): number {
    const s = this.s;
    const kind = m & 7;
    let applied = 1;
    if (kind === M_WC || kind === M_WF) {
      const p = mA(m);
      if (p !== s.waste) {
        s.apply(mv(M_JUMP, p, 0, mN(m), mT(m)));
        applied++;
      }
    }
    s.apply(m);
    return applied + this.autoplay();
  }

  private undo(n: number): void {
    for (let i = 0; i < n; i++) this.s.undo();
  }

  /** Writes the moves of the position at `at` in the buffers, best first; returns how many. */
  private generate(at: number): number {
    const s = this.s;
    let moves = this.moves.ensure(at + 1024);
    let prios = this.prios.ensure(at + 1024);
    let n = 0;
    const push = (m: number, prio: number): void => {
      if (at + n >= moves.length) {
        moves = this.moves.ensure(at + n + 1024);
        prios = this.prios.ensure(at + n + 1024);
      }
      moves[at + n] = m;
      prios[at + n] = prio;
      n++;
    };
    let firstEmpty = -1;
    for (let b = 0; b < COLUMNS; b++) {
      if (s.len[b] === 0) {
        firstEmpty = b;
        break;
      }
    }
    // Faces that would let a column with face-down cards move its face-up run away (and so
    // turn a card up), and whether a King run waits on face-down cards: move ordering only.
    const want = this.want;
    want.fill(0);
    let kingWaits = false;
    for (let a = 0; a < COLUMNS; a++) {
      const d = s.down[a]!;
      if (d === 0) continue;
      const base = s.col[a * COL_CAP + d]!;
      if (RANK[base] === KING) kingWaits = true;
      else {
        const t = TARGETS[base]!;
        want[t & 63] = 1;
        want[t >> 6] = 1;
      }
    }
    // Column tops to the foundations (the safe ones were played already).
    for (let a = 0; a < COLUMNS; a++) {
      const l = s.len[a]!;
      if (l > 0 && s.pileFor(s.col[a * COL_CAP + l - 1]!) >= 0) push(mv(M_CF, a), P_CF + s.down[a]!);
    }
    // Column to column.
    for (let a = 0; a < COLUMNS; a++) {
      const l = s.len[a]!;
      const d = s.down[a]!;
      const up = l - d;
      for (let k = 1; k <= up; k++) {
        const base = s.col[a * COL_CAP + l - k]!;
        const whole = k === up;
        let prio: number;
        if (whole) prio = d > 0 ? P_REVEAL + d : kingWaits ? P_USEFUL : P_EMPTY;
        else {
          const y = s.col[a * COL_CAP + l - k - 1]!;
          prio = s.pileFor(y) >= 0 || want[y] === 1 ? P_USEFUL : P_OTHER;
        }
        if (RANK[base] === KING) {
          // A King run that is a whole column already has nowhere better to be; empty columns
          // without face-down cards are interchangeable, so the first one stands for all.
          if (firstEmpty >= 0 && !(whole && d === 0)) push(mv(M_CC, a, firstEmpty, k), prio);
          continue; // a King never goes on a card
        }
        for (let b = 0; b < COLUMNS; b++) {
          const lb = s.len[b]!;
          if (b === a || lb === 0) continue;
          if (FITS[base * 52 + s.col[b * COL_CAP + lb - 1]!] === 1) push(mv(M_CC, a, b, k), prio + s.down[b]!);
        }
      }
    }
    // The talon: every card the pointer can reach, with the draws and turn-overs it takes.
    if (s.talLen > 0) {
      const stamp = ++this.stamp;
      const T = s.talLen;
      const w = s.waste;
      const step = s.draw;
      let draws = 0;
      const offer = (p: number, turns: number): void => {
        if (this.posStamp[p] === stamp) return;
        this.posStamp[p] = stamp;
        const f = s.stockCards[s.tal[p - 1]!]!;
        const cost = draws + turns;
        if (s.pileFor(f) >= 0) push(mv(M_WF, p, 0, draws, turns), P_WF - cost);
        if (RANK[f] === KING) {
          if (firstEmpty >= 0) push(mv(M_WC, p, firstEmpty, draws, turns), P_WC - cost);
          return;
        }
        for (let b = 0; b < COLUMNS; b++) {
          const lb = s.len[b]!;
          if (lb > 0 && FITS[f * 52 + s.col[b * COL_CAP + lb - 1]!] === 1) push(mv(M_WC, p, b, draws, turns), (want[f] === 1 ? P_USEFUL : P_WC) - cost + s.down[b]!);
        }
      };
      if (w > 0) offer(w, 0);
      let p = w;
      while (p < T) {
        p = p + step < T ? p + step : T;
        draws++;
        offer(p, 0);
      }
      if (!s.vegas) {
        p = 0;
        while (p < T) {
          p = p + step < T ? p + step : T;
          draws++;
          offer(p, 1);
        }
      }
    }
    // Foundation tops back to a column.
    for (let p = 0; p < PILES; p++) {
      const r = s.fnd[p]!;
      if (r === 0) continue;
      if ((p & 1) === 1 && s.fnd[p - 1] === r) continue;
      const f = s.pileTop(p);
      // If the card would be safe to play back at once, taking it down gains nothing.
      s.fnd[p] = r - 1;
      const useless = isSafe(s.fnd, f);
      s.fnd[p] = r;
      if (useless) continue;
      if (r === KING) {
        if (firstEmpty >= 0) push(mv(M_FC, p, firstEmpty), P_FC);
        continue;
      }
      for (let b = 0; b < COLUMNS; b++) {
        const lb = s.len[b]!;
        if (lb > 0 && FITS[f * 52 + s.col[b * COL_CAP + lb - 1]!] === 1) push(mv(M_FC, p, b), want[f] === 1 ? P_USEFUL - 200 : P_FC);
      }
    }
    // Best first (insertion sort, stable).
    for (let i = at + 1; i < at + n; i++) {
      const m = moves[i]!;
      const pr = prios[i]!;
      let j = i;
      while (j > at && prios[j - 1]! < pr) {
        moves[j] = moves[j - 1]!;
        prios[j] = prios[j - 1]!;
        j--;
      }
      moves[j] = m;
      prios[j] = pr;
    }
    return n;
  }

  /**
   * Depth-first search from the current position (already autoplayed).
   * Plain mode: stops at the first win, leaving the engine on it (its history is the line).
   * Optimize mode: branch and bound under `bound` moves; calls `onWin` with each shorter win.
   * Returns 'win', 'done' (space exhausted) or 'stopped' (a limit).
   */
  run(
    table: KeyTable,
    withPointer: boolean,
    optimize: { bound: number; onWin: (moves: number) => number } | null,
  ): 'win' | 'done' | 'stopped' {
    const s = this.s;
    const budget = this.budget;
    let bestG: Int32Array = new Int32Array(0);
    const seenAt = (id: number): void => {
      if (id >= bestG.length) {
        const next = new Int32Array(Math.max(1024, bestG.length * 2, id + 1));
        next.set(bestG);
        bestG = next;
      }
      bestG[id] = s.moves;
    };
    let bound = optimize ? optimize.bound : 0;

    // Vegas pointer dominance (see `pointerClass`): plain search only, the optimize pass
    // counts draws and so keeps the pointer in its key.
    const dominance = s.vegas && !optimize;
    let minPtr = new Uint8Array(dominance ? 1024 : 0);
    const dominated = (id: number): boolean => {
      if (id >= minPtr.length) {
        const next = new Uint8Array(Math.max(minPtr.length * 2, id + 1));
        next.set(minPtr);
        minPtr = next;
      }
      if (!table.lastWasNew && minPtr[id]! <= s.waste) return true;
      minPtr[id] = s.waste;
      return false;
    };
    const rootId = table.intern(this.computeKey(withPointer, dominance));
    if (rootId < 0) return 'stopped';
    if (dominance) dominated(rootId);
    if (optimize) seenAt(rootId);
    if (s.onFoundations > this.maxFoundation) this.maxFoundation = s.onFoundations;
    if (s.isWon()) {
      if (!optimize) return 'win';
      return 'done';
    }
    if (this.pruned()) return 'done';
    let depth = 0;
    let start = this.start.ensure(2);
    let count = this.count.ensure(2);
    let index = this.index.ensure(2);
    let applied = this.applied.ensure(2);
    start[0] = 0;
    count[0] = this.generate(0);
    index[0] = 0;
    for (;;) {
      if (index[depth]! >= count[depth]!) {
        if (depth === 0) return 'done';
        depth--;
        this.undo(applied[depth]!);
        continue;
      }
      const m = this.moves.data[start[depth]! + index[depth]!]!;
      index[depth]!++;
      const k = this.play(m);
      if (s.isWon()) {
        this.maxFoundation = s.total;
        if (!optimize) return 'win';
        if (s.moves < bound) bound = optimize.onWin(s.moves);
        this.undo(k);
        continue;
      }
      if (optimize && s.moves + (s.total - s.onFoundations) >= bound) {
        this.undo(k);
        continue;
      }
      const id = table.intern(this.computeKey(withPointer, dominance));
      if (id < 0) {
        this.undo(k);
        return 'stopped';
      }
      if (dominance) {
        if (dominated(id)) {
          this.undo(k);
          continue;
        }
      } else if (!table.lastWasNew) {
        if (!optimize || bestG[id]! <= s.moves) {
          this.undo(k);
          continue;
        }
      }
      if (optimize) seenAt(id);
      if (s.onFoundations > this.maxFoundation) this.maxFoundation = s.onFoundations;
      // Only after a talon move: that is when cards get buried in the waste. Skipping the
      // check elsewhere only prunes less.
      const kind = m & 7;
      if ((kind === M_WC || kind === M_WF) && this.pruned()) {
        this.undo(k);
        continue;
      }
      if (!budget.tick()) {
        this.undo(k);
        return 'stopped';
      }
      applied[depth] = k;
      depth++;
      start = this.start.ensure(depth + 2);
      count = this.count.ensure(depth + 2);
      index = this.index.ensure(depth + 2);
      applied = this.applied.ensure(depth + 2);
      const at = start[depth - 1]! + count[depth - 1]!;
      start[depth] = at;
      count[depth] = this.generate(at);
      index[depth] = 0;
    }
  }

  /** The moves played since the start, as recorded by the engine. */
  history(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.s.historyLength(); i++) out.push(this.s.historyMove(i));
    return out;
  }
}

/**
 * Solves a position: plain search first, then (optimize) branch and bound for shorter lines.
 * `makeState` gives a fresh engine at the starting position.
 */
export function solve(makeState: () => DoubleState, budget: Budget, options: SolveOptions): SolveResult {
  const state = makeState();
  const search = new DoubleSearch(state, budget);
  search.autoplay();
  // Draw 1 with unlimited turn-overs: the pointer can reach every position from every other.
  const pointerFree = state.draw === 1 && !state.vegas;
  const table = new KeyTable(KEY_WORDS, budget);
  // Vegas: first the verdict alone, skipping every position the talon relaxation proves
  // lost; the exact most foundation cards come after (below), as a separate search.
  if (state.vegas) search.prune = 'win';
  const outcome = search.run(table, !pointerFree, null);
  const result: SolveResult = {
    verdict: outcome === 'win' ? 'winnable' : outcome === 'done' ? 'unwinnable' : 'unknown',
    line: null,
    moves: null,
    minMovesProved: false,
    maxFoundation: outcome === 'win' ? state.total : search.maxFoundation,
    maxExact: outcome !== 'stopped',
    nodes: budget.nodes,
    hit: outcome === 'stopped' ? budget.hit ?? 'memory' : null,
  };
  if (outcome === 'done' && state.vegas) {
    // Proven lost. Branch and bound for the most foundation cards, starting from the best
    // position the first search met; when a limit stops it, the verdict stands and the
    // figure is a lower bound.
    const again = new DoubleSearch(makeState(), budget);
    again.autoplay();
    again.prune = 'max';
    again.maxFoundation = search.maxFoundation;
    const outcome2 = again.run(new KeyTable(KEY_WORDS, budget), true, null);
    if (outcome2 === 'win') throw new Error('internal error: a deal proven lost was won');
    result.maxFoundation = again.maxFoundation;
    result.maxExact = outcome2 === 'done';
    if (outcome2 === 'stopped') result.hit = budget.hit ?? 'memory';
    result.nodes = budget.nodes;
    return result;
  }
  if (outcome !== 'win') return result;
  // The search path with its detours cut out (shorten.ts): still a win, never longer.
  // It may use what is left of the time limit, and at least a quarter of a second, or more
  // for a very long raw line (20 ms per 1000 moves, up to 10 s): such a line is unreadable,
  // and cutting it takes about that long (a win found just before a 10 s limit on
  // DS1-D3N-AAAAAEJ: 731,313 moves printed with 10 ms per 1000, 814 with this).
  const shortenBy = (line: readonly number[]): number =>
    performance.now() + Math.max(250, Math.min(10_000, line.length / 50), budget.limits.timeMs - budget.elapsedMs());
  const raw = search.history();
  result.line = shortenLine(makeState, raw, undefined, shortenBy(raw));
  result.moves = result.line.length;
  if (!options.optimize || budget.stopped) {
    result.nodes = budget.nodes;
    return result;
  }
  // Branch and bound: every position counts its moves, so the pointer is part of the key.
  const fresh = makeState();
  const opt = new DoubleSearch(fresh, budget);
  opt.autoplay();
  let best = result.moves;
  const outcome2 = opt.run(new KeyTable(KEY_WORDS, budget), true, {
    bound: best,
    onWin: (moves) => {
      best = moves;
      result.line = opt.history();
      result.moves = moves;
      return best;
    },
  });
  result.minMovesProved = outcome2 === 'done';
  if (!result.minMovesProved) {
    result.line = shortenLine(makeState, result.line!, undefined, shortenBy(result.line!));
    result.moves = result.line.length;
  }
  if (outcome2 === 'stopped') result.hit = budget.hit ?? 'memory';
  result.nodes = budget.nodes;
  return result;
}

export { M_CC, M_CF, M_FC, M_WC, M_WF, mA, mB, mN, mT };
