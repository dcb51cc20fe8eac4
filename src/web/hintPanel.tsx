/**
 * Every legal move of a position with the hint's label; the crossroads and the best move
 * marked. A switch asks the fair hint instead: each move's chance with only what the player
 * has seen.
 */
import { useState } from 'preact/hooks';
import type { LegalMove } from '../core';
import type { Hint, HintMove } from './api';
import { statusText } from './board';
import { type DealAt, FairMoves } from './fairMoves';
import { adapterOf, type GameAdapter } from './games';
import { type Key, t } from './i18n/language';
import { moveSpoken, moveText } from './i18n/moves';
import { sameMove } from './moves';

interface Props {
  legalMoves: LegalMove[];
  hint: Hint | null;
  hintError?: string | null;
  /** The move played next on the line shown, if any. */
  next?: LegalMove | null;
  onPick?: (move: LegalMove) => void;
  /** The position itself: with it the panel offers the fair hint. */
  deal?: DealAt;
}

/** The switch's last position, for the page's life: the panel is drawn anew at every move of play. */
let fairChosen = false;

const LABELS: Record<HintMove['label'], Key> = {
  optimal: 'labelOptimal',
  winnable: 'labelWinnable',
  winning: 'labelWinning',
  losing: 'labelLosing',
  unknown: 'labelUnknown',
};

const EXPLAINED: Record<HintMove['label'], Key> = {
  optimal: 'explainOptimal',
  winnable: 'explainWinnable',
  winning: 'explainWinning',
  losing: 'explainLosing',
  unknown: 'explainUnknown',
};

export function labelText(label: HintMove['label']): string {
  return t(LABELS[label]);
}

function figure(entry: HintMove, game: GameAdapter): string {
  if (entry.wins) {
    if (entry.movesLeft === null) return t('figureWins');
    const extra = entry.extraMoves ? ` (+${entry.extraMoves})` : '';
    return `${t('movesLeft', { count: entry.movesLeft })}${extra}`;
  }
  const most = game.stuck(entry);
  if (entry.label === 'losing' && most !== null && entry.stuckExact !== false)
    return `${t('atMostCards', { count: most })}${game.stuckPays(entry)}`;
  // Not decided, or the most not proven: the furthest line found after the move (under Vegas, what it pays).
  if (most !== null && entry.stuckExact === false) return `${t('atLeastCards', { count: most })}${game.stuckPays(entry)}`;
  return '';
}

export function HintPanel({ legalMoves, hint, hintError, next, onPick, deal }: Props) {
  const [fair, setFair] = useState(fairChosen);
  const showFair = fair && deal !== undefined && legalMoves.length > 0;
  return (
    <section class="hint-panel" data-testid="hint-panel">
      <h2>
        {t('legalMoves')}
        {/* The plain hint's status sees the whole deal: not shown beside the fair chances. */}
        {hint && !showFair && (
          <span class={`status-badge ${hint.status}`} data-testid="hint-status" data-status={hint.status}>
            {statusText(hint.status)}
          </span>
        )}
        {!hint && !hintError && !showFair && legalMoves.length > 0 && <span class="muted"> {t('judging')}</span>}
      </h2>
      {deal && (
        <label class="fair-switch" title={t('fairSwitchTitle')}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={fair}
            data-testid="fair-switch"
            checked={fair}
            onChange={(e) => {
              fairChosen = (e.currentTarget as HTMLInputElement).checked;
              setFair(fairChosen);
            }}
          />
          {t('fairSwitch')}
        </label>
      )}
      {legalMoves.length === 0 && <p class="muted">{t('noLegalMove')}</p>}
      {showFair && <FairMoves deal={deal} legalMoves={legalMoves} next={next} onPick={onPick} />}
      {!showFair && hintError && <p class="error">{hintError}</p>}
      {!showFair && <PlainMoves legalMoves={legalMoves} hint={hint} next={next} onPick={onPick} />}
      {!showFair && legalMoves.length > 0 && (
        // A title shows no text on a touch screen: the labels are explained here too.
        <details class="legend" data-testid="labels-explained">
          <summary>{t('labelsExplained')}</summary>
          <dl>
            {(['optimal', 'winnable', 'losing', 'unknown'] as const).map((label) => (
              <div key={label}>
                <dt class={`label ${label}`}>{labelText(label)}</dt>
                <dd>{t(EXPLAINED[label])}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </section>
  );
}

/** The plain hint's judgement of every legal move, with the whole deal known. */
function PlainMoves({ legalMoves, hint, next, onPick }: Omit<Props, 'hintError' | 'deal'>) {
  const game = adapterOf(hint?.game);
  return (
    <ul class="moves">
      {legalMoves.map((legal) => {
        const entry = hint?.moves.find((m) => sameMove(m.move, legal.move));
        const crossroad = hint?.crossroads.some((m) => sameMove(m, legal.move)) ?? false;
        const best = hint?.best ? sameMove(hint.best, legal.move) : false;
        const isNext = next ? sameMove(next.move, legal.move) : false;
        const classes = ['move', entry?.label ?? 'pending'];
        if (crossroad) classes.push('crossroad');
        if (best) classes.push('best');
        if (isNext) classes.push('next');
        return (
          <li key={legal.text} class={classes.join(' ')} data-testid="legal-move" data-move={legal.text} data-label={entry?.label ?? ''}>
            {onPick ? (
              <button type="button" class="link" onClick={() => onPick(legal)} aria-label={moveSpoken(legal.move)}>
                {moveText(legal.move)}
              </button>
            ) : (
              <span class="move-text">{moveText(legal.move)}</span>
            )}
            <span class={`label ${entry?.label ?? ''}`} title={entry ? t(EXPLAINED[entry.label]) : undefined}>
              {entry ? labelText(entry.label) : '…'}
            </span>
            {crossroad && (
              <span class="crossroad-mark" data-testid="crossroad" title={t('crossroadTitle')}>
                {t('crossroad')}
              </span>
            )}
            {isNext && <span class="next-mark">▶ {t('lineMark')}</span>}
            {entry && <span class="figure">{figure(entry, game)}</span>}
          </li>
        );
      })}
    </ul>
  );
}
