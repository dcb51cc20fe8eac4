/** Double Solitaire's board: the stock, the waste, eight foundations and nine columns. */
import type { DoubleBoard } from '../../core';
import { Back, type BoardEvents, Card, Stock, Waste } from '../boardParts';
import { cardName } from '../i18n/cards';
import { t } from '../i18n/language';
import { placeName } from '../i18n/moves';

export function DoubleView({ board, events }: { board: DoubleBoard; events: BoardEvents }) {
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
