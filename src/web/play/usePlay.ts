/** The play view's loading: the position after the moves asked for, and the judgement of every position shown. */
import { type Dispatch, useEffect, useReducer } from 'preact/hooks';
import type { LegalMove, PlayResponse } from '../../core';
import { ApiFailure, describeError } from '../api';
import { hintAt, playAt } from '../data';
import { adapterOf } from '../games';
import { joinMoves, splitMoves } from '../moves';
import { movesShown, type PlayAction, type PlayState, playReducer, START, threwWin } from './state';

export interface Play {
  state: PlayState;
  dispatch: Dispatch<PlayAction>;
  /** The moves of the position shown. */
  moves: string;
  /** The moves asked for, one text a move. */
  played: string[];
}

/** The last move played, as JSON, for the warning (the position's own record of it, else its text). */
function lastMove(position: PlayResponse, played: string[]): LegalMove['move'] {
  return position.played.at(-1) ?? { move: played[played.length - 1] ?? '' };
}

function useLoadPosition(dispatch: Dispatch<PlayAction>, code: string, rules: string | undefined, movesText: string): void {
  useEffect(() => {
    let cancelled = false;
    dispatch({ type: 'load' });
    playAt(code, movesText, rules).then(
      (position) => !cancelled && dispatch({ type: 'loaded', position }),
      (e: unknown) => {
        if (cancelled) return;
        if (e instanceof ApiFailure && e.body?.refused) dispatch({ type: 'refused', refused: e.body.refused });
        else dispatch({ type: 'failed', error: describeError(e) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, rules, movesText]);
}

/** Every position is judged as soon as it shows: the warning needs the judgement before and after a move. */
function useJudgement(play: Play, code: string, rules: string | undefined, movesText: string): void {
  const { state, dispatch, moves, played } = play;
  useEffect(() => {
    const position = state.position;
    if (!position) return;
    let cancelled = false;
    // A move away stops this position's solve: playing fast never queues the hints of the positions passed.
    const controller = new AbortController();
    dispatch({ type: 'judging' });
    hintAt(code, moves, rules, controller.signal).then(
      (after) => {
        if (cancelled) return;
        dispatch({ type: 'judged', moves, hint: after });
        const before = played.length > 0 ? joinMoves(played.slice(0, -1)) : null;
        if (before === null || moves !== movesText) return;
        // The position before the last move: was it still winnable?
        hintAt(code, before, rules, controller.signal).then(
          (prev) => {
            const warning = cancelled ? null : threwWin(prev, after, moves, lastMove(position, played), adapterOf(position.game));
            if (warning) dispatch({ type: 'warn', warning });
          },
          () => undefined,
        );
      },
      (e: unknown) => !cancelled && dispatch({ type: 'judgingFailed', error: describeError(e) }),
    );
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [code, rules, moves, state.position !== null]);
}

export function usePlay(code: string, rules: string | undefined, movesText: string): Play {
  const [state, dispatch] = useReducer(playReducer, START);
  const play: Play = { state, dispatch, moves: movesShown(state, movesText), played: splitMoves(movesText) };
  useLoadPosition(dispatch, code, rules, movesText);
  useJudgement(play, code, rules, movesText);
  return play;
}
