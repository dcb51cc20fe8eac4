/** A deal's line step by step: its solution, or for a lost deal its line to the most cards. */
import { PositionFacts } from '../board';
import { DealBoard } from '../deal/DealBoard';
import { Stepper } from '../deal/Stepper';
import { useDealLine } from '../deal/useDealLine';
import { useStepHint } from '../deal/useStepHint';
import { useStepKeys } from '../deal/useStepKeys';
import { t } from '../i18n/language';
import { moveText } from '../i18n/moves';
import { findLegal, joinMoves, splitMoves } from '../moves';
import { href, navigate } from '../router';

interface Props {
  code: string;
  query: URLSearchParams;
}

export function DealView({ code, query }: Props) {
  const rules = query.get('rules') ?? undefined;
  const prefixText = query.get('moves') ?? '';
  const { line, positions, texts, error } = useDealLine(code, rules, prefixText);
  const total = line?.moves.length ?? 0;
  const asked = Number.parseInt(query.get('step') ?? '0', 10);
  const step = Math.max(0, Math.min(Number.isFinite(asked) ? asked : 0, total));
  const position = positions[step] ?? null;
  const movesHere = joinMoves([...splitMoves(prefixText), ...texts.slice(0, step)]);
  // A winning line's rest from here goes with the hint, so that the hint never tells of a
  // longer line than the one shown (both the same story). Its texts come with the positions:
  // until then (null) no hint is asked for or shown, since one judged without the rest could
  // contradict the line already on the page. No winning line: ''.
  const restHere = line?.wins ? (texts.length === total ? joinMoves(texts.slice(step)) : null) : '';
  const shownHint = useStepHint(code, rules, movesHere, restHere, position !== null);
  const playFrom = (moves: string) => href(`/play/${encodeURIComponent(code)}`, { rules, moves });
  const go = (to: number) => {
    const next = Math.max(0, Math.min(to, total));
    navigate(href(`/deal/${encodeURIComponent(code)}`, { rules, moves: prefixText, step: next === 0 ? null : next }), true);
  };
  useStepKeys(go, step, total);

  const nextMove = line && step < total ? line.moves[step]! : null;
  const nextLegal = nextMove && position ? (findLegal(position.legalMoves, nextMove) ?? null) : null;

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
      {line && <Stepper line={line} step={step} total={total} read={positions.length} go={go} />}
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
          <a href={playFrom(movesHere)} data-testid="play-from-here">
            {t('playFromHere')}
          </a>
        </PositionFacts>
      )}
      {!position && !error && <p class="muted">{t('loadingPosition')}</p>}
      {position && (
        <DealBoard
          code={code}
          rules={rules}
          position={position}
          moves={movesHere}
          next={nextMove}
          nextLegal={nextLegal}
          hint={shownHint}
          onNext={() => go(step + 1)}
          playFrom={playFrom}
        />
      )}
    </div>
  );
}
