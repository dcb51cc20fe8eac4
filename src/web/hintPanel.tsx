/** Every legal move of a position with the hint's label; the crossroads and the best move marked. */
import type { ApiLegalMove } from '../serve/apiTypes';
import type { Hint, HintMove } from './api';
import { sameMove } from './moves';

interface Props {
  legalMoves: ApiLegalMove[];
  hint: Hint | null;
  hintError?: string | null;
  stuckField?: string;
  /** The move played next on the line shown, if any. */
  next?: ApiLegalMove | null;
  onPick?: (move: ApiLegalMove) => void;
}

function figure(entry: HintMove): string {
  if (entry.wins) {
    if (entry.movesLeft === null) return 'wins';
    const extra = entry.extraMoves ? ` (+${entry.extraMoves})` : '';
    return `${entry.movesLeft} moves left${extra}`;
  }
  const most = entry.maxRemoved ?? entry.maxFoundation;
  if (entry.label === 'losing' && most !== undefined) return `at most ${most} cards`;
  return '';
}

export function HintPanel({ legalMoves, hint, hintError, next, onPick }: Props) {
  return (
    <section class="hint-panel" data-testid="hint-panel">
      <h3>
        Legal moves
        {hint && (
          <span class={`status-badge ${hint.status}`} data-testid="hint-status">
            {hint.status}
          </span>
        )}
        {!hint && !hintError && legalMoves.length > 0 && <span class="muted"> judging…</span>}
      </h3>
      {hintError && <p class="error">{hintError}</p>}
      {legalMoves.length === 0 && <p class="muted">No legal move.</p>}
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
                <button type="button" class="link" onClick={() => onPick(legal)}>
                  {legal.text}
                </button>
              ) : (
                <span class="move-text">{legal.text}</span>
              )}
              <span class={`label ${entry?.label ?? ''}`}>{entry?.label ?? '…'}</span>
              {crossroad && (
                <span class="crossroad-mark" data-testid="crossroad" title="loses in a winnable position">
                  crossroads
                </span>
              )}
              {isNext && <span class="next-mark">▶ line</span>}
              {entry && <span class="figure">{figure(entry)}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
