/** Pyramide's board: the pyramid of 28 cards, the stock and the waste. */
import type { PyramideBoard } from '../../core';
import { type BoardEvents, Card, Stock, Waste } from '../boardParts';
import { t } from '../i18n/language';

export function PyramideView({ board, events }: { board: PyramideBoard; events: BoardEvents }) {
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
