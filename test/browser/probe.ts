/**
 * What the browser tests and the browser bench ask of the core, written once and run in both
 * engines: in Node with `src/core.ts`, and in a page or a Web Worker with the one-file browser
 * build. The core comes as an argument and everything else is a type, so the build of this
 * file (`dist/test/browser/probe.js`) has no import and loads in a page next to the bundle.
 */
import type * as Core from '../../src/core.js';
import type { AnalyseOptions, Analysis, HintResult, Limits, MoveJson, PlayResponse, PositionJson, RuleFlags } from '../../src/core.js';

/** The core as an engine loads it: `src/core.ts` in Node, `dist/core/cardsolve-core.js` in a browser. */
export type CoreModule = typeof Core;

/** A position to ask about: the moves from the deal, and a move its rules refuse (chosen in Node). */
export interface PositionCase {
  /** The moves played from the deal, in the `play` notation. */
  moves: string;
  /** A move the rules refuse in this position, or null when none was found. */
  refuse: string | null;
}

/** A deal and what to ask of it, within `limits`: its analysis (null: none) and positions along a line. */
export interface DealCase {
  code: string;
  flags: RuleFlags;
  limits: Limits;
  analyse: AnalyseOptions | null;
  positions: PositionCase[];
}

/** What a refused move throws, as an app would read it. */
export interface RefusalAnswer {
  /** Whether it is a `RefusedMoveError` (the rules refused it), and an `InputError`. */
  refusedMove: boolean;
  inputError: boolean;
  message: string;
  reason: string | null;
  moveNumber: number | null;
}

export interface PositionAnswer {
  hint: HintResult;
  response: PlayResponse;
  moves: MoveJson[];
  json: PositionJson;
  history: string;
  /** The same moves with the cards in letters. */
  historyEn: string;
  refusal: RefusalAnswer | null;
  /** The position after the refusal: as it was. */
  afterRefusal: PositionJson;
  /** The last move taken back, and the moves left after it. */
  undone: MoveJson | null;
  historyAfterUndo: string;
}

export interface DealAnswer {
  code: string;
  analysis: Analysis | null;
  positions: PositionAnswer[];
}

function refusalOf(core: CoreModule, error: unknown): RefusalAnswer {
  if (!(error instanceof Error)) throw error;
  const refused = error instanceof core.RefusedMoveError;
  return {
    refusedMove: refused,
    inputError: core.isInputError(error),
    message: error.message,
    reason: refused ? error.reason : null,
    moveNumber: refused ? error.moveNumber : null,
  };
}

/** The move's refusal by the position, or null when the rules take it (then taken back). */
export function tryMove(core: CoreModule, position: Core.Position<HintResult>, move: string): RefusalAnswer | null {
  try {
    position.move(move);
  } catch (error) {
    return refusalOf(core, error);
  }
  position.undo();
  return null;
}

/** Every answer the cases ask for: analyses, hints, and what a position object says. */
export function answers(core: CoreModule, cases: readonly DealCase[]): DealAnswer[] {
  return cases.map((c) => {
    const limits = c.limits;
    const deal = core.openDeal(c.code, c.flags);
    const analysis = c.analyse === null ? null : deal.analyse(limits, c.analyse);
    const positions = c.positions.map((at): PositionAnswer => {
      const hint = deal.hint(at.moves, limits);
      const position = core.openPosition(c.code, c.flags);
      position.playLine(at.moves);
      const refusal = at.refuse === null ? null : tryMove(core, position, at.refuse);
      const afterRefusal = position.toJSON();
      const answer = {
        hint,
        response: core.playResponse(position),
        moves: position.moves(),
        json: position.toJSON(),
        history: position.historyText(),
        historyEn: position.historyText('en'),
        refusal,
        afterRefusal,
      };
      const undone = position.undo();
      return { ...answer, undone, historyAfterUndo: position.historyText() };
    });
    return { code: c.code, analysis, positions };
  });
}

/** One hint: the deal, its rules and the moves to the position. */
export interface HintAsk {
  code: string;
  flags: RuleFlags;
  moves: string;
}

/** A hint, for the Web Worker check. */
export function oneHint(core: CoreModule, ask: HintAsk, limits: Limits): HintResult {
  return core.openDeal(ask.code, ask.flags).hint(ask.moves, limits);
}

// ---- the bench's timings ---------------------------------------------------------------------

/** A time and a short digest of the answer, to see that both engines answered the same. */
export interface Timed {
  ms: number;
  digest: string;
}

/** Hints along a line of one deal: the moves to each position. */
export interface HintJob {
  code: string;
  flags: RuleFlags;
  positions: string[];
}

function hintDigest(core: CoreModule, h: HintResult): string {
  const best = h.best === null ? '-' : core.moveText(h.game, h.best);
  return `${h.status} ${h.movesLeft} ${best} ${h.moves.map((j) => j.label[0]).join('')} ${h.limit}`;
}

/** Each hint timed, the deal opened once per job (the time includes replaying the moves). */
export function timeHints(core: CoreModule, jobs: readonly HintJob[], limits: Limits): Timed[][] {
  return jobs.map((job) => {
    const deal = core.openDeal(job.code, job.flags);
    return job.positions.map((moves) => {
      const t = performance.now();
      const h = deal.hint(moves, limits);
      const ms = performance.now() - t;
      return { ms, digest: hintDigest(core, h) };
    });
  });
}

export interface AnalysisJob {
  code: string;
  flags: RuleFlags;
}

export interface TimedAnalysis extends Timed {
  /** The solution in the `play` notation, each move apart (null when none). */
  line: string[] | null;
}

/** Each analysis timed, the deal opened within the time. */
export function timeAnalyses(core: CoreModule, jobs: readonly AnalysisJob[], limits: Limits, withLines = false): TimedAnalysis[] {
  return jobs.map((job) => {
    const t = performance.now();
    const a = core.openDeal(job.code, job.flags).analyse(limits);
    const ms = performance.now() - t;
    const digest = `${a.verdict} ${a.minMoves} ${a.moves} ${a.limit}`;
    const line = withLines && a.solution !== null ? a.solution.map((m) => core.moveText(a.game, m)) : null;
    return { ms, digest, line };
  });
}

/** Work for a Web Worker while the page watches its main thread: analyses, then hints. */
export function workerLoad(core: CoreModule, analyses: readonly AnalysisJob[], hints: readonly HintJob[], limits: Limits): number {
  const t = performance.now();
  timeAnalyses(core, analyses, limits);
  timeHints(core, hints, limits);
  return performance.now() - t;
}
