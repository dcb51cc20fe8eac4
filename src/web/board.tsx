/** The board drawn as cards, laid out as the app does; clicks report the card and where it lies. */
import type { ComponentChildren } from 'preact';
import type { Board, DoubleBoard, PlayResponse, PyramideBoard } from '../core';
import { cardName } from './i18n/cards';
import { t } from './i18n/language';
import { placeName } from './i18n/moves';

/** Where a card lies: `pyramid`, `waste`, `stock`, `column 3`, `foundation 2`. */
export type Place = string;

export interface BoardEvents {
  /** Whether a card is one of the hinted move's. */
  highlighted?: (card: string, place: Place) => boolean;
  /** Whether a card is selected by the player. */
  selected?: (card: string, place: Place) => boolean;
  onCard?: (card: string, place: Place) => void;
  onCardDouble?: (card: string, place: Place) => void;
  onStock?: () => void;
  /** A click on a column or foundation as a target (Double Solitaire). */
  onTarget?: (place: Place) => void;
}

/** Enter or Space on a focused card or slot acts as a click. */
export function onPress(action: (() => void) | undefined) {
  return action
    ? (event: KeyboardEvent) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        action();
      }
    : undefined;
}

const RED = /[♥♦]|^[HD]|[HD]$/;

function split(card: string): { rank: string; suit: string } {
  const m = /^(10|[2-9AJQK])([♠♥♦♣])$/.exec(card);
  if (m) return { rank: m[1]!, suit: m[2]! };
  return { rank: card, suit: '' };
}

interface CardProps extends BoardEvents {
  card: string;
  place: Place;
  style?: Record<string, string>;
  faded?: boolean;
}

export function Card({ card, place, style, faded, highlighted, selected, onCard, onCardDouble }: CardProps) {
  const { rank, suit } = split(card);
  // The card as drawn (voice control says what it sees), then in words and where it lies.
  const name = `${card} ${cardName(card)}, ${placeName(place)}`;
  const isSelected = selected?.(card, place) ?? false;
  const classes = ['card', RED.test(card) ? 'red' : 'black'];
  if (highlighted?.(card, place)) classes.push('hint');
  if (isSelected) classes.push('selected');
  if (faded) classes.push('faded');
  const face = (
    <>
      <span class="rank" aria-hidden="true">
        {rank}
      </span>
      <span class="suit" aria-hidden="true">
        {suit}
      </span>
      <span class="pip" aria-hidden="true">
        {suit || rank}
      </span>
    </>
  );
  if (!onCard) {
    return (
      <div class={classes.join(' ')} style={style} data-card={card} data-place={place} title={card} role="img" aria-label={name}>
        {face}
      </div>
    );
  }
  return (
    <button
      type="button"
      class={`${classes.join(' ')} clickable`}
      style={style}
      data-card={card}
      data-place={place}
      title={card}
      aria-label={name}
      aria-pressed={isSelected}
      onClick={(e) => {
        e.stopPropagation();
        onCard(card, place);
      }}
      onDblClick={
        onCardDouble
          ? (e) => {
              e.stopPropagation();
              onCardDouble(card, place);
            }
          : undefined
      }
    >
      {face}
    </button>
  );
}

function Back({ style }: { style?: Record<string, string> }) {
  return <div class="card back" style={style} data-back="" role="img" aria-label={t('faceDown')} />;
}

function Stock({ count, top, events }: { count: number; top: string | null; events: BoardEvents }) {
  const label =
    count === 0 ? (
      <span class="slot-label" aria-hidden="true">
        ↻
      </span>
    ) : (
      <span class="count" aria-hidden="true">
        {count}
      </span>
    );
  const name = t('stockLabel', { count });
  if (top) {
    // The stock's top card shows face up and plays by itself; drawing takes its own button, beside it.
    return (
      <>
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's own box and legend do not fit the board's layout */}
        <div class="slot stock" data-testid="stock" title={name} role="group" aria-label={name}>
          <Card card={top} place="stock" {...events} />
          {label}
        </div>
        {events.onStock && (
          <button type="button" class="draw" data-testid="draw" onClick={events.onStock}>
            {t('moveDraw')}
          </button>
        )}
      </>
    );
  }
  const inside = (
    <>
      {count > 0 && <Back />}
      {label}
    </>
  );
  return events.onStock ? (
    <button type="button" class="slot stock clickable" data-testid="stock" onClick={events.onStock} title={name} aria-label={name}>
      {inside}
    </button>
  ) : (
    <div class="slot stock" data-testid="stock" title={name} role="img" aria-label={name}>
      {inside}
    </div>
  );
}

/** The waste fanned: its last three cards, the top one to the right. */
function Waste({ cards, events }: { cards: string[]; events: BoardEvents }) {
  const shown = cards.slice(-3);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's own box and legend do not fit the board's layout
    <div
      class="slot waste"
      data-testid="waste"
      title={t('wasteLabel', { count: cards.length })}
      role="group"
      aria-label={t('wasteLabel', { count: cards.length })}
    >
      {shown.map((card, i) => (
        <Card
          key={`${cards.length - shown.length + i}`}
          card={card}
          place="waste"
          style={{ left: `calc(${i} * var(--fan))`, zIndex: String(i) }}
          {...events}
          onCard={i === shown.length - 1 ? events.onCard : undefined}
          onCardDouble={i === shown.length - 1 ? events.onCardDouble : undefined}
        />
      ))}
      <span class="slot-count" aria-hidden="true">
        {cards.length}
      </span>
    </div>
  );
}

function PyramideView({ board, events }: { board: PyramideBoard; events: BoardEvents }) {
  const cards = [];
  let i = 0;
  for (let row = 0; row < 7; row++) {
    for (let col = 0; col <= row; col++, i++) {
      const card = board.pyramid[i];
      if (!card) continue;
      const style = {
        left: `calc((${6 - row} * 0.5 + ${col}) * (var(--cw) + var(--gap)))`,
        top: `calc(${row} * var(--ch) * 0.55)`,
      };
      cards.push(<Card key={i} card={card} place="pyramid" style={style} {...events} />);
    }
  }
  return (
    <section class="board pyramide" data-testid="board" data-game="pyramide" aria-label={t('boardLabel')}>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's own box and legend do not fit the board's layout */}
      <div class="pyramid" data-testid="pyramid" role="group" aria-label={t('placePyramid')}>
        {cards}
      </div>
      <div class="talon">
        <Stock count={board.stockCount} top={board.stockTop} events={events} />
        <Waste cards={board.waste} events={events} />
        {board.turnsLeft !== null && <span class="turns">{t('turnsLeft', { count: board.turnsLeft })}</span>}
      </div>
    </section>
  );
}

function DoubleView({ board, events }: { board: DoubleBoard; events: BoardEvents }) {
  return (
    <section class="board double" data-testid="board" data-game="double" aria-label={t('boardLabel')}>
      <div class="double-top">
        <Stock count={board.stockCount} top={null} events={events} />
        <Waste cards={board.waste} events={events} />
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's own box and legend do not fit the board's layout */}
        <div class="foundations" role="group" aria-label={t('foundationsLabel')}>
          {board.foundations.map((card, i) => {
            const place = `foundation ${i + 1}`;
            const name = card ? `${placeName(place)}: ${cardName(card)}` : `${placeName(place)}: ${t('empty')}`;
            const shown = card ? <Card card={card} place={place} {...events} onCard={undefined} onCardDouble={undefined} /> : null;
            return events.onTarget ? (
              <button
                key={place}
                type="button"
                class="slot foundation clickable"
                data-testid="foundation"
                aria-label={name}
                onClick={() => events.onTarget?.(place)}
              >
                {shown}
              </button>
            ) : (
              // biome-ignore lint/a11y/useSemanticElements: a fieldset's own box and legend do not fit the board's layout
              <div key={place} class="slot foundation" data-testid="foundation" role="group" aria-label={name}>
                {shown}
              </div>
            );
          })}
        </div>
      </div>
      <div class="columns">
        {board.columns.map((column, c) => {
          const place = `column ${c + 1}`;
          const down = column.faceDown.length;
          const total = down + column.faceUp.length;
          // Each card shows the strip of the one before it: a face-down card's is the thinner.
          const top = (i: number) => `calc(${Math.min(i, down)} * var(--step-down) + ${Math.max(0, i - down)} * var(--step))`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a fieldset's own box and legend do not fit the board's layout
            <div
              key={place}
              class="column"
              data-testid="column"
              data-column={c + 1}
              role="group"
              aria-label={placeName(place)}
              style={{ height: `calc(${top(Math.max(0, total - 1))} + var(--ch))` }}
            >
              {total === 0 && events.onTarget && (
                <button
                  type="button"
                  class="slot empty-column clickable"
                  data-testid="empty-column"
                  aria-label={`${placeName(place)}: ${t('empty')}`}
                  onClick={() => events.onTarget?.(place)}
                />
              )}
              {column.faceDown.map((card, i) => {
                const style = { top: top(i) };
                return card === null ? (
                  <Back key={`d${i}`} style={style} />
                ) : (
                  <Card key={`d${i}`} card={card} place={place} style={style} faded />
                );
              })}
              {column.faceUp.map((card, j) => {
                const i = down + j;
                return <Card key={`u${i}`} card={card} place={place} style={{ top: top(i) }} {...events} />;
              })}
            </div>
          );
        })}
      </div>
      <div class="on-foundations">{t('onFoundations', { count: board.onFoundations })}</div>
    </section>
  );
}

export function BoardView({ board, ...events }: { board: Board } & BoardEvents) {
  return board.game === 'pyramide' ? <PyramideView board={board} events={events} /> : <DoubleView board={board} events={events} />;
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
