/** How to play each game, short, in the reader's language, with a small picture of its board. */
import { Fragment } from 'preact';
import { ADAPTERS, type GameAdapter } from '../games';
import { t } from '../i18n/language';
import { href } from '../router';

/** The board as dealt, drawn small: cards as rectangles, face-down ones blue. */
function Picture({ game }: { game: GameAdapter }) {
  const { label, width, height, cards } = game.picture;
  return (
    <svg class="rules-picture" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t(label)}>
      <rect width={width} height={height} rx="6" fill="#1f6b3a" />
      {cards.map((c, i) => (
        <rect key={i} x={c.x} y={c.y} width={16} height={22} rx="2" fill={c.up ? '#fff' : '#2b4c9b'} stroke="#9ca3af" stroke-width="0.5" />
      ))}
    </svg>
  );
}

export function RulesView({ game }: { game: GameAdapter }) {
  const others = ADAPTERS.filter((other) => other !== game);
  return (
    <div class="rules-view" data-testid="rules-view" data-game={game.id}>
      <h1>{t('rulesTitle', { game: t(game.name) })}</h1>
      <Picture game={game} />
      <ul class="rules">
        {game.rules.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p class="rules-links">
        <a href={href(`/play/${game.sample}`)} data-testid="rules-play">
          {t('rulesPlayOne')}
        </a>
        {others.map((other) => (
          <Fragment key={other.id}>
            {' '}
            ·{' '}
            <a href={href(`/rules/${other.id}`)} data-testid="rules-other">
              {t('rulesTitle', { game: t(other.name) })}
            </a>
          </Fragment>
        ))}
      </p>
    </div>
  );
}
