/** What the play view says above the board: a failure, a move the rules refused, a move that threw the win away. */
import type { GameAdapter } from '../games';
import { t } from '../i18n/language';
import { moveText } from '../i18n/moves';
import { refusalText } from '../i18n/refusals';
import { type PlayState, warningFor } from './state';

export function PlayMessages({ state, moves, game }: { state: PlayState; moves: string; game: GameAdapter }) {
  const { error, refused } = state;
  const warning = warningFor(state, moves);
  return (
    <>
      {error && (
        <p class="error" data-testid="error">
          {error}
        </p>
      )}
      {refused && (
        <p class="error" data-testid="refused" data-reason={refused.code}>
          {t('refusedMove', { n: refused.moveNumber, reason: refusalText(refused) })}
        </p>
      )}
      {warning && (
        <p class="warning" data-testid="warning">
          {t('warningThrows', { move: moveText(warning.move) })}
          {warning.most !== null && (
            <>
              {' '}
              <span data-testid="warning-most" data-most={warning.most}>
                {t(game.warningMost, { count: warning.most })}
              </span>
            </>
          )}
        </p>
      )}
    </>
  );
}
