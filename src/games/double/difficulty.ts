/**
 * Double Solitaire difficulty, as far as the solver establishes it within stated budgets.
 * The solver gives one winning line, not every one, so the figures are along that line:
 *
 * - `lineMoves`: the length of the shortest line found (the analysis's `minMoves`);
 * - `crossroads`: the positions of that line where some legal move loses (after it the game
 *   can no longer be won), and `losingShare`: the share of the legal moves along the line
 *   that lose. Every legal move off the line is judged: positions on a winning line are
 *   winning, so a move that leads to one (or one move from one) wins by transposition;
 *   otherwise a search of at most `JUDGE_NODES` positions decides it (a win adds its whole
 *   line to the positions known to win, a complete search proves it loses). Past
 *   `DEAL_NODES` for the deal, or a search cut short, the move stays unjudged, and both
 *   figures are null;
 * - `randomWinRate`: the share of `PLAYOUTS` seeded games that the random progress player
 *   (progressPlayer.ts) wins, with its Wilson 95% error.
 *
 * The score: 10·log10(1/p) + crossroads + 100·losingShare, p the rate smoothed as
 * (wins + 0.5)/(playouts + 1). The tier is `unknown` when a figure is null or the rule set
 * has no cuts. Node budgets, not time, so the figures do not depend on the machine's load.
 */
import { KeyTable } from '../../search/keyTable.js';
import { Budget } from '../../search/limits.js';
import { byReach, round, type TierOrUnknown, type TierThresholds, thresholdsFor, tierOf, wilson95 } from '../difficulty.js';
import { type DoubleDeal, type DoubleRules, DoubleState, rulesName } from './engine.js';
import { KEY_WORDS, PositionKey } from './positionKey.js';
import { randomProgressWins } from './progressPlayer.js';
import { DoubleSearch } from './search.js';
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
/** The first restart's cap; each restart doubles it (as the solver does). */
const FIRST_RUN_NODES = 250;
const RESTART_JITTER = 150;
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

/** Positions known to win or to lose, by exact key, and the searches that add to them. */
class Judge {
  readonly wins = new KeyTable(KEY_WORDS, null, 1 << 12);
  readonly losses = new KeyTable(KEY_WORDS, null, 1 << 6);
  private readonly keys = new PositionKey();
  nodes = 0;

  constructor(
    readonly withPointer: boolean,
    private readonly budget: DoubleDifficultyBudget,
  ) {}

  key(s: DoubleState): Uint32Array {
    return this.keys.write(s, this.withPointer);
  }

  /** 1 wins, 0 loses, -1 not judged (within `cap` positions). The position `s` is left as it was. */
  judge(s: DoubleState, cap = this.budget.judgeNodes): number {
    if (s.isWon() || this.wins.lookup(this.key(s)) >= 0) return 1;
    if (this.losses.lookup(this.key(s)) >= 0) return 0;
    // One move from a known win (most moves off the line can be undone).
    for (const y of s.legalMoves()) {
      s.apply(y);
      const hit = this.wins.lookup(this.key(s)) >= 0;
      s.undo();
      if (hit) return 1;
    }
    if (this.nodes >= this.budget.dealNodes) return -1;
    const budget = new Budget({
      timeMs: Infinity,
      nodes: Math.min(cap, this.budget.dealNodes - this.nodes),
      memoryBytes: MEMORY,
    });
    let verdict = -1;
    for (let run = 0; ; run++) {
      const search = new DoubleSearch(s.clone(), budget);
      search.autoplay();
      search.orderSeed = run;
      search.jitter = RESTART_JITTER;
      // Back onto a position known to win is as good as a win.
      search.goal = (p) => this.wins.lookup(this.key(p)) >= 0;
      const { outcome } = search.run(new KeyTable(KEY_WORDS, budget, 1 << 10, 4), this.withPointer, null, FIRST_RUN_NODES * 2 ** run);
      if (outcome === 'win') {
        // The line ends on a win or on a position known to win; so every position of it wins.
        const end = s.clone();
        replayLine(end, search.history(), () => {});
        if (!end.isWon() && this.wins.lookup(this.key(end)) < 0) throw new Error('internal error: a judging line does not win');
        const replay = s.clone();
        this.wins.intern(this.key(replay));
        replayLine(replay, search.history(), (m) => {
          replay.apply(m);
          this.wins.intern(this.key(replay));
          replay.undo();
        });
        verdict = 1;
        break;
      }
      if (outcome === 'done') {
        this.losses.intern(this.key(s));
        verdict = 0;
        break;
      }
      if (outcome !== 'capped') break;
    }
    this.nodes += budget.nodes;
    return verdict;
  }
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
): DoubleDifficulty {
  const fresh = (): DoubleState => new DoubleState(deal, rules);
  // Draw 1 with unlimited turn-overs: every waste pointer reaches every other one.
  const judge = new Judge(!(rules.draw === 1 && !rules.vegas), budget);
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
  let crossroads = 0;
  let losing = 0;
  let legalCount = 0;
  let offLine = 0;
  let undecided = 0;
  let searched = 0;
  const judged = (x: number, cap?: number): number => {
    p.apply(x);
    const before = judge.nodes;
    const v = judge.judge(p, cap);
    if (judge.nodes > before) searched++;
    p.undo();
    return v;
  };
  // Per position of the line, the moves that lose and those a first, short search left unjudged.
  const lostAt: number[] = [];
  const unjudged: Array<{ at: number; x: number }> = [];
  moves.forEach((m, at) => {
    const legal = p.legalMoves();
    legalCount += legal.length;
    lostAt.push(0);
    for (const x of legal) {
      if (x === m) continue;
      offLine++;
      const v = judged(x);
      if (v === 0) lostAt[at]!++;
      else if (v < 0) unjudged.push({ at, x });
    }
    p.apply(m);
  });
  // What the quick moves left of the deal's budget goes to the moves still unjudged, in equal
  // shares of what is left when each starts (the wins learnt meanwhile help the later ones).
  if (unjudged.length > 0) {
    const back = fresh();
    let at = 0;
    unjudged.forEach(({ at: target, x }, k) => {
      // The moves of the line are replayed forward only: `unjudged` is in line order.
      while (at < target) back.apply(moves[at++]!);
      p.copyFrom(back);
      const cap = Math.max(budget.judgeNodes, (budget.dealNodes - judge.nodes) / (unjudged.length - k));
      const v = judged(x, cap);
      if (v === 0) lostAt[target]!++;
      else if (v < 0) undecided++;
    });
  }
  for (const lost of lostAt) {
    if (lost > 0) crossroads++;
    losing += lost;
  }

  const wins = randomProgressWins(deal, rules, budget.playouts, dealSeed(deal));
  const { low, high } = wilson95(wins, budget.playouts);
  const established = undecided === 0;
  const notes: string[] = [];
  if (!established) {
    notes.push(
      `difficulty: ${undecided} of the ${offLine} moves off the line found were not judged within ${budget.judgeNodes} positions each (${budget.dealNodes} for the deal)`,
    );
  }
  const cuts = thresholdsFor(DOUBLE_SCALE, rulesName(rules));
  const losingShare = established && legalCount > 0 ? round(losing / legalCount, 4) : null;
  const score = established ? doubleScore(crossroads, losing / Math.max(1, legalCount), wins, budget.playouts) : null;
  return {
    lineMoves: moves.length,
    crossroads: established ? crossroads : null,
    losingShare,
    offLine,
    searched,
    retried: unjudged.length,
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
