/** The pieces every board is drawn from: a card, a face-down card, the stock and the waste; clicks report the card and where it lies. */
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

export function Back({ style }: { style?: Record<string, string> }) {
  return <div class="card back" style={style} data-back="" role="img" aria-label={t('faceDown')} />;
}

export function Stock({ count, top, events }: { count: number; top: string | null; events: BoardEvents }) {
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
export function Waste({ cards, events }: { cards: string[]; events: BoardEvents }) {
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
