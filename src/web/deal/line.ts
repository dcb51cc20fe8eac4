/** The line a deal view steps through: the solution, the line to the most cards, or the best line after the moves given. */
import type { MoveJson } from '../../core';
import type { Analysis } from '../api';
import { statusText } from '../board';
import { analysisOf, hintAt } from '../data';
import { adapterOf } from '../games';
import { t } from '../i18n/language';
import { tierText } from '../i18n/tiers';
import { splitMoves } from '../moves';

export interface Line {
  /** What the line is: the solution, the line to the most cards, or the best line from the moves given. */
  title: 'lineSolution' | 'lineMostCards' | 'bestLineFromHere';
  moves: MoveJson[];
  summary: string;
  /** Whether it wins: its rest from each step is then given to that step's hint. */
  wins: boolean;
}

/** The analysis in a line of facts: the verdict, the fewest moves, the most cards, the difficulty. */
export function analysisFacts(analysis: Analysis): string {
  const game = adapterOf(analysis.game);
  const most = game.stuck(analysis);
  const facts = [
    t('factVerdict', { verdict: statusText(analysis.verdict) }),
    analysis.minMoves !== null
      ? `${t('factFewestMoves', { n: analysis.minMoves })}${analysis.minMovesProved === false ? ` ${t('notProved')}` : ''}`
      : null,
    most !== null
      ? `${t(analysis.stuckExact === false ? 'factMostCardsFound' : 'factMostCards', { n: most })}${game.stuckPays(analysis)}`
      : null,
    typeof analysis.crossroads === 'number' ? t('factCrossroads', { n: analysis.crossroads }) : null,
    analysis.tier ? t('factTier', { tier: tierText(analysis.tier) }) : null,
    typeof analysis.difficulty === 'number' ? t('factDifficulty', { n: analysis.difficulty }) : null,
  ];
  return facts.filter((f) => f !== null).join(' · ');
}

/** The line of a deal: from its analysis when no moves are given, else from the hint of the position after them. */
export async function findLine(code: string, movesText: string, rules: string | undefined, signal: AbortSignal): Promise<Line> {
  if (splitMoves(movesText).length === 0) {
    const analysis = await analysisOf(code, rules, signal);
    const summary = analysisFacts(analysis);
    if (analysis.solution && analysis.solution.length > 0) return { title: 'lineSolution', moves: analysis.solution, summary, wins: true };
    return { title: 'lineMostCards', moves: analysis.stuckLine ?? [], summary, wins: false };
  }
  const h = await hintAt(code, movesText, rules, signal);
  const wins = h.status === 'winnable' && (h.line?.length ?? 0) > 0;
  return { title: 'bestLineFromHere', moves: h.line ?? [], summary: t('fromMovesGiven', { status: statusText(h.status) }), wins };
}
