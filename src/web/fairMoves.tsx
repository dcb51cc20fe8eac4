/**
 * The fair hint of a position: every legal move with its chance of still winning given only
 * what the player has seen, its 95% interval and the samples behind it, the best first.
 */
import { useEffect, useState } from 'preact/hooks';
import type { LegalMove } from '../core';
import { describeError, type FairHint, type FairMove } from './api';
import { fairHintAt } from './data';
import { formatPercent, language, t } from './i18n/language';
import { moveSpoken, moveText } from './i18n/moves';
import { findLegal, sameMove } from './moves';

/** The position asked about: the deal, the moves played, the rules. */
export interface DealAt {
  code: string;
  moves: string;
  rules?: string;
}

interface Props {
  deal: DealAt;
  legalMoves: LegalMove[];
  next?: LegalMove | null;
  onPick?: (move: LegalMove) => void;
}

/** As `hint --fair` writes it: one decimal at most (in the reader's numbers). */
function percent(x: number): string {
  return formatPercent(x);
}

/** The bar's width: a CSS length, whatever the language. */
function width(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

function interval(m: FairMove): string {
  return m.low === null || m.high === null ? '' : `95%: ${percent(m.low)}–${percent(m.high)}`;
}

export function FairMoves({ deal, legalMoves, next, onPick }: Props) {
  const key = `${deal.code}|${deal.rules ?? ''}|${deal.moves}`;
  const [answer, setAnswer] = useState<{ key: string; fair: FairHint | null; error: string | null } | null>(null);

  useEffect(() => {
    let cancelled = false;
    setAnswer({ key, fair: null, error: null });
    fairHintAt(deal.code, deal.moves, deal.rules).then(
      (fair) => !cancelled && setAnswer({ key, fair, error: null }),
      (e: unknown) => !cancelled && setAnswer({ key, fair: null, error: describeError(e) }),
    );
    return () => {
      cancelled = true;
    };
  }, [key]);

  const shown = answer?.key === key ? answer : null;
  if (shown?.error) return <p class="error">{shown.error}</p>;
  const fair = shown?.fair;
  if (!fair) return <p class="muted">{t('sampling')}</p>;
  return (
    <div class="fair" data-testid="fair-hint" data-samples={fair.samples}>
      <p class="fair-head" data-testid="fair-head">
        {fair.hidden === 0 ? t('fairExact') : t('fairHead', { count: fair.samples, hidden: fair.hidden, seed: fair.seed })}
      </p>
      {fair.limit && <p class="fair-limit">{t('fairLimit', { limit: fair.limit })}</p>}
      <ul class="moves">
        {fair.moves.map((m) => {
          const legal = findLegal(legalMoves, m.move);
          const text = legal?.text ?? moveText(m.move);
          const best = fair.best !== null && sameMove(fair.best, m.move);
          const isNext = next ? sameMove(next.move, m.move) : false;
          const classes = ['move', 'fair-move'];
          if (best) classes.push('best');
          if (isNext) classes.push('next');
          return (
            <li key={text} class={classes.join(' ')} data-testid="fair-move" data-move={text} data-chance={m.chance ?? ''}>
              {onPick && legal ? (
                <button type="button" class="link" onClick={() => onPick(legal)} aria-label={moveSpoken(m.move)}>
                  {moveText(m.move)}
                </button>
              ) : (
                <span class="move-text">{moveText(m.move)}</span>
              )}
              <span class="chance" data-testid="chance">
                {m.chance === null ? t('notDecided') : percent(m.chance)}
              </span>
              {m.chance !== null && (
                <span class="chance-bar" aria-hidden="true">
                  <span style={{ width: width(m.chance) }} />
                </span>
              )}
              {isNext && <span class="next-mark">▶ {t('lineMark')}</span>}
              <span class="figure">
                {interval(m)}
                {m.decided > 0 && ` · ${t('winsOf', { wins: m.wins, count: m.decided })}`}
              </span>
            </li>
          );
        })}
      </ul>
      <p class="assumption" data-testid="fair-assumption">
        {/* The solver's own words in English; the same in short in another language. */}
        {language() === 'en' ? fair.assumption : t('fairAssumption')}
      </p>
    </div>
  );
}
