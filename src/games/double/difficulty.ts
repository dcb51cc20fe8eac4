/**
 * Double Solitaire difficulty, as far as the solver establishes it within stated budgets.
 * The solver gives one winning line, not every one, so the figures are along that line:
 *
 * - `lineMoves`: the length of the shortest line found (the analysis's `minMoves`);
 * - `crossroads`: the positions of that line where some legal move loses (after it the game
 *   can no longer be won), and `losingShare`: the share of the legal moves along the line
 *   that lose. Every legal move off the line is judged: positions on a winning line are
 *   winning, so a move wins by transposition when it leads to one, or when legal moves
 *   reach one from it: one move, the talon turned (draws and turn-overs alone), or the
 *   line's own next moves (`rejoins`: a move off the line is often one of them played
 *   early). Otherwise the solver's restarts (`decide`, with the positions known to win as
 *   its goal) search it, first on at most `JUDGE_NODES` positions a move; what those leave
 *   of `DEAL_NODES` for the deal then goes to the moves still unjudged, one after the other,
 *   each with all that is left, as one move left unjudged leaves the deal's figures unknown.
 *   A win adds its whole line to the positions known to win, a complete search proves the
 *   move loses. A move no search decides stays unjudged, and both figures are null;
 * - `randomWinRate`: the share of `PLAYOUTS` seeded games that the random progress player
 *   (progressPlayer.ts) wins, with its Wilson 95% error.
 *
 * The score: 10·log10(1/p) + crossroads + 100·losingShare, p the rate smoothed as
 * (wins + 0.5)/(playouts + 1). The tier is `unknown` when a figure is null or the rule set
 * has no cuts. Node budgets, not time, so the figures do not depend on the machine's load.
 */
import { GrowableInt32Array } from '../../search/growable.js';
import { KeyTable } from '../../search/keyTable.js';
import { Budget } from '../../search/limits.js';
import { byReach, round, type TierOrUnknown, type TierThresholds, thresholdsFor, tierOf, wilson95 } from '../difficulty.js';
import { type DoubleContext, threadContext } from './context.js';
import { COLUMNS, type DoubleDeal, type DoubleRules, DoubleState, rulesName } from './engine.js';
import { M_DRAW, M_TURN, mA, mB, mKind, sourceColumn, targetColumn } from './move.js';
import { columnCodesInto, KEY_WORDS, PositionKey } from './positionKey.js';
import { randomProgressWins } from './progressPlayer.js';
import { decide } from './solver.js';
import { replayLine } from './solverLine.js';
import { DOUBLE_SCALE } from './tierCuts.js';

interface DoubleDifficulty {
  lineMoves: number;
  crossroads: number | null;
  losingShare: number | null;
  /** Legal moves off the line, those a search judged, and those left unjudged. */
  offLine: number;
  searched: number;
  /** Moves the first, short searches left unjudged, searched again with what the deal's budget left. */
  retried: number;
  undecided: number;
  randomWinRate: number;
  randomWinError: number;
  randomPlayouts: number;
  difficulty: number | null;
  tier: TierOrUnknown;
  notes: string[];
}

/** Positions one off-line move's search may visit (restarts included). */
const JUDGE_NODES = 5000;
/** Positions all the searches of one deal may visit. */
const DEAL_NODES = 400_000;
const PLAYOUTS = 100;
/** The cap of the first round of restarts; each round doubles it (as the solver does). */
const FIRST_RUN_NODES = 250;
/** How far `rejoins` follows the line. */
const REJOIN_MOVES = 80;
const MEMORY = 256 * 1024 ** 2;

interface DoubleDifficultyBudget {
  judgeNodes: number;
  dealNodes: number;
  playouts: number;
}

const DEFAULT_DIFFICULTY_BUDGET: DoubleDifficultyBudget = { judgeNodes: JUDGE_NODES, dealNodes: DEAL_NODES, playouts: PLAYOUTS };

/** The documented score; null without the line's figures. */
export function doubleScore(crossroads: number, losingShare: number, wins: number, playouts: number): number {
  const p = (wins + 0.5) / (playouts + 1);
  return round(10 * Math.log10(1 / p) + crossroads + 100 * losingShare, 2);
}

/** A seed from the deal's cards (FNV-1a), so a deal always gets the same playouts. */
function dealSeed(deal: DoubleDeal): number {
  let h = 0x811c9dc5;
  const mix = (c: number): void => {
    h ^= c + 1;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  for (const column of deal.columns) for (const c of column) mix(c);
  for (const c of deal.stock) mix(c);
  return h >>> 0;
}

/**
 * What decided a move: a position already known ('known'), one legal move from one ('one
 * move'), the talon turned ('talon'), the line's next moves ('line', `Judge.rejoins`), or a
 * search ('search', also for a move left unjudged).
 */
export type JudgedBy = 'known' | 'one move' | 'talon' | 'line' | 'search';

/** A legal move off the line, at the line's move `at`, and its verdict: 1 wins, 0 loses, -1 unjudged. */
export interface OffLineMove {
  at: number;
  move: number;
  verdict: number;
  by: JudgedBy;
}

/** A position reached by `move`, a move off `line` at its move `at`. */
interface LineContext {
  line: readonly number[];
  at: number;
  move: number;
}

/** Positions known to win or to lose, by exact key, and the searches that add to them. */
class Judge {
  readonly wins = new KeyTable(KEY_WORDS, null, 1 << 12);
  readonly losses = new KeyTable(KEY_WORDS, null, 1 << 6);
  private readonly keys = new PositionKey();
  /** `oneMoveFromWin`'s legal moves, and the column codes of its position. */
  private readonly moves = new GrowableInt32Array(1 << 8);
  private readonly codes = new Uint32Array(COLUMNS);
  nodes = 0;
  /** What decided the last verdict of `judge` (or left it unjudged: 'search'). */
  how: JudgedBy = 'known';

  constructor(
    readonly withPointer: boolean,
    private readonly budget: DoubleDifficultyBudget,
    private readonly context: DoubleContext,
  ) {}

  key(s: DoubleState): Uint32Array {
    return this.keys.write(s, this.withPointer);
  }

  /** Whether a legal move from `s` reaches a position known to win (most moves off the line can be undone). */
  private oneMoveFromWin(s: DoubleState): boolean {
    // Each move's key from the columns of `s`: a move changes two of them at most.
    columnCodesInto(s, this.codes, 0);
    const count = s.legalMovesInto(this.moves);
    for (let i = 0; i < count; i++) {
      const m = this.moves.data[i]!;
      const kind = mKind(m);
      // Without the pointer in the key a talon move leads to the key of `s`, not known to win.
      if (!this.withPointer && (kind === M_DRAW || kind === M_TURN)) continue;
      s.apply(m);
      const key = this.keys.writeAfterMove(s, this.codes, 0, sourceColumn(kind, mA(m)), targetColumn(kind, mB(m)), this.withPointer);
      const hit = this.wins.lookup(key) >= 0;
      s.undo();
      if (hit) return true;
    }
    return false;
  }

  /**
   * Whether drawing and turning over alone (two passes through the stock at most) reach a
   * position known to win: a move that only moved the waste pointer, or one made while the
   * pointer stood elsewhere, often comes back onto the line so.
   */
  private talonReachesWin(s: DoubleState): boolean {
    // Without the pointer in the key, draws and turn-overs keep the key of `s`, not known to win.
    if (!this.withPointer) return false;
    const steps = 2 * (Math.ceil(s.talLen / s.draw) + 1);
    let made = 0;
    let hit = false;
    for (; made < steps && !hit; made++) {
      const t = s.talonMove();
      if (t < 0) break;
      s.apply(t);
      hit = this.wins.lookup(this.key(s)) >= 0;
    }
    for (let k = 0; k < made; k++) s.undo();
    return hit;
  }

  /**
   * Whether the line's own moves, played on from `q` (the position after `x`, a move off the
   * line at its move `at`) while they stay legal, with `x` left out where the line plays it,
   * reach a position known to win: `x` was often one of the line's next moves played early.
   * `q` is left as it was.
   */
  private rejoins(q: DoubleState, line: readonly number[], at: number, x: number): boolean {
    let skipped = false;
    let made = 0;
    let hit = false;
    for (let k = at; k < line.length && made < REJOIN_MOVES && !hit; k++) {
      const m = line[k]!;
      if (!skipped && m === x) {
        skipped = true;
        continue;
      }
      if (q.refusal(m) !== null) break;
      q.apply(m);
      made++;
      hit = this.wins.lookup(this.key(q)) >= 0;
    }
    for (let k = 0; k < made; k++) q.undo();
    return hit;
  }

  /**
   * 1 wins, 0 loses, -1 not judged (within `cap` positions), and `how` says what decided it.
   * `along`: where `s` left the line, for `rejoins`. The position `s` is left as it was.
   */
  judge(s: DoubleState, cap = this.budget.judgeNodes, along: LineContext | null = null): number {
    this.how = 'known';
    const key = this.key(s);
    if (s.isWon() || this.wins.lookup(key) >= 0) return 1;
    if (this.losses.lookup(key) >= 0) return 0;
    this.how = 'one move';
    if (this.oneMoveFromWin(s)) return 1;
    this.how = 'line';
    if (along !== null && this.rejoins(s, along.line, along.at, along.move)) return 1;
    this.how = 'talon';
    if (this.talonReachesWin(s)) return 1;
    this.how = 'search';
    if (this.nodes >= this.budget.dealNodes) return -1;
    const budget = new Budget({
      timeMs: Infinity,
      nodes: Math.min(cap, this.budget.dealNodes - this.nodes),
      memoryBytes: MEMORY,
    });
    // The solver's own restarts: focused runs find the wins that complete ones get lost
    // before, and a complete run that ends proves the move loses.
    const { search, outcome } = decide(() => s.clone(), budget, {
      firstRunNodes: FIRST_RUN_NODES,
      // Back onto a position known to win is as good as a win.
      goal: (p) => this.wins.lookup(this.key(p)) >= 0,
      tableSlots: 1 << 10,
      context: this.context,
    });
    this.nodes += budget.nodes;
    if (outcome === 'win') {
      // The line ends on a win or on a position known to win (checked before anything is
      // learnt from it); so every position of it wins.
      const line = search.history();
      const end = s.clone();
      replayLine(end, line, () => {});
      if (!end.isWon() && this.wins.lookup(this.key(end)) < 0) throw new Error('internal error: a judging line does not win');
      // The same positions again, backwards from the end: undone one by one.
      for (let k = end.historyLength(); ; k--) {
        this.wins.intern(this.key(end));
        if (k === 0) break;
        end.undo();
      }
      return 1;
    }
    if (outcome === 'done') {
      this.losses.intern(this.key(s));
      return 0;
    }
    return -1;
  }
}

/** What `judgeOffLine` found along a winning line. */
interface LineJudgement {
  /** The line's real engine moves (solver jumps spelled out). */
  moves: number[];
  /** Legal moves at the positions of the line, its own included. */
  legalCount: number;
  offLine: OffLineMove[];
  /** Moves a search looked at, and those the first, short searches left to the second round. */
  searched: number;
  retried: number;
}

/**
 * Judges every legal move off a winning line (engine moves, solver jumps allowed), within
 * `budget` (the judgeNodes and dealNodes of it).
 */
export function judgeOffLine(
  deal: DoubleDeal,
  rules: DoubleRules,
  line: readonly number[],
  budget: DoubleDifficultyBudget = DEFAULT_DIFFICULTY_BUDGET,
  ctx: DoubleContext = threadContext(),
): LineJudgement {
  const fresh = (): DoubleState => new DoubleState(deal, rules);
  // Draw 1 with unlimited turn-overs: every waste pointer reaches every other one.
  const judge = new Judge(!(rules.draw === 1 && !rules.vegas), budget, ctx);
  const moves: number[] = [];
  const walk = fresh();
  judge.wins.intern(judge.key(walk));
  replayLine(walk, line, (m) => {
    moves.push(m);
    walk.apply(m);
    judge.wins.intern(judge.key(walk));
    walk.undo();
  });
  if (!walk.isWon()) throw new Error('internal error: the line does not win when replayed');

  const p = fresh();
  let legalCount = 0;
  let searched = 0;
  const offLine: OffLineMove[] = [];
  const judged = (entry: OffLineMove, cap?: number): void => {
    p.apply(entry.move);
    const before = judge.nodes;
    entry.verdict = judge.judge(p, cap, { line: moves, at: entry.at, move: entry.move });
    entry.by = judge.how;
    if (judge.nodes > before) searched++;
    p.undo();
  };
  moves.forEach((m, at) => {
    const legal = p.legalMoves();
    legalCount += legal.length;
    for (const x of legal) {
      if (x === m) continue;
      const entry: OffLineMove = { at, move: x, verdict: -1, by: 'search' };
      offLine.push(entry);
      judged(entry);
    }
    p.apply(m);
  });
  // What the quick searches left of the deal's budget goes to the moves still unjudged, one
  // after the other, each with all that is left: a single move left unjudged leaves the
  // deal's figures unknown, so no share kept for the next one can help; and the wins each
  // learns often decide the next ones by transposition.
  const unjudged = offLine.filter((e) => e.verdict < 0);
  const back = fresh();
  let at = 0;
  for (const entry of unjudged) {
    // The moves of the line are replayed forward only: `offLine` is in line order.
    while (at < entry.at) back.apply(moves[at++]!);
    p.copyFrom(back);
    judged(entry, Math.max(budget.judgeNodes, budget.dealNodes - judge.nodes));
  }
  return { moves, legalCount, offLine, searched, retried: unjudged.length };
}

/**
 * The figures of a winnable deal from its winning line (engine moves, solver jumps allowed).
 * `rules` names the rule set for the tier cuts.
 */
export function doubleDifficulty(
  deal: DoubleDeal,
  rules: DoubleRules,
  line: readonly number[],
  budget: DoubleDifficultyBudget = DEFAULT_DIFFICULTY_BUDGET,
  ctx: DoubleContext = threadContext(),
): DoubleDifficulty {
  const { moves, legalCount, offLine, searched, retried } = judgeOffLine(deal, rules, line, budget, ctx);
  const lostAt = new Set<number>();
  let losing = 0;
  let undecided = 0;
  for (const e of offLine) {
    if (e.verdict === 0) {
      losing++;
      lostAt.add(e.at);
    } else if (e.verdict < 0) undecided++;
  }
  const crossroads = lostAt.size;

  const wins = randomProgressWins(deal, rules, budget.playouts, dealSeed(deal));
  const { low, high } = wilson95(wins, budget.playouts);
  const established = undecided === 0;
  const notes: string[] = [];
  if (!established) {
    notes.push(
      `difficulty: ${undecided} of the ${offLine.length} moves off the line found were not judged within the deal's ${budget.dealNodes} positions of search`,
    );
  }
  const cuts = thresholdsFor(DOUBLE_SCALE, rulesName(rules));
  const losingShare = established && legalCount > 0 ? round(losing / legalCount, 4) : null;
  const score = established ? doubleScore(crossroads, losing / Math.max(1, legalCount), wins, budget.playouts) : null;
  return {
    lineMoves: moves.length,
    crossroads: established ? crossroads : null,
    losingShare,
    offLine: offLine.length,
    searched,
    retried,
    undecided,
    randomWinRate: round(wins / budget.playouts, 4),
    randomWinError: round((high - low) / 2, 4),
    randomPlayouts: budget.playouts,
    difficulty: score,
    // Vegas tiers are by the cards reached, not by this score (`vegasTier`).
    tier: byReach(cuts) ? 'unknown' : tierOf(cuts, score),
    notes,
  };
}

/**
 * The Vegas tier of a deal (cuts `by: 'reach'`): by the most foundation cards its best line
 * found reaches, whatever the verdict (a win counts them all); null without cuts.
 */
export function vegasTier(cuts: TierThresholds | null, reached: number | null): TierOrUnknown | null {
  return cuts === null || !byReach(cuts) ? null : tierOf(cuts, reached);
}
