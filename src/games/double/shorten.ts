/**
 * Shortening a winning line after the search found it. The search returns its own path:
 * every detour it took before the win stays in it, so a raw line can run to hundreds or
 * even thousands of moves and many turn-overs. This pass keeps the same verdict and only
 * ever returns a line that replays to a win through the engine; it never needs to be
 * trusted, only to be shorter.
 *
 * The line is first rewritten as card moves that name what they move rather than where it
 * sits in a pile: a column run by its base face (a face-up run is strictly descending, so a
 * face occurs in it at most once), a waste play by the original stock index of the card, a
 * foundation card taken back by its face. The draws and turn-overs are left out and put
 * back lazily (`reachCard`, cardMoves.ts): just before each waste play, the fewest draws (and at most one
 * turn-over) that make that card the waste top. That is sound because draws and
 * turn-overs only move the waste pointer, which nothing but a waste play reads, and
 * reaching the same card from the same pointer is always possible when the original line
 * did it.
 *
 * Then these shortcuts, each checked by replaying through the engine:
 *
 * 1. **Cycles.** Replaying the card moves, every position gets a key (see cycleKey.ts);
 *    when a position comes back, the moves in between are dropped. Positions are compared
 *    up to what really does not matter: columns without face-down cards are compared as a
 *    set (the rest of the line is replayed with its column numbers permuted to match) and
 *    the two foundation piles of a suit as a pair (foundation moves name cards, not piles,
 *    and the app's placement rule treats the two piles alike). Face-down cards never move,
 *    so a column with face-down cards is named by its index. The waste pointer is not in
 *    the key: with lazy draws it only changes at waste plays, and two positions with the
 *    same talon have had no waste play in between, so their pointers are equal too.
 * 2. **Single moves.** Each card move is dropped in turn, keeping the drop when the line
 *    still replays to a win.
 * 3. **Moves of the same card.** A card moved from A to B and later, as the base of what is
 *    moved, from B to C: tried as one move from A to C (at either time), or none if C is A.
 * 4. **Early foundation plays from the waste.** While drawing towards a card, a card that
 *    the line later plays from the waste to the foundations and that fits now is played at
 *    once (its later play is skipped); kept when the line still wins and is shorter.
 * 5. **Greedy ending.** From each point of the line, the rest replaced by foundation plays
 *    only (column tops, the waste top, draws and turn-overs as needed), when that wins in
 *    fewer moves.
 *
 * 6. **Jumps.** Walking the line, a single move that reaches a position the line only
 *    reaches later replaces the moves in between (see `jumpAhead`).
 *
 * Work is bounded (`budget` engine moves, more for long lines, and a deadline): when it
 * runs out, the best line found so far is returned. With `maxTurnOvers`, no shortcut is kept
 * that makes the line turn the waste over more often than that (a line found with few passes
 * keeps them; the greedy ending, for one, may cycle the stock to save moves).
 */
import { now } from '../../search/clock.js';
import { GrowableInt32Array } from '../../search/growable.js';
import { type CardMove, cardMoveOf, cardMovesOf, mergeMoves, type Pull, playCard } from './cardMoves.js';
import { columnContent } from './cycleKey.js';
import { COLUMNS, type DoubleState } from './engine.js';
import { LineIndex, LinePositions } from './lineIndex.js';
import { M_CC, M_CF, M_DRAW, M_FC, M_TURN, M_WC, M_WF, mA, mB, mKind, mv, sourceColumn, targetColumn } from './move.js';
import { columnCodesInto } from './positionKey.js';
import { expandLine, turnOversIn } from './solverLine.js';

/** What the shortening may still spend: engine moves (roughly) and a deadline. */
class Work {
  constructor(
    public left: number,
    private readonly deadline: number,
  ) {}
  ok(): boolean {
    return this.left > 0 && (this.deadline === Infinity || now() < this.deadline);
  }
}

const IDENTITY = Uint8Array.from({ length: COLUMNS }, (_, i) => i);

/**
 * Replays card moves (columns as in the current position) from a fresh state; returns the
 * engine moves when the line wins, null otherwise. `work.left` counts engine moves. With
 * `pull`, waste cards met while drawing are played to the foundations early (see `Pull`).
 */
function replayWins(fresh: () => DoubleState, line: readonly CardMove[], work: Work, goal: number, pulling = false): number[] | null {
  const s = fresh();
  const out: number[] = [];
  let pull: Pull | null = null;
  if (pulling) {
    pull = { wanted: new Uint8Array(s.stockCards.length), done: new Uint8Array(s.stockCards.length) };
    for (const c of line) if (c.kind === M_WF) pull.wanted[c.x] = 1;
  }
  for (const c of line) {
    if (s.onFoundations >= goal) break;
    if (pull !== null && c.kind === M_WF && pull.done[c.x] === 1) continue;
    const before = out.length;
    const k = playCard(s, c, IDENTITY, out, pull);
    work.left -= k < 0 ? 1 : out.length - before;
    if (k < 0) return null;
  }
  return s.onFoundations >= goal ? out : null;
}

/** Card moves between two positions kept along the replay of the line in hand (see `Checkpoints`). */
const CHECKPOINT_EVERY = 16;

/**
 * The replay of the line in hand, with the position every `CHECKPOINT_EVERY` card moves kept:
 * most shortcuts change one move of that line, and the candidate they make replays the same
 * start to the same positions, so `replay` starts from the last kept position before the
 * first change. The same answer as `replayWins` (and the same work counted), for the replay
 * of the rest only.
 */
class Checkpoints {
  private line: readonly CardMove[] | null = null;
  private readonly states: DoubleState[] = [];
  /** Engine moves of the line's replay, and how many of them come before each kept position. */
  private out: number[] = [];
  private readonly outAt: number[] = [];

  constructor(
    private readonly fresh: () => DoubleState,
    private readonly goal: number,
  ) {}

  /** `replayWins(fresh, candidate, work, goal)`, where `line` is the line in hand. */
  replay(line: readonly CardMove[], candidate: readonly CardMove[], work: Work): number[] | null {
    if (line !== this.line) this.keep(line);
    let shared = 0;
    const most = Math.min(line.length, candidate.length);
    while (shared < most && sameMove(line[shared]!, candidate[shared]!)) shared++;
    const k = Math.min(Math.floor(shared / CHECKPOINT_EVERY), this.states.length - 1);
    const s = this.states[k]!.clone();
    const out = this.out.slice(0, this.outAt[k]);
    work.left -= out.length;
    for (let i = k * CHECKPOINT_EVERY; i < candidate.length; i++) {
      if (s.onFoundations >= this.goal) break;
      const before = out.length;
      const applied = playCard(s, candidate[i]!, IDENTITY, out, null);
      work.left -= applied < 0 ? 1 : out.length - before;
      if (applied < 0) return null;
    }
    return s.onFoundations >= this.goal ? out : null;
  }

  /** Replays `line`, keeping its positions (a cache: no work counted). */
  private keep(line: readonly CardMove[]): void {
    this.line = line;
    this.states.length = 0;
    this.outAt.length = 0;
    const s = this.fresh();
    const out: number[] = [];
    for (let i = 0; i <= line.length; i++) {
      if (i % CHECKPOINT_EVERY === 0) {
        this.states.push(s.clone());
        this.outAt.push(out.length);
      }
      if (i === line.length || s.onFoundations >= this.goal) break;
      if (playCard(s, line[i]!, IDENTITY, out, null) < 0) break;
    }
    this.out = out;
  }
}

function sameMove(x: CardMove, y: CardMove): boolean {
  return x === y || (x.kind === y.kind && x.a === y.a && x.b === y.b && x.x === y.x);
}

/**
 * The greedy foundation-only ending from `c` (changed in place): every column top that fits,
 * the waste top when it fits, else draw (turn over when allowed), until won, stuck for a
 * whole pass, or `limit` moves. Returns its moves when it reaches `goal` foundation cards.
 */
function greedyTail(c: DoubleState, limit: number, goal: number): number[] | null {
  const tail: number[] = [];
  let sincePlay = 0;
  while (c.onFoundations < goal && tail.length < limit) {
    let played = false;
    for (let col = 0; col < COLUMNS; col++) {
      if (c.len[col]! > 0 && c.pileFor(c.top(col)) >= 0) {
        c.apply(mv(M_CF, col));
        tail.push(mv(M_CF, col));
        played = true;
      }
    }
    if (played) {
      sincePlay = 0;
      continue;
    }
    if (c.waste > 0 && c.pileFor(c.wasteTop()) >= 0) {
      c.apply(mv(M_WF));
      tail.push(mv(M_WF));
      sincePlay = 0;
      continue;
    }
    if (sincePlay > c.talLen + 1) return null;
    let step: number;
    if (c.stockCount() > 0) step = mv(M_DRAW);
    else if (!c.vegas && c.waste > 0) step = mv(M_TURN);
    else return null;
    c.apply(step);
    tail.push(step);
    sincePlay++;
  }
  return c.onFoundations >= goal ? tail : null;
}

/**
 * Shortcut 5: from some point k of the line on, play only to the foundations, greedily
 * (`greedyTail`). Whether that wins is close to monotone in k, so the earliest such k is
 * looked for by bisection and a few points before it are tried too (a heuristic for where
 * to look: every ending found is a real line, checked like the rest). Returns the best
 * line found when it is shorter than `real`.
 */
function greedyEnding(fresh: () => DoubleState, real: readonly number[], work: Work, goal: number): number[] | null {
  let best: number[] | null = null;
  let bestLen = real.length;
  const at = (k: number): DoubleState => {
    const s = fresh();
    for (let i = 0; i < k; i++) s.apply(real[i]!);
    work.left -= k;
    return s;
  };
  const attempt = (k: number): boolean => {
    const s = at(k);
    const tail = greedyTail(s, 2 * real.length, goal);
    if (tail === null) return false;
    work.left -= tail.length;
    if (k + tail.length < bestLen) {
      best = [...real.slice(0, k), ...tail];
      bestLen = best.length;
    }
    return true;
  };
  let lo = 0;
  let hi = real.length; // the greedy ending reaches the goal from the end (nothing left to do)
  while (lo < hi && work.ok()) {
    const mid = (lo + hi) >> 1;
    if (attempt(mid)) hi = mid;
    else lo = mid + 1;
  }
  for (let k = hi - 1; k >= 0 && k >= hi - 8 && work.ok(); k--) attempt(k);
  return best;
}

/**
 * Cuts every cycle (shortcut 1) in one pass: plays the moves one by one on the engine and,
 * when a position repeats an earlier one of the kept line, undoes back to it and carries on
 * with the column numbers permuted. Returns the kept card moves (in the kept line's own
 * column numbers) or null if a move fails to replay (which the caller treats as "keep the
 * line as it was").
 */
function cutCycles(fresh: () => DoubleState, line: readonly CardMove[], work: Work, goal: number): CardMove[] | null {
  const s = fresh();
  const phi = IDENTITY.slice();
  const kept: CardMove[] = [];
  const applied: number[] = [];
  // The positions of the kept line in order, and where each is in it (see `LinePositions`).
  const seen = new LinePositions();
  seen.push(s);
  for (let n = 0; n < line.length; n++) {
    const c = line[n]!;
    if (s.onFoundations >= goal) break;
    if ((n & 1023) === 1023 && !work.ok()) return null;
    const k = playCard(s, c, phi, null);
    work.left -= k < 0 ? 1 : k;
    if (k < 0) return null;
    kept.push({ kind: c.kind, a: phi[c.a]!, b: phi[c.b]!, x: c.x });
    applied.push(k);
    const at = seen.indexOf(s);
    if (at < 0) {
      seen.push(s);
      continue;
    }
    // Back to position `at`: the columns without face-down cards may sit elsewhere.
    const later: (string | null)[] = [];
    for (let x = 0; x < COLUMNS; x++) later.push(s.down[x]! > 0 ? null : columnContent(s, x));
    while (kept.length > at) {
      const n = applied.pop()!;
      for (let i = 0; i < n; i++) s.undo();
      kept.pop();
    }
    seen.truncate(at + 1);
    // psi[x]: the column of the earlier position holding what column x holds in the later one.
    // Columns with face-down cards are keyed by index, so they are the same column.
    const psi = IDENTITY.slice();
    const used = new Uint8Array(COLUMNS);
    for (let x = 0; x < COLUMNS; x++) {
      const want = later[x];
      if (want === null || want === undefined) continue;
      let y = 0;
      while (y < COLUMNS && (used[y] === 1 || s.down[y]! > 0 || columnContent(s, y) !== want)) y++;
      if (y === COLUMNS) return null; // cannot happen with equal keys; the line is then kept
      used[y] = 1;
      psi[x] = y;
    }
    for (let c2 = 0; c2 < COLUMNS; c2++) phi[c2] = psi[phi[c2]!]!;
  }
  return s.onFoundations >= goal ? kept : null;
}

/** psi[x]: the column of `to` holding what column x of `from` holds (the keys are equal). */
function matchColumns(from: DoubleState, to: DoubleState): Uint8Array | null {
  const psi = IDENTITY.slice();
  const used = new Uint8Array(COLUMNS);
  for (let x = 0; x < COLUMNS; x++) {
    if (from.down[x]! > 0) continue; // keyed by index: the same column
    const want = columnContent(from, x);
    let y = 0;
    while (y < COLUMNS && (used[y] === 1 || to.down[y]! > 0 || columnContent(to, y) !== want)) y++;
    if (y === COLUMNS) return null; // cannot happen with equal keys; the line is then kept
    used[y] = 1;
    psi[x] = y;
  }
  return psi;
}

/**
 * Shortcut 6: jumps along the line. Walking the line, every legal move of the position
 * reached (draws left aside) is tried; when one leads to a position the line only reaches
 * further on (same key), it is played instead of the moves in between, and the walk goes on
 * from there with the column numbers permuted to match. A free jump (the position itself
 * comes again later) is a cycle. Returns the new card moves, or null when the work ran out
 * or a move failed (the caller keeps the line it has).
 */
function jumpAhead(fresh: () => DoubleState, cards: readonly CardMove[], work: Work, goal: number): CardMove[] | null {
  // The key of every position of the line (after each card move), and the last time each occurs.
  const walker = fresh();
  const last = new LineIndex();
  last.set(walker, 0);
  for (let i = 0; i < cards.length; i++) {
    if ((i & 1023) === 1023 && !work.ok()) return null;
    const k = playCard(walker, cards[i]!, IDENTITY, null);
    work.left -= 1;
    if (k < 0) return null;
    last.set(walker, i + 1);
  }
  const legal = new GrowableInt32Array(1 << 8);
  // The column codes of `cur`, for the keys one move off it.
  const codes = new Uint32Array(COLUMNS);
  const path = fresh(); // the line's own position at index `pi`
  const cur = fresh(); // where the new line is
  const out: CardMove[] = [];
  let phi: Uint8Array = IDENTITY.slice(); // path column -> cur column
  let pi = 0;
  const advance = (to: number): boolean => {
    while (pi < to) {
      if (playCard(path, cards[pi]!, IDENTITY, null) < 0) return false;
      pi++;
    }
    const psi = matchColumns(path, cur);
    if (psi === null) return false;
    phi = psi;
    return true;
  };
  while (pi < cards.length && cur.onFoundations < goal) {
    if (!work.ok()) return null;
    const here = last.get(cur);
    if (here > pi) {
      if (!advance(here)) return null;
      continue;
    }
    let bestJ = pi + 1;
    let bestMove: CardMove | null = null;
    const count = cur.legalMovesInto(legal);
    columnCodesInto(cur, codes, 0);
    for (let i = 0; i < count; i++) {
      const m = legal.data[i]!;
      const kind = mKind(m);
      if (kind === M_DRAW || kind === M_TURN) continue;
      cur.apply(m);
      work.left -= 10;
      const j = last.getAfterMove(cur, codes, sourceColumn(kind, mA(m)), targetColumn(kind, mB(m)));
      cur.undo();
      if (j > bestJ) {
        const c = cardMoveOf(cur, m);
        bestJ = j;
        bestMove = c;
      }
    }
    if (bestMove !== null) {
      if (playCard(cur, bestMove, IDENTITY, null) < 0) return null;
      out.push(bestMove);
      if (!advance(bestJ)) return null;
      continue;
    }
    const c = cards[pi]!;
    if (playCard(cur, c, phi, null) < 0) return null;
    out.push({ kind: c.kind, a: phi[c.a]!, b: phi[c.b]!, x: c.x });
    if (!advance(pi + 1)) return null;
  }
  return cur.onFoundations >= goal ? out : null;
}

/**
 * A shorter winning line than `line` (engine moves, solver jumps allowed), or the line's
 * own real moves when nothing shorter is found. `fresh` gives the starting position.
 * Always a line that replays to a win, checked here. With a `goal` below every card, the
 * line is one that puts that many cards on the foundations (a lost deal's furthest line),
 * and so is the shorter one: "a win" below then reads "the goal reached".
 */
export function shortenLine(
  fresh: () => DoubleState,
  line: readonly number[],
  budget = 400_000,
  deadline = Infinity,
  maxTurnOvers = Infinity,
  goal = Infinity,
): number[] {
  const start = fresh();
  const real = expandLine(start, line);
  const target = Math.min(goal, start.total);
  if (start.onFoundations < target) return real;
  // A shortcut may cost a turn-over (the greedy ending cycles the stock): not past this many.
  const fits = (moves: readonly number[]): boolean => maxTurnOvers === Infinity || turnOversIn(moves) <= maxTurnOvers;
  // Card moves, talon moves left out.
  let cards = cardMovesOf(fresh, real);
  // Long raw lines get more work: the jumps walk costs a few dozen keys per move.
  const work = new Work(budget + 60 * real.length, deadline);
  let best = real;
  let current = Infinity; // the length `cards` replays to
  const checkpoints = new Checkpoints(fresh, target);
  const consider = (candidate: CardMove[]): boolean => {
    const moves = checkpoints.replay(cards, candidate, work);
    if (moves === null || moves.length > current || !fits(moves)) return false;
    cards = candidate;
    current = moves.length;
    if (moves.length < best.length) best = moves;
    return true;
  };
  const pull = (): void => {
    if (!work.ok()) return;
    // Shortcut 4: when pulling cards early still wins and is shorter, keep it.
    const pulled = replayWins(fresh, cards, work, target, true);
    if (pulled !== null && pulled.length < best.length && fits(pulled)) {
      best = pulled;
      cards = cardMovesOf(fresh, pulled);
      current = pulled.length;
    }
  };
  const cycles = (): void => {
    if (!work.ok()) return;
    const cut = cutCycles(fresh, cards, work, target);
    if (cut !== null) consider(cut);
  };
  cycles();
  if (!consider(cards)) return best;
  const jumps = (): void => {
    const j = jumpAhead(fresh, cards, work, target);
    if (j !== null) consider(j);
  };
  jumps();
  const ending = (): void => {
    if (!work.ok()) return;
    const e = greedyEnding(fresh, best, work, target);
    if (e !== null && e.length < best.length && fits(e)) {
      best = e;
      cards = cardMovesOf(fresh, e);
      current = e.length;
    }
  };
  pull();
  ending();
  for (let round = 0; round < 3 && work.ok(); round++) {
    const before = best.length;
    // Shortcut 2: drop single moves, from the end (later moves depend on fewer others).
    for (let i = cards.length - 1; i >= 0 && work.ok(); i--) {
      if (i >= cards.length) continue;
      const kind = cards[i]!.kind;
      if (kind === M_WF || kind === M_WC || kind === M_CF) continue; // a win needs them
      consider([...cards.slice(0, i), ...cards.slice(i + 1)]);
    }
    // Shortcut 3: a card moved twice in a row (as a base) becomes one move. Between the two,
    // nothing may touch the column the card went to, so it is still the base there.
    for (let i = 0; i < cards.length && work.ok(); i++) {
      const first = cards[i]!;
      if (first.kind !== M_CC && first.kind !== M_WC && first.kind !== M_FC) continue;
      const face = first.kind === M_WC ? start.stockCards[first.x]! : first.x;
      const B = first.b;
      let found = -1;
      for (let j = i + 1; j < cards.length; j++) {
        const c = cards[j]!;
        if ((c.kind === M_CC && c.a === B && c.x === face) || (c.kind === M_CF && c.a === B)) {
          found = j;
          break;
        }
        if (sourceColumn(c.kind, c.a) === B || targetColumn(c.kind, c.b) === B) break;
      }
      if (found < 0) continue;
      const second = cards[found]!;
      const rest = [...cards.slice(0, i), ...cards.slice(i + 1, found), ...cards.slice(found + 1)];
      const merged = mergeMoves(first, second);
      if (merged === 'none') {
        consider(rest);
        continue;
      }
      if (merged === null) continue;
      if (consider([...cards.slice(0, i), merged, ...cards.slice(i + 1, found), ...cards.slice(found + 1)])) continue;
      consider([...rest.slice(0, found - 1), merged, ...rest.slice(found - 1)]);
    }
    cycles();
    pull();
    ending();
    if (best.length >= before) break;
  }
  return best;
}
