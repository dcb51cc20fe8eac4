/** Playing a deal: clicks make the moves the rules allow; a hint shows the best one; a move that throws away a win is flagged. */
import { useEffect, useState } from 'preact/hooks';
import type { LegalMove, PlayResponse } from '../../core';
import { ApiFailure, describeError, type Hint } from '../api';
import { BoardView, type Place, PositionFacts } from '../board';
import { hintAt, playAt } from '../data';
import { HintPanel } from '../hintPanel';
import { cardsInWords } from '../i18n/cards';
import { t } from '../i18n/language';
import { moveText } from '../i18n/moves';
import { refusalText } from '../i18n/refusals';
import { isPlace, isStockMove, joinMoves, moveCards, sameMove, splitMoves } from '../moves';
import { href, navigate } from '../router';

interface Props {
  code: string;
  query: URLSearchParams;
}

interface Picked {
  card: string;
  place: Place;
}

interface Warning {
  /** The moves after which it shows. */
  moves: string;
  move: LegalMove['move'];
  most: number | null;
}

const WON = new Set(['winnable', 'won']);

/** Whether a hint says the game can no longer be won (a limit's `unknown` says nothing). */
function lost(hint: Hint): boolean {
  return hint.status === 'lost' || hint.status === 'unwinnable' || hint.status === 'losing';
}

/** The last move played, as JSON, for the warning (the position's own record of it, else its text). */
function lastMove(position: PlayResponse, played: string[]): LegalMove['move'] {
  return position.played.at(-1) ?? { move: played[played.length - 1] ?? '' };
}

export function PlayView({ code, query }: Props) {
  const rules = query.get('rules') ?? undefined;
  const movesText = query.get('moves') ?? '';
  const played = splitMoves(movesText);
  const [position, setPosition] = useState<PlayResponse | null>(null);
  const [refused, setRefused] = useState<{ moveNumber: number; reason: string; code?: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<{ moves: string; hint: Hint } | null>(null);
  const [hintError, setHintError] = useState<string | null>(null);
  const [showHint, setShowHint] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [warning, setWarning] = useState<Warning | null>(null);

  useEffect(() => {
    let cancelled = false;
    setError(null);
    setRefused(null);
    setPicked([]);
    playAt(code, movesText, rules).then(
      (p) => !cancelled && setPosition(p),
      (e: unknown) => {
        if (cancelled) return;
        if (e instanceof ApiFailure && e.body?.refused) {
          const r = e.body.refused;
          setRefused(r);
          setPosition(r.position);
        } else {
          setError(describeError(e));
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, rules, movesText]);

  const currentMoves = position ? position.playedText : movesText;

  // Every position is judged as soon as it shows: the warning needs the judgement before and after a move.
  useEffect(() => {
    if (!position) return;
    let cancelled = false;
    // A move away stops this position's solve: playing fast never queues the hints of the positions passed.
    const controller = new AbortController();
    setHintError(null);
    hintAt(code, currentMoves, rules, controller.signal).then(
      (h) => {
        if (cancelled) return;
        setHint({ moves: currentMoves, hint: h });
        const before = played.length > 0 ? joinMoves(played.slice(0, -1)) : null;
        if (before === null || currentMoves !== movesText) return;
        // The position before the last move: was it still winnable?
        hintAt(code, before, rules, controller.signal).then(
          (prev) => {
            if (cancelled || !WON.has(prev.status) || !lost(h)) return;
            setWarning({ moves: currentMoves, move: lastMove(position, played), most: h.maxRemoved ?? h.maxFoundation ?? null });
          },
          () => undefined,
        );
      },
      (e: unknown) => !cancelled && setHintError(describeError(e)),
    );
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [code, rules, currentMoves, position !== null]);

  const currentHint = hint && hint.moves === currentMoves ? hint.hint : null;

  const play = (legal: LegalMove) => {
    if (!position) return;
    setShowHint(null);
    setPicked([]);
    const next = joinMoves([...splitMoves(position.playedText), legal.text]);
    // Flag at once when the judgement of this position already says the move loses a winnable game.
    if (currentHint && WON.has(currentHint.status)) {
      const entry = currentHint.moves.find((m) => sameMove(m.move, legal.move));
      if (entry && entry.label === 'losing')
        setWarning({ moves: next, move: legal.move, most: entry.maxRemoved ?? entry.maxFoundation ?? null });
    }
    navigate(href(`/play/${encodeURIComponent(code)}`, { rules, moves: next }));
  };

  const legal = position?.legalMoves ?? [];
  const game = position?.game ?? 'pyramide';

  const onCard = (card: string, place: Place) => {
    if (game === 'pyramide') {
      const already = picked.some((p) => p.card === card);
      const chosen = already ? picked.filter((p) => p.card !== card) : [...picked, { card, place }];
      const cards = chosen.map((p) => p.card);
      const match = legal.find((m) => {
        const mc = moveCards(m.move);
        return mc.length === cards.length && mc.length > 0 && mc.every((c) => cards.includes(c));
      });
      if (match) return play(match);
      // Two cards that make no move: start again from the last one.
      setPicked(chosen.length > 1 ? [{ card, place }] : chosen);
      return;
    }
    // Double Solitaire: a card, then its target.
    const first = picked[0];
    if (first && first.card === card && first.place === place) return setPicked([]);
    if (first && place.startsWith('column') && first.place !== place) return onTarget(place);
    setPicked([{ card, place }]);
  };

  const onTarget = (place: Place) => {
    const first = picked[0];
    if (!first) {
      // A foundation's top card may go back to a column: the first click picks it.
      if (place.startsWith('foundation') && position?.board.game === 'double') {
        const card = position.board.foundations[Number(place.slice('foundation '.length)) - 1];
        if (card) setPicked([{ card, place }]);
      }
      return;
    }
    const target = place.startsWith('foundation') ? 'foundation' : place;
    const match = legal.find((m) => m.move.card === first.card && isPlace(first.place, m.move.from) && m.move.to === target);
    if (match) play(match);
    else setPicked([]);
  };

  const onCardDouble = (card: string, place: Place) => {
    const match = legal.find((m) => m.move.card === card && m.move.from === place && m.move.to === 'foundation');
    if (match) play(match);
  };

  const onStock = () => {
    const match = legal.find((m) => isStockMove(m.move));
    if (match) play(match);
  };

  const best = showHint !== null && showHint === currentMoves ? currentHint?.best : null;
  const bestCards = moveCards(best);
  const undo = () => navigate(href(`/play/${encodeURIComponent(code)}`, { rules, moves: joinMoves(played.slice(0, -1)) }));
  const shownWarning = warning && warning.moves === currentMoves ? warning : null;

  return (
    <div class="play-view" data-testid="play-view" data-code={code}>
      <h1>
        {t('playTitle')} {code} {rules && <span class="muted">({rules})</span>}
      </h1>
      {error && (
        <p class="error" data-testid="error">
          {error}
        </p>
      )}
      {refused && (
        <p class="error" data-testid="refused" data-reason={refused.code ?? ''}>
          {t('refusedMove', { n: refused.moveNumber, reason: refusalText(refused) })}
        </p>
      )}
      {shownWarning && (
        <p class="warning" data-testid="warning">
          {t('warningThrows', { move: moveText(shownWarning.move) })}
          {shownWarning.most !== null && (
            <>
              {' '}
              <span data-testid="warning-most" data-most={shownWarning.most}>
                {t(game === 'pyramide' ? 'warningMostRemoved' : 'warningMostFoundations', { count: shownWarning.most })}
              </span>
            </>
          )}
        </p>
      )}
      {position && (
        <PositionFacts position={position}>
          <button type="button" data-testid="hint" onClick={() => setShowHint(currentMoves)} disabled={!currentHint?.best}>
            {t('hintButton')}
          </button>
          <button type="button" data-testid="undo" onClick={undo} disabled={played.length === 0}>
            {t('undo')}
          </button>
          <a href={href(`/deal/${encodeURIComponent(code)}`, { rules, moves: currentMoves })} data-testid="show-line">
            {t('bestLineFromHere')}
          </a>
          <a href={href(`/play/${encodeURIComponent(code)}`, { rules })} data-testid="restart">
            {t('restart')}
          </a>
        </PositionFacts>
      )}
      {best && currentHint && (
        <p class="hint-line" data-testid="hint-text" aria-live="polite">
          {t('bestMove', { move: cardsInWords(moveText(best)) })}
          {currentHint.movesLeft !== null && ` ${t('winIn', { count: currentHint.movesLeft })}`}
        </p>
      )}
      {position && (
        <div class="deal-layout">
          <div>
            <BoardView
              board={position.board}
              highlighted={(card, place) => bestCards.includes(card) && (game === 'pyramide' || isPlace(place, best?.from))}
              selected={(card, place) => picked.some((p) => p.card === card && p.place === place)}
              onCard={onCard}
              onCardDouble={game === 'double' ? onCardDouble : undefined}
              onStock={onStock}
              onTarget={game === 'double' ? onTarget : undefined}
            />
            {best && bestCards.length === 0 && <p class="hint-stock">{t('bestAtStock', { move: moveText(best) })}</p>}
          </div>
          {/* The judgement of every move only once asked: it would give the game away. */}
          {showHint === currentMoves && (
            <HintPanel
              legalMoves={legal}
              hint={currentHint}
              hintError={hintError}
              onPick={play}
              deal={{ code, moves: currentMoves, rules }}
            />
          )}
        </div>
      )}
    </div>
  );
}
