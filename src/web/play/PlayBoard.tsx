/** The board in play: clicks on it make the moves the rules allow; the hinted move lights up; the judgement of every move once asked. */
import type { LegalMove, PlayResponse } from '../../core';
import { BoardView, type Place } from '../board';
import type { Click, GameAdapter } from '../games';
import { HintPanel } from '../hintPanel';
import { t } from '../i18n/language';
import { moveText } from '../i18n/moves';
import { isStockMove, moveCards } from '../moves';
import { bestShown, hintFor } from './state';
import type { Play } from './usePlay';

interface Props {
  code: string;
  rules?: string;
  position: PlayResponse;
  game: GameAdapter;
  play: Play;
  onPlay: (legal: LegalMove) => void;
}

export function PlayBoard({ code, rules, position, game, play, onPlay }: Props) {
  const { state, dispatch, moves } = play;
  const { board, legalMoves } = position;
  const best = bestShown(state, moves);
  const bestCards = moveCards(best);
  const click = (done: Click) => ('move' in done ? onPlay(done.move) : dispatch({ type: 'pick', picked: done.picked }));
  const { pickTarget, quickMove } = game;
  const onStock = () => {
    const match = legalMoves.find((m) => isStockMove(m.move));
    if (match) onPlay(match);
  };
  return (
    <div class="deal-layout">
      <div>
        <BoardView
          board={board}
          highlighted={(card, place) => bestCards.includes(card) && game.movesFrom(place, best)}
          selected={(card, place) => state.picked.some((p) => p.card === card && p.place === place)}
          onCard={(card, place) => click(game.pickCard(state.picked, card, place, board, legalMoves))}
          onCardDouble={
            quickMove &&
            ((card: string, place: Place) => {
              const match = quickMove(card, place, legalMoves);
              if (match) onPlay(match);
            })
          }
          onStock={onStock}
          onTarget={pickTarget && ((place: Place) => click(pickTarget(state.picked, place, board, legalMoves)))}
        />
        {best && bestCards.length === 0 && <p class="hint-stock">{t('bestAtStock', { move: moveText(best) })}</p>}
      </div>
      {/* The judgement of every move only once asked: it would give the game away. */}
      {state.showHint === moves && (
        <HintPanel
          legalMoves={legalMoves}
          hint={hintFor(state, moves)}
          hintError={state.hintError}
          onPick={onPlay}
          deal={{ code, moves, rules }}
        />
      )}
    </div>
  );
}
