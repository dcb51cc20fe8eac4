/** A deal's line step by step: its solution, or for a lost deal its line to the most cards. */
import { useEffect, useState } from 'preact/hooks';
import type { MoveJson, PlayResponse } from '../../core';
import { describeError, dollarsText, type Hint } from '../api';
import { BoardView, PositionFacts, statusText } from '../board';
import { analysisOf, hintAt, lineOf, playAt } from '../data';
import { HintPanel } from '../hintPanel';
import { t } from '../i18n/language';
import { moveText } from '../i18n/moves';
import { tierText } from '../i18n/tiers';
import { findLegal, isPlace, joinMoves, moveCards, sameMove, splitMoves } from '../moves';
import { href, navigate } from '../router';

interface Props {
  code: string;
  query: URLSearchParams;
}

interface Line {
  /** What the line is: the solution, the line to the most cards, or the best line from the moves given. */
  title: 'lineSolution' | 'lineMostCards' | 'bestLineFromHere';
  moves: MoveJson[];
  summary: string;
  /** Whether it wins: its rest from each step is then given to that step's hint. */
  wins: boolean;
}

export function DealView({ code, query }: Props) {
  const rules = query.get('rules') ?? undefined;
  const prefixText = query.get('moves') ?? '';
  const prefix = splitMoves(prefixText);
  const [line, setLine] = useState<Line | null>(null);
  const [positions, setPositions] = useState<PlayResponse[]>([]);
  const [texts, setTexts] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<{ key: string; hint: Hint | null; error: string | null } | null>(null);

  // The line, then every position along it (the moves text is made of the server's own move texts).
  useEffect(() => {
    let cancelled = false;
    // Leaving the deal stops its solve.
    const controller = new AbortController();
    setLine(null);
    setPositions([]);
    setTexts([]);
    setError(null);
    // The position as dealt shows at once, while the line is being found.
    const start = playAt(code, prefixText, rules);
    start.then(
      (p) => !cancelled && setPositions((had) => (had.length === 0 ? [p] : had)),
      () => undefined,
    );
    (async () => {
      let found: Line;
      if (prefix.length === 0) {
        const analysis = await analysisOf(code, rules, controller.signal);
        const most = analysis.maxRemoved ?? analysis.maxFoundation;
        const facts = [
          t('factVerdict', { verdict: statusText(analysis.verdict) }),
          analysis.minMoves !== null
            ? `${t('factFewestMoves', { n: analysis.minMoves })}${analysis.minMovesProved === false ? ` ${t('notProved')}` : ''}`
            : null,
          most !== undefined
            ? `${t(analysis.stuckExact === false ? 'factMostCardsFound' : 'factMostCards', { n: most })}${dollarsText(analysis.dollarsAtLeast)}`
            : null,
          typeof analysis.crossroads === 'number' ? t('factCrossroads', { n: analysis.crossroads }) : null,
          analysis.tier ? t('factTier', { tier: tierText(analysis.tier) }) : null,
          typeof analysis.difficulty === 'number' ? t('factDifficulty', { n: analysis.difficulty }) : null,
        ].filter((f) => f !== null);
        if (analysis.solution && analysis.solution.length > 0)
          found = { title: 'lineSolution', moves: analysis.solution, summary: facts.join(' · '), wins: true };
        else found = { title: 'lineMostCards', moves: analysis.stuckLine ?? [], summary: facts.join(' · '), wins: false };
      } else {
        const h = await hintAt(code, prefixText, rules, controller.signal);
        const wins = h.status === 'winnable' && (h.line?.length ?? 0) > 0;
        found = { title: 'bestLineFromHere', moves: h.line ?? [], summary: t('fromMovesGiven', { status: statusText(h.status) }), wins };
      }
      if (cancelled) return;
      setLine(found);
      // Every position along the line and each move's text, in one request.
      const walked = await lineOf(code, prefixText, found.moves, rules, controller.signal);
      if (cancelled) return;
      setPositions(walked.positions);
      setTexts(walked.texts);
    })().catch((e: unknown) => {
      if (!cancelled) setError(describeError(e));
    });
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [code, rules, prefixText]);

  const total = line?.moves.length ?? 0;
  const asked = Number.parseInt(query.get('step') ?? '0', 10);
  const step = Math.max(0, Math.min(Number.isFinite(asked) ? asked : 0, total));
  const position = positions[step] ?? null;
  const movesHere = joinMoves([...prefix, ...texts.slice(0, step)]);
  // A winning line's rest from here goes with the hint, so that the hint never tells of a
  // longer line than the one shown (both the same story). Its texts come with the positions:
  // until then (null) no hint is asked for or shown, since one judged without the rest could
  // contradict the line already on the page. No winning line: ''.
  const restHere = line?.wins ? (texts.length === total ? joinMoves(texts.slice(step)) : null) : '';
  const hintKey = `${movesHere}\u0000${restHere}`;

  const go = (to: number) => {
    const next = Math.max(0, Math.min(to, total));
    navigate(href(`/deal/${encodeURIComponent(code)}`, { rules, moves: prefixText, step: next === 0 ? null : next }), true);
  };

  // The hint of the position shown.
  useEffect(() => {
    if (!position || restHere === null) return;
    let cancelled = false;
    // A step away stops this hint's solve: stepping fast never queues the hints of the steps passed.
    const controller = new AbortController();
    const key = hintKey;
    setHint({ key, hint: null, error: null });
    hintAt(code, movesHere, rules, controller.signal, restHere).then(
      (h) => !cancelled && setHint({ key, hint: h, error: null }),
      (e: unknown) => !cancelled && setHint({ key, hint: null, error: describeError(e) }),
    );
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [code, rules, hintKey, position !== null]);

  // The arrow keys step (the slider moves by itself when it has the focus).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      // A switch keeps the focus once clicked: the arrows still step.
      const typing = target?.tagName === 'INPUT' ? (target as HTMLInputElement).type !== 'checkbox' : false;
      if (typing || (target && (target.tagName === 'SELECT' || target.tagName === 'TEXTAREA'))) return;
      if (event.key === 'ArrowRight') go(step + 1);
      else if (event.key === 'ArrowLeft') go(step - 1);
      else if (event.key === 'Home') go(0);
      else if (event.key === 'End') go(total);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const nextMove = line && step < total ? line.moves[step]! : null;
  const nextLegal = nextMove && position ? (findLegal(position.legalMoves, nextMove) ?? null) : null;
  const nextCards = moveCards(nextMove);
  const shownHint = hint && hint.key === hintKey ? hint : null;

  return (
    <div class="deal-view" data-testid="deal-view" data-code={code}>
      <h1>
        {code} {rules && <span class="muted">({rules})</span>}
      </h1>
      {line && (
        <p class="summary" data-testid="summary">
          {line.summary}
        </p>
      )}
      {error && (
        <p class="error" data-testid="error">
          {error}
        </p>
      )}
      {!line && !error && <p class="muted">{t('analysing')}</p>}
      {line && (
        <div class="stepper" data-testid="stepper">
          <span class="line-title">{t(line.title)}</span>
          <button type="button" data-testid="first" onClick={() => go(0)} disabled={step === 0} title={`${t('stepFirst')} (Home)`}>
            « {t('stepFirst')}
          </button>
          <button type="button" data-testid="prev" onClick={() => go(step - 1)} disabled={step === 0} title={`${t('stepPrevious')} (←)`}>
            ‹ {t('stepPrevious')}
          </button>
          <input
            type="range"
            min={0}
            max={total}
            value={step}
            data-testid="slider"
            aria-label={t('stepLabel')}
            onInput={(e) => go(Number((e.currentTarget as HTMLInputElement).value))}
          />
          <button type="button" data-testid="next" onClick={() => go(step + 1)} disabled={step >= total} title={`${t('stepNext')} (→)`}>
            {t('stepNext')} ›
          </button>
          <button type="button" data-testid="last" onClick={() => go(total)} disabled={step >= total} title={`${t('stepLast')} (End)`}>
            {t('stepLast')} »
          </button>
          <span data-testid="step" data-step={step}>
            {t('stepOf', { n: step, total })}
          </span>
          {positions.length <= total && <span class="muted"> {t('readingLine', { n: positions.length - 1 })}</span>}
        </div>
      )}
      {position && (
        <PositionFacts position={position}>
          {nextLegal && (
            <span>
              {t('nextMove')}{' '}
              <b data-testid="next-move" data-move={nextLegal.text}>
                {moveText(nextLegal.move)}
              </b>
            </span>
          )}
          <a href={href(`/play/${encodeURIComponent(code)}`, { rules, moves: movesHere })} data-testid="play-from-here">
            {t('playFromHere')}
          </a>
        </PositionFacts>
      )}
      {!position && !error && <p class="muted">{t('loadingPosition')}</p>}
      {position && (
        <div class="deal-layout">
          <BoardView
            board={position.board}
            highlighted={(card, place) =>
              nextCards.includes(card) && (position.board.game === 'pyramide' || isPlace(place, nextMove?.from))
            }
          />
          <HintPanel
            legalMoves={position.legalMoves}
            hint={shownHint?.hint ?? null}
            hintError={shownHint?.error}
            next={nextLegal}
            deal={{ code, moves: movesHere, rules }}
            onPick={(legal) => {
              if (nextMove && sameMove(legal.move, nextMove)) go(step + 1);
              else navigate(href(`/play/${encodeURIComponent(code)}`, { rules, moves: joinMoves([...splitMoves(movesHere), legal.text]) }));
            }}
          />
        </div>
      )}
    </div>
  );
}
