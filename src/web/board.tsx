/** The board as its game draws it, and the facts every view shows beside it. */
import type { ComponentChildren } from 'preact';
import type { Board, PlayResponse } from '../core';
import type { BoardEvents } from './boardParts';
import { adapterOf } from './games';
import { t } from './i18n/language';

export { type BoardEvents, onPress, type Place } from './boardParts';

export function BoardView({ board, ...events }: { board: Board } & BoardEvents) {
  return adapterOf(board.game).drawBoard(board, events);
}

const STATUSES: Record<string, Parameters<typeof t>[0]> = {
  'in play': 'statusInPlay',
  won: 'statusWon',
  'no more moves': 'statusNoMoreMoves',
  winnable: 'statusWinnable',
  unwinnable: 'statusUnwinnable',
  lost: 'statusLost',
  losing: 'statusLosing',
  unknown: 'statusUnknown',
};

/** A position's or a hint's status in words (`in play`, `winnable`, …). */
export function statusText(status: string): string {
  const key = STATUSES[status];
  return key ? t(key) : status;
}

/** The position's status, score and move counter as the app counts them, then what a view adds. */
export function PositionFacts({ position, children }: { position: PlayResponse; children?: ComponentChildren }) {
  return (
    <div class="facts">
      <span data-testid="status" data-status={position.status}>
        {statusText(position.status)}
      </span>
      <span>
        {t('score')} <b data-testid="score">{position.score}</b>
      </span>
      <span>
        {t('movesCounter')} <b data-testid="counter">{position.counter}</b>
      </span>
      {children}
    </div>
  );
}
