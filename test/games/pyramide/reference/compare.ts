/**
 * Deal by deal, the solver's answers against the reference breadth-first search (bfs.ts).
 * Deals come in code order from PY1-N-AAAAAAA; a deal whose reference search passes its
 * position cap before settling winnability is skipped. Every disagreement is collected with
 * the deal code, the rules and both answers.
 *
 * Finding out that a deal passes the cap costs a whole capped search, most of the running
 * time; so the deals known to pass it can be listed (`overCap`) and skipped without a
 * search. Every deal compared is still searched by the reference, on every run.
 */
import { formatDealCode, parseDealCode } from '../../../../src/codes/dealCode.js';
import { dealFromNumber } from '../../../../src/games/pyramide/deal.js';
import { PyramideGame, type PyramideMove } from '../../../../src/games/pyramide/engine.js';
import { formatMove } from '../../../../src/games/pyramide/notation.js';
import { type PyramideRules, rulesName } from '../../../../src/games/pyramide/rules.js';
import { solvePyramide } from '../../../../src/games/pyramide/solver/analyse.js';
import type { Limits } from '../../../../src/search/limits.js';
import { type ReferenceResult, referenceSearch } from './bfs.js';

/** Generous: the solver should never stop on these deals. */
export const SOLVER_LIMITS: Limits = { timeMs: 60_000, nodes: Infinity, memoryBytes: 4 * 1024 ** 3 };

export interface CompareOptions {
  /** Deals to compare on winnable and minMoves. */
  want: number;
  /** The reference's position cap per deal. */
  maxPositions: number;
  /** Give up after this many deals (compared or skipped). */
  maxDeals: number;
  /** Deal numbers known to pass the cap, skipped without a search; null to search every deal. */
  overCap: readonly number[] | null;
  /** Winnable deals to search exhaustively as well (for dead ends), when the win came within `exhaustiveUnder` positions. */
  exhaustiveWinnable: number;
  exhaustiveUnder: number;
}

export interface CompareReport {
  rules: string;
  /** Deals compared on winnable and minMoves. */
  compared: number;
  winnable: number;
  unwinnable: number;
  /** Deals the reference searched exhaustively: maxRemoved compared exactly. */
  exhaustive: number;
  /** Deals whose dead-end answer was compared (the reference saw one, or searched everything). */
  deadEndCompared: number;
  /** Deals not compared: listed in `overCap`, or their reference search passed its cap. */
  skipped: number;
  /** Deal numbers whose reference search passed its cap in this run. */
  foundOverCap: number[];
  /** Deal numbers skipped, listed or found (with `overCap` null: a fresh list). */
  skippedNumbers: number[];
  disagreements: string[];
  positions: number;
  referenceMs: number;
  solverMs: number;
}

export function codeOf(n: number): string {
  const code = formatDealCode({ family: 'PY1', options: 'N', number: n });
  if (parseDealCode(code).number !== n) throw new Error(`deal code ${code} does not read back as ${n}`);
  return code;
}

/** Plays the solver's line through the rules engine: null when it wins in exactly `expected` moves, else what went wrong. */
export function replayProblem(n: number, rules: PyramideRules, line: readonly PyramideMove[], expected: number): string | null {
  const game = new PyramideGame(dealFromNumber(n), rules);
  for (const [i, move] of line.entries()) {
    if (game.isWon()) return `won after ${i} moves, before the end of the line`;
    const reason = game.refusal(move);
    if (reason !== null) return `move ${i + 1} (${formatMove(move)}) refused: ${reason}`;
    game.move(move);
  }
  if (!game.isWon()) return `not won after the line's ${line.length} moves`;
  if (line.length !== expected) return `the line has ${line.length} moves, the reference's fewest is ${expected}`;
  return null;
}

/** What is wrong with a lost deal's line to its most cards (each move legal, ending with `expected` pyramid cards removed), or null. */
export function stuckLineProblem(n: number, rules: PyramideRules, line: readonly PyramideMove[], expected: number): string | null {
  const game = new PyramideGame(dealFromNumber(n), rules);
  for (const [i, move] of line.entries()) {
    const reason = game.refusal(move);
    if (reason !== null) return `move ${i + 1} (${formatMove(move)}) refused: ${reason}`;
    game.move(move);
  }
  if (game.isWon()) return 'the line wins a lost deal';
  const removed = 28 - game.pyramidLeft();
  return removed === expected ? null : `the line removes ${removed} pyramid cards, the most is ${expected}`;
}

export function compareWithReference(rules: PyramideRules, options: CompareOptions): CompareReport {
  const name = rulesName(rules);
  const report: CompareReport = {
    rules: name,
    compared: 0,
    winnable: 0,
    unwinnable: 0,
    exhaustive: 0,
    deadEndCompared: 0,
    skipped: 0,
    foundOverCap: [],
    skippedNumbers: [],
    disagreements: [],
    positions: 0,
    referenceMs: 0,
    solverMs: 0,
  };
  const listed = new Set(options.overCap ?? []);
  let exhaustiveWinnableLeft = options.exhaustiveWinnable;

  for (let n = 0; report.compared < options.want && n < options.maxDeals; n++) {
    if (listed.has(n)) {
      report.skipped++;
      report.skippedNumbers.push(n);
      continue;
    }
    const code = codeOf(n);
    const deal = dealFromNumber(n);
    let t = performance.now();
    let ref: ReferenceResult = referenceSearch(deal, rules, { maxPositions: options.maxPositions, stopAtWin: true });
    report.positions += ref.positions;
    if (ref.winnable === true && !ref.complete && exhaustiveWinnableLeft > 0 && ref.positions <= options.exhaustiveUnder) {
      // Also visit every position, to settle whether a dead end can be reached.
      const full = referenceSearch(deal, rules, { maxPositions: options.maxPositions, stopAtWin: false });
      report.positions += full.positions;
      if (full.complete) {
        exhaustiveWinnableLeft--;
        if (full.minMoves !== ref.minMoves) throw new Error(`${code}: the reference's two searches disagree on minMoves`);
        ref = full;
      }
    }
    report.referenceMs += performance.now() - t;
    if (ref.winnable === null) {
      report.skipped++;
      report.skippedNumbers.push(n);
      report.foundOverCap.push(n);
      continue;
    }

    t = performance.now();
    const sol = solvePyramide(deal, rules, SOLVER_LIMITS);
    report.solverMs += performance.now() - t;
    report.compared++;
    if (ref.winnable) report.winnable++;
    else report.unwinnable++;

    const disagree = (what: string, solver: unknown, reference: unknown): void => {
      report.disagreements.push(`${code} rules ${name}: ${what}: solver ${JSON.stringify(solver)}, reference ${JSON.stringify(reference)}`);
    };
    if (sol.limit !== null) disagree('solver stopped at a limit', sol.limit, 'no limit');
    if (sol.winnable !== ref.winnable) disagree('winnable', sol.winnable, ref.winnable);
    if (sol.minMoves !== ref.minMoves) disagree('minMoves', sol.minMoves, ref.minMoves);
    // maxRemoved is known exactly when the reference found a win (28) or visited everything.
    if (ref.winnable || ref.complete) {
      const refMax = ref.winnable ? 28 : ref.maxRemoved;
      if (sol.maxRemoved !== refMax) disagree('maxRemoved', sol.maxRemoved, refMax);
      if (!sol.stuckExact) disagree('stuckExact', sol.stuckExact, true);
    }
    if (ref.complete) report.exhaustive++;
    if (ref.deadEndReachable !== null) {
      report.deadEndCompared++;
      if (sol.deadEndReachable !== ref.deadEndReachable) disagree('deadEndReachable', sol.deadEndReachable, ref.deadEndReachable);
    }
    if (ref.winnable) {
      if (sol.solution === null) disagree('solution', null, `a line of ${ref.minMoves} moves`);
      else {
        const problem = replayProblem(n, rules, sol.solution, ref.minMoves!);
        if (problem !== null) disagree('solution replay', problem, `a win in ${ref.minMoves} moves`);
      }
      if (sol.stuckLine !== null) disagree('stuckLine', `a line of ${sol.stuckLine.length} moves`, null);
    } else {
      if (sol.solution !== null) disagree('solution', `a line of ${sol.solution.length} moves`, null);
      // Lost: a line to the most cards, judged by the reference's figure when it saw everything.
      if (ref.complete) {
        if (sol.stuckLine === null) disagree('stuckLine', null, `a line removing ${ref.maxRemoved}`);
        else {
          const problem = stuckLineProblem(n, rules, sol.stuckLine, ref.maxRemoved);
          if (problem !== null) disagree('stuckLine replay', problem, `${ref.maxRemoved} pyramid cards removed`);
        }
      }
    }
  }
  return report;
}

export function summary(r: CompareReport): string {
  return (
    `rules ${r.rules}: ${r.compared} deals compared (${r.winnable} winnable, ${r.unwinnable} unwinnable), ` +
    `${r.exhaustive} searched exhaustively, dead end compared on ${r.deadEndCompared}, ` +
    `${r.skipped} skipped over the reference's cap, ${r.disagreements.length} disagreements; ` +
    `reference ${(r.positions / 1e6).toFixed(1)}M positions in ${(r.referenceMs / 1000).toFixed(1)} s, ` +
    `solver ${(r.solverMs / 1000).toFixed(1)} s`
  );
}
