/**
 * Double Solitaire (two-deck Klondike, 9 columns) behind the game seam: open a code or a
 * deal file, analyse it (solver), show it, play moves through the rules engine.
 */
import type { CardStyle } from '../../cards/notation.js';
import { formatDealCode, parseDealCode } from '../../codes/dealCode.js';
import { InputError } from '../../errors/inputError.js';
import { Budget, describeLimit, type Limits } from '../../search/limits.js';
import { type TierOrUnknown, thresholdsFor } from '../difficulty.js';
import { fairHintResult } from '../fairHintResult.js';
import type { FairHintOptions, FairHintResult } from '../fairHintTypes.js';
import { fairPlayResult } from '../fairPlayResult.js';
import type { FairPlayOptions, FairPlayResult } from '../fairPlayTypes.js';
import type { HintOptions } from '../hintTypes.js';
import { type PlayOutcome, type PlayView, playOutcome } from '../position.js';
import type { AnalyseOptions, Analysis, DealInput, GameModule, MoveJson, OpenedDeal, RuleFlags } from '../types.js';
import { threadContext } from './context.js';
import { dealFromNumber, fingerprint, isDoubleText, layoutText, parseDealText, parseRules, rulesFromParsed } from './deal.js';
import { doubleDifficulty, vegasTier } from './difficulty.js';
import { type DoubleDeal, type DoubleRules, DoubleState, describeRules, rulesName } from './engine.js';
import { fairHintDouble } from './fairHint.js';
import { DOUBLE_FAIR_PLAYER, fairPlayDouble } from './fairPlayer.js';
import { vegasFigures } from './foundationCeiling.js';
import { type DoubleHintResult, replayPosition } from './hint.js';
import { movesLowerBound } from './lowerBound.js';
import { jsonMoveText, lineJson, moveText, positionText } from './play.js';
import { DoubleGamePosition } from './position.js';
import { LINE_AS_FOUND, solve } from './solver.js';
import { replayLine } from './solverLine.js';
import { DOUBLE_SCALE } from './tierCuts.js';
import { ceilingText, dollarsText, VEGAS_DOLLARS } from './vegasDollars.js';

/** The analysis of a Double Solitaire deal: the common fields plus the final score. */
export interface DoubleAnalysis extends Analysis {
  /** The most cards any line puts on the foundations (the stuck figure). */
  maxFoundation: number | null;
  /** Score at the end of the printed solution (`1220`, or `$416` under Vegas), null without one. */
  score: string | null;
  /**
   * A proven lower bound on the moves of any win from the deal (`lowerBound.ts`): each
   * card's last move, the draws, buried lower cards. Shown next to the printed length; null
   * under `winnabilityOnly`.
   */
  movesLowerBound: number | null;
  /** Turn-overs in the printed line (its passes through the stock, less one); null without a line. */
  turnOvers: number | null;
  /** What proves an `unwinnable` verdict ('search' or 'relaxation'), null otherwise. */
  lostBy: 'search' | 'relaxation' | null;
  /**
   * A deal not won (unwinnable or unknown): a line that puts `maxFoundation` cards on the
   * foundations, the furthest found (the most there is when `stuckExact`); under Vegas, the
   * line that pays the most that was found. Null for a win, and without a full analysis.
   */
  stuckLine: MoveJson[] | null;
  /** The score at the end of `stuckLine` (`$253` under Vegas), null without it. */
  stuckScore: string | null;
  /**
   * A proven upper bound on the foundation cards any line reaches: `maxFoundation` when that
   * is exact or a win, else (Vegas) the talon relaxation's bound (`foundationCeiling.ts`),
   * else every card.
   */
  foundationAtMost: number;
  /** Vegas: the dollars the best line found pays (`maxFoundation` cards), and the most any line can (`foundationAtMost`); null otherwise. */
  dollarsAtLeast: number | null;
  dollarsAtMost: number | null;
  /** Difficulty of a winnable deal (difficulty.ts); null figures when not established, tier `unknown`. */
  crossroads: number | null;
  losingShare: number | null;
  randomWinRate: number | null;
  randomWinError: number | null;
  difficulty: number | null;
  tier: TierOrUnknown | null;
}

class DoubleDealOpened implements OpenedDeal<DoubleAnalysis, DoubleGamePosition> {
  readonly game = 'double' as const;
  readonly fingerprint: string;
  readonly rules: string;

  /** The thread's tables and clock, handed to every search of the deal. */
  private readonly ctx = threadContext();

  constructor(
    readonly deal: DoubleDeal,
    readonly rulesSet: DoubleRules,
    readonly code: string | null,
  ) {
    this.rules = rulesName(rulesSet);
    this.fingerprint = fingerprint(deal, rulesSet);
  }

  newState(): DoubleState {
    return new DoubleState(this.deal, this.rulesSet);
  }

  analyse(limits: Limits, options: AnalyseOptions = {}): DoubleAnalysis {
    return this.ctx.phases.in('other', () => this.analyseTimed(limits, options));
  }

  private analyseTimed(limits: Limits, options: AnalyseOptions): DoubleAnalysis {
    const budget = new Budget(limits);
    const winnabilityOnly = options.winnabilityOnly === true;
    // The verdict alone needs no bound on moves and no short line: both cost many times the
    // search of an easy deal.
    const lowerBound = winnabilityOnly ? null : this.ctx.phases.in('lower bound', () => movesLowerBound(this.newState()));
    const result = solve(
      () => this.newState(),
      budget,
      winnabilityOnly ? LINE_AS_FOUND : { kind: 'line', optimize: options.optimize === true, fewerPasses: true, stuckLine: 'short' },
      this.ctx,
    );
    const ms = Math.round(budget.elapsedMs());
    const notes: string[] = [];
    let solution: MoveJson[] | null = null;
    let score: string | null = null;
    let turnOvers: number | null = null;
    if (result.line !== null && !winnabilityOnly) {
      const replay = this.newState();
      const out = lineJson(replay, result.line);
      if (!replay.isWon()) throw new Error('internal error: the solution does not win when replayed');
      if (replay.moves !== result.moves) throw new Error('internal error: the solution length does not match its replay');
      if (lowerBound !== null && replay.moves < lowerBound)
        throw new Error('internal error: a winning line shorter than the proven lower bound');
      solution = out;
      score = replay.scoreText();
      turnOvers = replay.turnOvers;
    }
    let stuckLine: MoveJson[] | null = null;
    let stuckScore: string | null = null;
    if (result.stuckLine !== null) {
      const replay = this.newState();
      stuckLine = lineJson(replay, result.stuckLine);
      if (replay.onFoundations !== result.maxFoundation) {
        throw new Error('internal error: the furthest line does not reach its count when replayed');
      }
      stuckScore = replay.scoreText();
    }
    const limit = result.hit !== null ? describeLimit(result.hit, limits) : null;
    if (result.verdict === 'unknown') {
      notes.push(`the search stopped at ${limit} before deciding; ${result.maxFoundation} foundation cards is a lower bound`);
    } else if (result.verdict === 'winnable' && options.optimize && !result.minMovesProved) {
      notes.push(
        limit !== null
          ? `the search for shorter lines stopped at ${limit}: ${result.moves} moves is the best found, not proven minimal`
          : `${result.moves} moves is the best found, not proven minimal`,
      );
    } else if (result.verdict === 'unwinnable') {
      notes.push(
        result.lostBy === 'relaxation'
          ? 'lost by a stated argument: even with every card free to leave whenever a card it builds on is at hand, one pass through the stock cannot bring all cards up'
          : 'lost by a complete search: every position reachable was searched',
      );
      notes.push(
        result.stuckExact
          ? `no line of play wins; the most cards any line puts on the foundations is ${result.maxFoundation}`
          : `no line of play wins; the search for the most foundation cards stopped at ${limit}: ${result.maxFoundation} is a lower bound`,
      );
    }
    // Proven: a win reaches every card, an exact figure is the most; else the relaxation's bound.
    const bounds = vegasFigures(this.newState(), result, winnabilityOnly);
    const cuts = thresholdsFor(DOUBLE_SCALE, this.rules);
    // Difficulty belongs to winnable deals, and only a full analysis pays for it.
    const d =
      result.verdict === 'winnable' && !winnabilityOnly && result.line !== null
        ? this.ctx.phases.in('difficulty', () => doubleDifficulty(this.deal, this.rulesSet, result.line!, undefined, this.ctx))
        : null;
    if (d) notes.push(...d.notes);
    return {
      code: this.code,
      fingerprint: this.fingerprint,
      game: 'double',
      rules: this.rules,
      verdict: result.verdict,
      winnable: result.verdict === 'unknown' ? null : result.verdict === 'winnable',
      minMoves: winnabilityOnly ? null : result.moves,
      minMovesProved: winnabilityOnly ? false : result.minMovesProved,
      moves: winnabilityOnly ? null : result.moves,
      maxFoundation: result.maxFoundation,
      stuckExact: result.stuckExact,
      ...bounds,
      solution: winnabilityOnly ? null : solution,
      score: winnabilityOnly ? null : score,
      movesLowerBound: lowerBound,
      turnOvers: winnabilityOnly ? null : turnOvers,
      lostBy: result.lostBy,
      stuckLine,
      stuckScore,
      crossroads: d?.crossroads ?? null,
      losingShare: d?.losingShare ?? null,
      randomWinRate: d?.randomWinRate ?? null,
      randomWinError: d?.randomWinError ?? null,
      difficulty: d?.difficulty ?? null,
      tier: vegasTier(cuts, result.maxFoundation) ?? (d ? d.tier : result.verdict === 'winnable' ? 'unknown' : null),
      nodes: result.nodes,
      ms,
      limit,
      notes,
    };
  }

  show(style: CardStyle, layout: boolean): string {
    const title = this.code ?? `deal ${this.fingerprint}`;
    if (layout) return layoutText(this.deal, this.rulesSet, style, [`${title} (${this.rules}: ${describeRules(this.rulesSet)})`]);
    // `show` is for analysis: it draws the deal whole.
    return `${title}  ${this.rules}: ${describeRules(this.rulesSet)}\n${positionText(this.newState(), style, true)}\n`;
  }

  play(moves: string, style: CardStyle, view: PlayView = {}): PlayOutcome {
    return playOutcome(this.position(), moves, style, view);
  }

  position(): DoubleGamePosition {
    return new DoubleGamePosition(this);
  }

  /** The hint after `moves` (the `play` notation); an illegal move throws `InputError`. */
  hint(moves: string, limits: Limits, options: HintOptions = {}): DoubleHintResult {
    const position = this.position();
    position.playLine(moves);
    return position.hint(limits, options);
  }

  /** The fair hint after `moves` (the `play` notation; see fairHint.ts); an illegal move throws `InputError`. */
  fairHint(moves: string, options: FairHintOptions): FairHintResult {
    // The rules engine checks the moves first, with the messages play gives.
    const { state, played } = replayPosition(this.newState(), moves);
    const engineMoves = Array.from({ length: state.historyLength() }, (_, i) => state.historyMove(i));
    const h = fairHintDouble(this.deal, this.rulesSet, engineMoves, options);
    // Key order as Pyramide's fair hint writes them.
    const judged = h.moves.map(({ move, wins, decided, chance, low, high }) => ({ move, wins, decided, chance, low, high }));
    return fairHintResult({ code: this.code, fingerprint: this.fingerprint, game: 'double', rules: this.rules }, played, h, judged);
  }

  /** The fair player's games on the deal (see fairPlayer.ts). */
  fairPlay(options: FairPlayOptions): FairPlayResult {
    const run = fairPlayDouble(this.deal, this.rulesSet, options);
    const played = run.played.map((g) => ({ end: g.end, moves: lineJson(this.newState(), g.moves), blindSteps: g.blindSteps }));
    const deal = { code: this.code, fingerprint: this.fingerprint, game: 'double' as const, rules: this.rules };
    return fairPlayResult(deal, played, options, run, { samplesPer: 'plan', assumption: DOUBLE_FAIR_PLAYER });
  }

  /** The printed solution in the `play` syntax (one move per entry). */
  solutionText(line: readonly number[], style: CardStyle): string[] {
    const state = this.newState();
    const out: string[] = [];
    replayLine(state, line, (m) => out.push(moveText(state, m, style)));
    return out;
  }
}

export function openDouble(input: DealInput, flags: RuleFlags): DoubleDealOpened {
  if (input.kind === 'code') {
    const code = parseDealCode(input.code);
    if (code.family !== CODES.family) {
      throw new InputError(`"${input.code}" is not a Double Solitaire code: expected DS1-D1N-XXXXXXX (or D3N, D1V, D3V)`);
    }
    const rules = parseRules(flags.rules ?? code.options, flags.rules !== undefined ? '--rules' : 'the code options');
    const canonical = formatDealCode({ ...code, options: rulesName(rules) });
    return new DoubleDealOpened(dealFromNumber(code.number), rules, canonical);
  }
  const parsed = parseDealText(input.text, input.source);
  return new DoubleDealOpened(parsed.deal, rulesFromParsed(parsed, flags.rules), null);
}

function thousands(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * One line for people, then (like Pyramide) the solution in the `play` syntax with cards in
 * the asked style (`R♦ c3-f` in French), and the notes.
 */
function describeDouble(a: DoubleAnalysis, style: CardStyle = 'symbols'): string {
  const head = `${a.code ?? `deal ${a.fingerprint} (${a.rules})`}  `;
  let what: string;
  if (a.verdict === 'winnable') {
    if (a.moves !== null) {
      // Rows stored by an older solver have no bound.
      const bound = typeof a.movesLowerBound === 'number' ? `; every win needs at least ${a.movesLowerBound}` : '';
      // Rows stored before the field have no turn-over count; Vegas has no turn-over to count.
      const vegas = a.rules.endsWith('V');
      const turns = typeof a.turnOvers === 'number' && !vegas ? `, ${a.turnOvers} turn-over${a.turnOvers === 1 ? '' : 's'}` : '';
      what = `winnable in ${a.moves} moves${turns} (${a.minMovesProved ? 'proven minimal' : `not proven minimal${bound}`})`;
      if (a.score) what += `, ${a.score.startsWith('$') || a.score.startsWith('-$') ? a.score : `${a.score} points`}`;
    } else {
      what = 'winnable';
    }
  } else if (a.verdict === 'unwinnable') {
    what =
      a.stuckExact === false
        ? `unwinnable (stuck: at least ${a.maxFoundation} of 104 cards reach the foundations${dollarsText(a.dollarsAtLeast)}, the most not proven${ceilingText(a.foundationAtMost, a.dollarsAtMost, 104)})`
        : `unwinnable (stuck: at most ${a.maxFoundation} of 104 cards reach the foundations${dollarsText(a.dollarsAtLeast)})`;
  } else {
    what = `unknown (stopped by ${a.limit}; at least ${a.maxFoundation} cards reached the foundations${dollarsText(a.dollarsAtLeast)}${ceilingText(a.foundationAtMost, a.dollarsAtMost, 104)})`;
  }
  if (a.tier && a.rules.endsWith('V')) what += `, tier ${a.tier} (Vegas: by the dollars the best line found pays)`;
  else if (a.tier) {
    what +=
      a.difficulty === null || a.difficulty === undefined
        ? `, tier ${a.tier}`
        : `, tier ${a.tier} (score ${a.difficulty}: ${a.crossroads} crossroads along it, losing share ${a.losingShare}, the random progress player wins ${a.randomWinRate} ± ${a.randomWinError})`;
  }
  let text = `${head}${what}, ${thousands(a.nodes)} nodes, ${thousands(a.ms)} ms`;
  if (a.solution) text += `\n  ${a.solution.map((m) => jsonMoveText(m, style)).join('; ')}`;
  // Rows stored before the field have no furthest line.
  if (Array.isArray(a.stuckLine) && a.stuckLine.length > 0) {
    const score = a.stuckScore ? (a.stuckScore.includes('$') ? a.stuckScore : `${a.stuckScore} points`) : null;
    const details = [score, `${a.stuckLine.length} moves`].filter((d) => d !== null).join(', ');
    // With an exact figure the line reaches the most there is; otherwise the furthest found.
    const head = a.stuckExact
      ? `a line to the ${a.maxFoundation} cards (${details})`
      : `furthest line found (${a.maxFoundation} cards on the foundations, ${details})`;
    text += `\n  ${head}:\n  ${a.stuckLine.map((m) => jsonMoveText(m, style)).join('; ')}`;
  }
  for (const note of a.notes) text += `\n  note: ${note}`;
  return text;
}

const CODES = { family: 'DS1', options: ['D1N', 'D3N', 'D1V', 'D3V'] } as const;

export const doubleGame: GameModule<DoubleAnalysis, MoveJson, DoubleGamePosition> = {
  id: 'double',
  name: 'Double Solitaire',
  codes: CODES,
  rulePresets: "D1N, D3N, D1V or D3V (the default: the code's letters)",
  ruleOptions: [],
  analysisOptions: [
    {
      flags: '--optimize',
      key: 'optimize',
      description: 'Double Solitaire: after a win is found, search for shorter lines and prove the minimum when possible',
    },
  ],
  stuck: {
    field: 'maxFoundation',
    title: 'most cards on the foundations (maxFoundation)',
    reach: 'of the 104 cards can reach the foundations',
    min: 0,
    max: 104,
    of: (a) => a.maxFoundation,
    restore: (a, maxFoundation) => ({ ...(a as DoubleAnalysis), maxFoundation }),
  },
  moveText: jsonMoveText,
  figures: [
    // the score at the end of the printed line (1220, or $416 under Vegas)
    { field: 'score', type: 'text' },
    // a proven lower bound on the moves of any win (null: winnability only)
    { field: 'movesLowerBound', type: 'integer' },
    // the turn-overs in the printed line (its passes through the stock, less one)
    { field: 'turnOvers', type: 'integer' },
    // what proves an unwinnable verdict: search (complete) or relaxation
    { field: 'lostBy', type: 'text' },
    // a deal not won: a line putting maxFoundation cards on the foundations (the furthest found; under Vegas, the
    // most it pays)
    { field: 'stuckLine', type: 'moves' },
    // the score at the end of stuckLine ($253 under Vegas)
    { field: 'stuckScore', type: 'text' },
    // a proven upper bound on the foundation cards any line reaches (maxFoundation when exact; under Vegas the
    // talon relaxation)
    { field: 'foundationAtMost', type: 'integer' },
    // Vegas: the dollars the best line found pays (maxFoundation cards); null otherwise
    { field: 'dollarsAtLeast', type: 'integer' },
    // Vegas: the most dollars any line can pay (foundationAtMost cards); null otherwise
    { field: 'dollarsAtMost', type: 'integer' },
    // winnable: positions along the line found where some legal move loses; null: a move was not judged within its
    // budget
    { field: 'crossroads', type: 'integer', listed: true },
    // winnable: the share of legal moves along the line found that lose; null: not established
    { field: 'losingShare', type: 'real', listed: true },
    // winnable: the share of seeded games the random progress player wins
    { field: 'randomWinRate', type: 'real', listed: true },
    // half the width of the Wilson 95% interval of randomWinRate
    { field: 'randomWinError', type: 'real', listed: true },
    // the difficulty score: 10 log10(1/p) + crossroads + 100 losingShare; null when a figure is
    { field: 'difficulty', type: 'real' },
    // easy, medium, hard or expert by the score (unknown without it or without cuts), null unless winnable; under
    // Vegas by the cards the best line found reaches, for every verdict
    { field: 'tier', type: 'text' },
  ],
  difficulty: DOUBLE_SCALE,
  dollars: { rules: ['D1V', 'D3V'], ...VEGAS_DOLLARS },
  solverVersion: '17',
  open: (input, flags) => openDouble(input, flags),
  recognises: (text) => isDoubleText(text),
  describe: (analysis, style) => describeDouble(analysis, style),
};
