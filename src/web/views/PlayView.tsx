/** Playing a deal: clicks make the moves the rules allow; a hint shows the best one; a move that throws away a win is flagged. */
import type { LegalMove } from '../../core';
import { PositionFacts } from '../board';
import { adapterOf } from '../games';
import { cardsInWords } from '../i18n/cards';
import { t } from '../i18n/language';
import { moveText } from '../i18n/moves';
import { joinMoves, splitMoves } from '../moves';
import { PlayBoard } from '../play/PlayBoard';
import { PlayMessages } from '../play/PlayMessages';
import { bestShown, hintFor, losingMove } from '../play/state';
import { usePlay } from '../play/usePlay';
import { href, navigate } from '../router';

interface Props {
  code: string;
  query: URLSearchParams;
}

export function PlayView({ code, query }: Props) {
  const rules = query.get('rules') ?? undefined;
  const play = usePlay(code, rules, query.get('moves') ?? '');
  const { state, dispatch, moves, played } = play;
  const { position } = state;
  const game = adapterOf(position?.game);
  const hint = hintFor(state, moves);
  const best = bestShown(state, moves);
  const playAt = (at: string | undefined) => href(`/play/${encodeURIComponent(code)}`, { rules, moves: at });

  const onPlay = (legal: LegalMove) => {
    if (!position) return;
    dispatch({ type: 'play' });
    const next = joinMoves([...splitMoves(position.playedText), legal.text]);
    // Flagged at once when the judgement of this position already says the move loses a winnable game.
    const warning = losingMove(hint, legal, next, game);
    if (warning) dispatch({ type: 'warn', warning });
    navigate(playAt(next));
  };

  return (
    <div class="play-view" data-testid="play-view" data-code={code}>
      <h1>
        {t('playTitle')} {code} {rules && <span class="muted">({rules})</span>}
      </h1>
      <PlayMessages state={state} moves={moves} game={game} />
      {position && (
        <PositionFacts position={position}>
          <button type="button" data-testid="hint" onClick={() => dispatch({ type: 'showHint', moves })} disabled={!hint?.best}>
            {t('hintButton')}
          </button>
          <button
            type="button"
            data-testid="undo"
            onClick={() => navigate(playAt(joinMoves(played.slice(0, -1))))}
            disabled={played.length === 0}
          >
            {t('undo')}
          </button>
          <a href={href(`/deal/${encodeURIComponent(code)}`, { rules, moves })} data-testid="show-line">
            {t('bestLineFromHere')}
          </a>
          <a href={playAt(undefined)} data-testid="restart">
            {t('restart')}
          </a>
        </PositionFacts>
      )}
      {best && hint && (
        <p class="hint-line" data-testid="hint-text" aria-live="polite">
          {t('bestMove', { move: cardsInWords(moveText(best)) })}
          {hint.movesLeft !== null && ` ${t('winIn', { count: hint.movesLeft })}`}
        </p>
      )}
      {position && <PlayBoard code={code} rules={rules} position={position} game={game} play={play} onPlay={onPlay} />}
    </div>
  );
}
