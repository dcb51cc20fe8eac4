/** The position at a step of the line: the board with the next move lit, and the hint's judgement of every move. */
import type { LegalMove, MoveJson, PlayResponse } from '../../core';
import { BoardView } from '../board';
import { adapterOf } from '../games';
import { HintPanel } from '../hintPanel';
import { joinMoves, moveCards, sameMove, splitMoves } from '../moves';
import { navigate } from '../router';
import type { StepHint } from './useStepHint';

interface Props {
  code: string;
  rules?: string;
  position: PlayResponse;
  /** The moves to this position. */
  moves: string;
  /** The line's next move, if any, and the legal move it is. */
  next: MoveJson | null;
  nextLegal: LegalMove | null;
  hint: StepHint | null;
  /** The next move picked: one step on. */
  onNext: () => void;
  /** The link to play on from moves given. */
  playFrom: (moves: string) => string;
}

export function DealBoard({ code, rules, position, moves, next, nextLegal, hint, onNext, playFrom }: Props) {
  const nextCards = moveCards(next);
  const game = adapterOf(position.board.game);
  return (
    <div class="deal-layout">
      <BoardView board={position.board} highlighted={(card, place) => nextCards.includes(card) && game.movesFrom(place, next)} />
      <HintPanel
        legalMoves={position.legalMoves}
        hint={hint?.hint ?? null}
        hintError={hint?.error}
        next={nextLegal}
        deal={{ code, moves, rules }}
        onPick={(legal) => {
          if (next && sameMove(legal.move, next)) onNext();
          else navigate(playFrom(joinMoves([...splitMoves(moves), legal.text])));
        }}
      />
    </div>
  );
}
