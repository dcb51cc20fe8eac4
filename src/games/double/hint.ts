/**
 * Double Solitaire hints: the position after some moves, replayed through the engine, and
 * every legal move judged by the solver started from the position after it:
 *
 *   winning   a win is known after it (the length of the shortest line found; proven
 *             minimal with `optimize` when that search finishes)
 *   losing    proven: no line wins after it (and the most foundation cards still reachable)
 *   unknown   a limit stopped its search
 *
 * The solver sees the face-down cards and the stock order, which the player does not: these
 * are judgements of the deal as dealt, not of what the player can know.
 *
 * The time and node limits are for the whole hint: each move's search gets an equal share of
 * what is left when it starts, so time a quick move does not use goes to the moves after it;
 * what is left once every move is judged goes to the moves still unknown, searched again.
 */
import { InputError } from '../../errors/inputError.js';
import { now } from '../../search/clock.js';
import { Budget, describeLimit, type LimitName, type Limits } from '../../search/limits.js';
import { type HintOptions, type HintResultBase, type JudgedMoveBase, notWinning, type PositionStatus } from '../hintTypes.js';
import type { MoveJson } from '../moveJson.js';
import type { PositionJson } from '../position.js';
import type { DoubleState } from './engine.js';
import { type VegasFigures, vegasFigures } from './foundationCeiling.js';
import { type DoublePositionJson, legalMove, lineJson, moveJson, positionJson, splitMoves } from './play.js';
import { shortenLine } from './shorten.js';
import { solve, VERDICT_ONLY } from './solver.js';
import { vegasDollars } from './vegasDollars.js';

/** A Double Solitaire move judged: the common fields and the most foundation cards after it. */
export interface DoubleJudgedMove extends JudgedMoveBase, VegasFigures {
  label: 'winning' | 'losing' | 'unknown';
  /** The most cards any line going on from this move puts on the foundations (see `stuckExact`). */
  maxFoundation: number;
}

/** A Double Solitaire hint: the common fields, the most foundation cards from the position, its judged moves. */
export interface DoubleHintResult extends HintResultBase, VegasFigures {
  game: 'double';
  position: DoublePositionJson;
  maxFoundation: number;
  moves: DoubleJudgedMove[];
}

/** A Double Solitaire position as JSON (`Position.toJSON()`), the head of its hints. */
export interface DoublePositionHead extends PositionJson {
  game: 'double';
  position: DoublePositionJson;
}

/** The head of a hint of `state`, reached by the moves `played`. */
export function positionHead(source: Omit<DoubleHintSource, 'newState'>, state: DoubleState, played: MoveJson[]): DoublePositionHead {
  return {
    code: source.code,
    fingerprint: source.fingerprint,
    game: 'double',
    rules: source.rules,
    played,
    position: positionJson(state, 'symbols'),
    score: state.scoreText(),
    counter: state.moves,
  };
}

/** What a hint needs of an opened Double Solitaire deal. */
export interface DoubleHintSource {
  code: string | null;
  fingerprint: string;
  rules: string;
  newState(): DoubleState;
}

/**
 * The position after `movesText` (the `play` notation), replayed through the engine, with
 * the moves as JSON. An illegal move throws `InputError` with its number and the app's reason.
 */
export function replayPosition(start: DoubleState, movesText: string): { state: DoubleState; played: MoveJson[] } {
  const played: MoveJson[] = [];
  splitMoves(movesText).forEach((text, i) => {
    const m = legalMove(start, text, i + 1, 'symbols');
    played.push(moveJson(start, m));
    start.apply(m);
  });
  return { state: start, played };
}

/** One search from a position: the verdict, a winning line as JSON, the figures. */
interface Search {
  verdict: 'winnable' | 'unwinnable' | 'unknown';
  line: MoveJson[] | null;
  moves: number | null;
  proved: boolean;
  maxFoundation: number;
  stuckExact: boolean;
  /** Not won: the line to `maxFoundation` as the search found it (engine moves, solver jumps), for `furthestLine`. */
  stuckRaw: number[] | null;
  nodes: number;
  hit: LimitName | null;
}

function searchFrom(position: DoubleState, limits: Limits, optimize: boolean, verdictOnly = false): Search {
  if (position.isWon()) {
    return {
      verdict: 'winnable',
      line: [],
      moves: 0,
      proved: true,
      maxFoundation: position.total,
      stuckExact: true,
      stuckRaw: null,
      nodes: 0,
      hit: null,
    };
  }
  const fresh = startingAt(position);
  const budget = new Budget(limits);
  // Each move keeps its furthest line raw: only the best one is shortened, at the end.
  const r = solve(fresh, budget, verdictOnly ? VERDICT_ONLY : { kind: 'line', optimize, fewerPasses: false, stuckLine: 'raw' });
  let line: MoveJson[] | null = null;
  if (r.line !== null) {
    const replay = fresh();
    line = lineJson(replay, r.line);
    if (!replay.isWon() || replay.moves !== r.moves) throw new Error('internal error: a hint line does not replay to a win in its length');
  }
  return {
    verdict: r.verdict,
    line,
    moves: r.moves,
    proved: r.minMovesProved,
    maxFoundation: r.maxFoundation,
    stuckExact: r.stuckExact,
    stuckRaw: r.stuckLine,
    nodes: r.nodes,
    hit: r.hit,
  };
}

/**
 * The line from `position` to `foundation` cards on the foundations, from a search's raw
 * one: shortened within `deadline` and replayed through the engine (which must agree).
 */
function furthestLine(position: DoubleState, raw: readonly number[], foundation: number, deadline: number): MoveJson[] {
  const fresh = startingAt(position);
  const replay = fresh();
  const out = lineJson(replay, shortenLine(fresh, raw, undefined, deadline, Infinity, foundation));
  if (replay.onFoundations !== foundation) throw new Error('internal error: a hint line does not reach its count when replayed');
  return out;
}

/** Fresh copies of `position` with the move counter at 0, so that a line's length counts from here. */
function startingAt(position: DoubleState): () => DoubleState {
  return () => {
    const s = position.clone();
    s.moves = 0;
    return s;
  };
}

/** Equal shares of what is left of a limit (Infinity stays Infinity). */
function share(total: number, used: number, searchesLeft: number): number {
  if (total === Infinity) return Infinity;
  return Math.max(1, (total - used) / searchesLeft);
}

const RANK: Record<DoubleJudgedMove['label'], number> = { winning: 0, unknown: 1, losing: 2 };

/** The most foundation cards any line after a judged move reaches (the stuck figure). */
function reachOf(j: DoubleJudgedMove): number {
  return j.maxFoundation;
}

/** Best first: wins by length (proven ones first on a tie), then undecided, then losses keeping the most cards. */
function better(a: DoubleJudgedMove, b: DoubleJudgedMove): number {
  if (RANK[a.label] !== RANK[b.label]) return RANK[a.label] - RANK[b.label];
  if (a.label === 'winning') return a.movesLeft! - b.movesLeft! || Number(b.movesLeftProved) - Number(a.movesLeftProved);
  // The most cards reached (under Vegas, dollars), then the higher proven ceiling.
  return reachOf(b) - reachOf(a) || b.foundationAtMost - a.foundationAtMost;
}

/** A legal move judged, with the winning line found after it (null unless `winning`). */
export interface DoubleJudgement {
  j: DoubleJudgedMove;
  /** The move, as the engine plays it. */
  m: number;
  line: MoveJson[] | null;
  /** Not winning: the line to its `maxFoundation` as the search found it (see `Search.stuckRaw`). */
  stuckRaw: number[] | null;
  nodes: number;
  hit: LimitName | null;
  /** Searched a second time, with what the other moves left (see the file comment). */
  retried?: boolean;
}

/** Move `m` of `state` judged by search `s` from the position `after` it. */
function judgement(state: DoubleState, m: number, after: DoubleState, s: Search, limits: Limits, verdictOnly: boolean): DoubleJudgement {
  const label = s.verdict === 'winnable' ? 'winning' : s.verdict === 'unwinnable' ? 'losing' : 'unknown';
  return {
    j: {
      move: moveJson(state, m),
      label,
      wins: s.verdict === 'unknown' ? null : s.verdict === 'winnable',
      movesLeft: s.moves,
      movesLeftProved: s.proved,
      extraMoves: null,
      maxFoundation: Math.max(s.maxFoundation, after.onFoundations),
      stuckExact: s.stuckExact,
      ...vegasFigures(after, s, verdictOnly),
      limit: s.verdict === 'unknown' && s.hit !== null ? describeLimit(s.hit, limits) : null,
    },
    m,
    line: s.line,
    stuckRaw: s.stuckRaw,
    nodes: s.nodes,
    hit: s.verdict === 'unknown' ? s.hit : null,
  };
}

/**
 * A line the caller knows to win from `state` (`HintOptions.line`: the rest of the solution
 * a page shows beside the hint), replayed through the engine, as the search of its first
 * move would give it; null without one. Throws `InputError` for a line the rules refuse or
 * that does not win.
 */
function knownLine(state: DoubleState, text: string | undefined): KnownLine | null {
  if (text === undefined || text.trim() === '') return null;
  let replayed: ReturnType<typeof replayPosition>;
  try {
    replayed = replayPosition(startingAt(state)(), text);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`line: ${e.message}`);
    throw e;
  }
  const { state: end, played } = replayed;
  if (!end.isWon()) {
    const where = end.legalMoves().length === 0 ? 'no more moves' : 'in play';
    throw new InputError(`line: ${notWinning(where)}`);
  }
  const won = (line: MoveJson[], moves: number): Search => ({
    verdict: 'winnable',
    line,
    moves,
    proved: false,
    maxFoundation: end.total,
    stuckExact: true,
    stuckRaw: null,
    nodes: 0,
    hit: null,
  });
  const m = legalMove(state, splitMoves(text)[0]!, 1, 'symbols');
  const first = state.clone();
  first.moves = 0;
  first.apply(m);
  return { m, whole: won(played, end.moves), after: won(played.slice(1), end.moves - first.moves) };
}

/** A known line (`knownLine`): its first move, and the search it stands for from the position and from after that move. */
interface KnownLine {
  m: number;
  whole: Search;
  after: Search;
}

/**
 * The judgements with the known line's first move judged by it where its own search found a
 * longer line or none: a hint never tells of a longer line than one already known from the
 * same position (a page showing the deal's solution beside the hint tells one story).
 */
function withKnownLine(state: DoubleState, judged: DoubleJudgement[], known: KnownLine | null, limits: Limits): void {
  if (known === null) return;
  const i = judged.findIndex((x) => x.m === known.m);
  const had = judged[i];
  if (had === undefined) throw new Error('internal error: a known line starts with a move that is not legal');
  if (had.j.label === 'losing') throw new Error('internal error: a move judged lost starts a line that wins');
  if (had.j.label === 'winning' && had.j.movesLeft !== null && had.j.movesLeft <= known.after.moves!) return;
  const after = state.clone();
  after.apply(known.m);
  judged[i] = { ...judgement(state, known.m, after, known.after, limits, false), nodes: had.nodes };
}

/**
 * Every legal move of `state`, each judged by a search from the position after it, in the
 * engine's order; the limits are shared among the moves (see the file comment). With
 * `verdictOnly` the labels alone are sure: a win has no line and no length (`solve`'s
 * `verdict` mode), for callers that only count wins.
 */
export function judgeMoves(
  state: DoubleState,
  limits: Limits,
  optimize: boolean,
  { verdictOnly = false }: { verdictOnly?: boolean } = {},
): DoubleJudgement[] {
  const started = now();
  const legal = state.legalMoves();
  let nodes = 0;
  const judge = (m: number, left: number): DoubleJudgement => {
    const mine: Limits = {
      timeMs: share(limits.timeMs, now() - started, left),
      nodes: share(limits.nodes, nodes, left),
      memoryBytes: limits.memoryBytes,
    };
    const after = state.clone();
    after.apply(m);
    const s = searchFrom(after, mine, optimize, verdictOnly);
    nodes += s.nodes;
    return judgement(state, m, after, s, limits, verdictOnly);
  };
  const judged = legal.map((m, i) => judge(m, legal.length - i));
  // What the quick moves left goes to the moves still unknown: each searched again, from
  // scratch, with an equal share of it (the first share was cut for the moves after it).
  const unknown = judged.flatMap((x, i) => (x.j.label === 'unknown' ? [i] : []));
  unknown.forEach((i, k) => {
    if (now() - started >= limits.timeMs || nodes >= limits.nodes) return;
    const first = judged[i]!;
    const again = judge(legal[i]!, unknown.length - k);
    // The nodes of both searches count: a hint reports all it searched.
    judged[i] = { ...(again.j.label !== 'unknown' ? again : first), nodes: first.nodes + again.nodes, retried: true };
  });
  return judged;
}

/** The hint after `movesText` (the `play` notation), replayed from the deal; an illegal move throws `InputError`. */
export function hintDouble(source: DoubleHintSource, movesText: string, limits: Limits, options: HintOptions = {}): DoubleHintResult {
  const { state, played } = replayPosition(source.newState(), movesText);
  return hintDoubleAt(positionHead(source, state, played), state, limits, options);
}

/**
 * The hint for `state` (left as it is: the searches start from copies), `head` saying where
 * it stands: every legal move judged, or with `statusOnly` the position alone.
 */
export function hintDoubleAt(head: DoublePositionHead, state: DoubleState, limits: Limits, options: HintOptions = {}): DoubleHintResult {
  const started = now();
  const optimize = options.optimize === true;
  const seeAll = 'these judgements see the face-down cards and the stock order, which the player does not';
  const ms = (): number => Math.round(now() - started);

  const known = knownLine(state, options.line);
  if (state.isWon() || options.statusOnly === true) {
    let s = searchFrom(state, limits, optimize);
    if (known !== null && (s.verdict !== 'winnable' || s.moves! > known.whole.moves!)) s = { ...known.whole, nodes: s.nodes };
    let status: PositionStatus = s.verdict === 'winnable' ? 'winnable' : s.verdict === 'unwinnable' ? 'lost' : 'unknown';
    if (state.isWon()) status = 'won';
    else if (state.legalMoves().length === 0) status = 'dead end';
    const limit = s.hit !== null ? describeLimit(s.hit, limits) : null;
    return {
      ...head,
      status,
      movesLeft: s.moves,
      movesLeftProved: s.proved,
      maxFoundation: Math.max(s.maxFoundation, state.onFoundations),
      stuckExact: s.stuckExact,
      ...vegasFigures(state, s, false),
      best: s.line !== null && s.line.length > 0 ? s.line[0]! : null,
      crossroads: [],
      moves: [],
      line: s.line,
      nodes: s.nodes,
      ms: ms(),
      limit,
      notes: state.isWon() ? [] : [seeAll, 'the position only: its moves are not judged one by one'],
    };
  }

  const legal = state.legalMoves();
  const judged = judgeMoves(state, limits, optimize);
  withKnownLine(state, judged, known, limits);
  const nodes = judged.reduce((sum, x) => sum + x.nodes, 0);
  const stoppedBy = judged.find((x) => x.j.label === 'unknown')?.hit ?? null;
  judged.sort((a, b) => better(a.j, b.j));
  const moves = judged.map((x) => x.j);
  for (const j of moves) if (j.label === 'winning') j.extraMoves = j.movesLeft! - moves[0]!.movesLeft!;

  const top = moves[0];
  const status: PositionStatus =
    top === undefined ? 'dead end' : top.label === 'winning' ? 'winnable' : top.label === 'losing' ? 'lost' : 'unknown';
  const decided = moves.every((j) => j.label !== 'unknown');
  const notes = [seeAll];
  if (legal.length > 0) {
    const how =
      limits.timeMs === Infinity && limits.nodes === Infinity
        ? 'no time or node limit'
        : "the limits are for the whole hint: each move's search gets an equal share of what is left when it starts, and what is left at the end goes to the moves still unknown, searched again";
    notes.push(`${legal.length} legal move${legal.length === 1 ? '' : 's'} judged one by one; ${how}`);
  }
  if (status === 'winnable' && !optimize)
    notes.push('the lengths are those of the shortest lines found; --optimize searches for the fewest moves');
  const reach = moves.reduce((most, j) => Math.max(most, reachOf(j)), state.onFoundations);
  const stuckExact = status === 'winnable' || (decided && moves.every((j) => j.stuckExact));
  const ceiling =
    status === 'winnable' ? state.total : stuckExact ? reach : moves.reduce((most, j) => Math.max(most, j.foundationAtMost), reach);
  // Not winnable: the best move and the furthest line found after it (under Vegas, the most
  // it pays), shortened within what is left of the time limit, and a tenth of a second at least.
  let line: MoveJson[] | null = status === 'winnable' ? [top!.move, ...judged[0]!.line!] : null;
  const first = judged[0];
  if (status !== 'winnable' && top !== undefined && first?.stuckRaw && reachOf(top) === reach) {
    const after = state.clone();
    after.apply(first.m);
    const deadline = now() + Math.max(100, limits.timeMs - (now() - started));
    line = [top.move, ...furthestLine(after, first.stuckRaw, reachOf(top), deadline)];
  }
  return {
    ...head,
    status,
    movesLeft: status === 'winnable' ? top!.movesLeft! + 1 : null,
    // The fewest from here only when every move is decided and every win proven minimal.
    movesLeftProved: status === 'winnable' && decided && moves.every((j) => j.label !== 'winning' || j.movesLeftProved),
    maxFoundation: status === 'winnable' ? state.total : reach,
    stuckExact,
    // Every line goes through one of the moves: the most of their ceilings bounds the position.
    foundationAtMost: ceiling,
    dollarsAtLeast: vegasDollars(state, status === 'winnable' ? state.total : reach),
    dollarsAtMost: vegasDollars(state, ceiling),
    best: top?.move ?? null,
    crossroads: status === 'winnable' ? moves.filter((j) => j.label === 'losing').map((j) => j.move) : [],
    moves,
    line,
    nodes,
    ms: ms(),
    limit: stoppedBy !== null ? describeLimit(stoppedBy, limits) : null,
    notes,
  };
}
