/**
 * How the deal routes answer: the query read and the position opened through the rules
 * engine (on the event loop: fast), the answer looked up in the cache or solved on a solver
 * thread, then kept, and the positions along its line worked out ahead.
 */
import { jsonInStyle } from '../cards/notation.js';
import type { Analysis, Solved } from '../contract/index.js';
import { openDeal } from '../core.js';
import { InputError } from '../errors/inputError.js';
import { refuseWithoutFairHint } from '../games/fairHint.js';
import type { HintResult } from '../games/hint.js';
import { refusedJson } from '../games/playResponse.js';
import { type Position, RefusedMoveError } from '../games/position.js';
import type { Limits } from '../search/limits.js';
import { type AnswerCache, isComplete } from './answerCache.js';
import { answerText } from './answerText.js';
import { answeredBy, solveDeadline } from './deadline.js';
import { type DealQuery, type ReadDealQuery, readDealQuery, refuseForeign } from './dealQuery.js';
import type { Prefetcher } from './prefetch.js';
import type { SharedCache } from './sharedCache.js';
import type { SolverPool } from './solverPool.js';
import type { SolveTask } from './solveTask.js';

export interface DealRoutesOptions {
  /** Complete answers as JSON text (cards in symbols), by position: in memory, and in Redis when shared. */
  cache: SharedCache;
  /** A request's own words to its answer's key in `cache`. */
  aliases: AnswerCache<string>;
  prefetch: Prefetcher;
  /** Counts each lookup as a hit or a miss (the metrics). */
  counted?: (hit: boolean) => void;
  /** The node and memory limits of every solve; the time limit is the request's. */
  limits: Limits;
  maxTimeMs: number;
  /** Keeps an analysis in the database (`serve --store`), or null. */
  store: ((analysis: Analysis, limits: Limits) => void) | null;
}

type Kind = SolveTask['kind'];

/** A position opened from the query: the rules engine has checked the deal and every move. */
export interface Opened {
  query: ReadDealQuery;
  position: Position<HintResult>;
}

/** A move the rules refuse, with the position before it: the error handler answers 400 with both. */
export class Refused extends Error {
  constructor(
    readonly error: RefusedMoveError,
    readonly before: Opened,
  ) {
    super(error.message);
  }

  /** The 400 body: the message, the move's number, the app's reason and the position before it. */
  body(): string {
    const { position, query } = this.before;
    return refusedJson(this.error, position, query.style, query.reveal);
  }
}

/** The cache's key of a position: the game, rule set, deal and moves, the switches asked, a fair hint's sampling, a hint's known line. */
export function keyOf(kind: Kind, position: Position, q: ReadDealQuery, moves: string): string {
  return (
    `${kind}\u0000${position.game}\u0000${position.rules}\u0000${position.fingerprint}\u0000${moves}\u0000${JSON.stringify(q.options)}` +
    (kind === 'fair' ? `\u0000${JSON.stringify(q.fair)}` : '') +
    (kind === 'hint' && q.line !== null ? `\u0000${q.line}` : '')
  );
}

/** The request in its own words, as the alias of the answer's key. */
function wordsOf(kind: Kind, raw: DealQuery): string {
  return `${kind}\u0000${JSON.stringify(Object.entries(raw).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;
}

export class DealAnswers {
  constructor(
    private readonly pool: SolverPool,
    private readonly o: DealRoutesOptions,
  ) {}

  /** The position after the query's moves; a move the rules refuse throws `Refused`. */
  open(raw: DealQuery): Opened {
    const query = readDealQuery(raw, this.o.maxTimeMs);
    const deal = openDeal(query.deal, query.flags);
    refuseForeign(deal.game, query.options);
    if (query.fair !== null) refuseWithoutFairHint(deal);
    if (query.fair !== null && query.line !== null) {
      throw new InputError(
        'line is for the hint that sees the whole deal: the fair hint (fair=true) judges moves by their chances, not by lines',
      );
    }
    const position = deal.position();
    try {
      position.playLine(query.moves, 'symbols');
    } catch (error) {
      // The moves before the refused one stay played: the position the player refused from.
      if (error instanceof RefusedMoveError) throw new Refused(error, { query, position });
      throw error;
    }
    // A hint's known line is checked on its solver thread (it replays the line): a line that
    // does not win comes back from there as an InputError, a 400.
    return { query, position };
  }

  /**
   * A solving route's answer as JSON text in the card style asked, and whether it was kept
   * (here or by another replica) rather than solved for this request: from the request's alias
   * when asked before, else through the rules engine. The time limit counts from `arrived`
   * (epoch milliseconds).
   */
  async answer(kind: Kind, raw: DealQuery, arrived = Date.now()): Promise<{ body: string; hit: boolean }> {
    const words = wordsOf(kind, raw);
    const alias = this.o.aliases.get(words);
    const known = alias === undefined ? undefined : await this.o.cache.get(alias);
    if (known !== undefined) this.o.counted?.(true);
    // Past the cap, a request is turned away before the rules engine opens its deal: a burst
    // costs the event loop little for the requests it cannot take.
    if (known === undefined) this.pool.refuseWhenFull();
    const { text, hit } = known !== undefined ? { text: known, hit: true } : await this.inTime(kind, this.open(raw), words, arrived);
    return { body: raw.cards === 'symbols' ? text : jsonInStyle(JSON.parse(text) as unknown, raw.cards), hit };
  }

  /** The answer by the request's deadline, or a 503 just before it. */
  private inTime(kind: Kind, opened: Opened, words: string, arrived: number): Promise<{ text: string; hit: boolean }> {
    const { timeMs } = opened.query;
    const deadline = arrived + timeMs;
    return answeredBy(this.solve(kind, opened, words, solveDeadline(deadline, timeMs)), deadline, timeMs);
  }

  /**
   * The answer as JSON text, cards in symbols: from the cache, or solved on a thread by `due`. A
   * complete answer is kept under the position's key, and under the request's own words so
   * that the same request asked again skips the rules engine too.
   */
  private async solve(kind: Kind, opened: Opened, words: string, due: number): Promise<{ text: string; hit: boolean }> {
    const { query, position } = opened;
    const moves = kind === 'analysis' ? '' : position.historyText('symbols');
    const key = keyOf(kind, position, query, moves);
    const cached = await this.o.cache.get(key);
    this.o.counted?.(cached !== undefined);
    if (cached !== undefined) {
      this.o.aliases.set(words, key);
      return { text: cached, hit: true };
    }
    const { result } = await this.pool.run(this.task(kind, query, moves, due));
    const text = answerText(kind, result);
    if (isComplete(result)) {
      this.o.cache.set(key, text);
      this.o.aliases.set(words, key);
      this.workAhead(kind, result, opened);
    } else if (kind === 'hint') {
      // Stopped by the request's time limit (a busy server): finished later, while a thread is free.
      this.o.prefetch.complete(query, moves, key);
    }
    if (kind === 'analysis' && 'verdict' in result && this.o.store !== null)
      this.o.store(result, { ...this.o.limits, timeMs: query.timeMs });
    return { text, hit: false };
  }

  /** What a solver thread is asked: the request's time limit covers its wait for a thread too. */
  private task(kind: Kind, query: ReadDealQuery, moves: string, deadline: number): SolveTask {
    const options = kind === 'hint' && query.line !== null ? { ...query.options, line: query.line } : query.options;
    const task: SolveTask = { kind, deal: query.deal, flags: query.flags, moves, limits: this.o.limits, deadline, options };
    if (kind === 'fair' && query.fair !== null) task.fair = query.fair;
    return task;
  }

  /**
   * The positions along the line found are the ones a player steps to next. A fair hint has
   * no line, and is never worked out ahead: its samples cost many solves.
   */
  private workAhead(kind: Kind, result: Solved['result'], { query, position }: Opened): void {
    const line = kind === 'analysis' && 'solution' in result ? result.solution : kind === 'hint' && 'line' in result ? result.line : null;
    const wins = kind === 'analysis' || ('status' in result && result.status === 'winnable');
    if (line !== null) this.o.prefetch.along(query, position, line, wins, (q, m) => keyOf('hint', position, q, m));
  }
}
