/** How to play each game, short, in the reader's language, with a small picture of its board. */
import { type Key, t } from '../i18n/language';
import { href } from '../router';

type Game = 'pyramide' | 'double';

const RULES: Record<Game, Key[]> = {
  pyramide: ['pyrGoal', 'pyrLayout', 'pyrAvailable', 'pyrPairs', 'pyrKing', 'pyrStock', 'pyrEnd', 'pyrScore'],
  double: ['dblGoal', 'dblLayout', 'dblBuild', 'dblRuns', 'dblEmpty', 'dblFoundations', 'dblStock', 'dblEnd'],
};

/** The board as dealt, drawn small: cards as rectangles, face-down ones blue. */
function Picture({ game }: { game: Game }) {
  const w = 16;
  const h = 22;
  const cards: { x: number; y: number; up: boolean }[] = [];
  let width: number;
  let height: number;
  if (game === 'pyramide') {
    for (let row = 0; row < 7; row++)
      for (let col = 0; col <= row; col++) cards.push({ x: 4 + (6 - row) * 9 + col * 18, y: 4 + row * 12, up: true });
    cards.push({ x: 4, y: 100, up: false }, { x: 24, y: 100, up: true });
    width = 134;
    height = 126;
  } else {
    for (let i = 0; i < 8; i++) cards.push({ x: 4 + 40 + i * 19 + 19, y: 4, up: false });
    cards.push({ x: 4, y: 4, up: false });
    for (let c = 0; c < 9; c++) for (let i = 0; i <= c; i++) cards.push({ x: 4 + c * 19, y: 32 + i * 7, up: i === c });
    width = 4 + 9 * 19 + 4;
    height = 32 + 8 * 7 + h + 4;
  }
  return (
    <svg
      class="rules-picture"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t(game === 'pyramide' ? 'picturePyramide' : 'pictureDouble')}
    >
      <rect width={width} height={height} rx="6" fill="#1f6b3a" />
      {cards.map((c, i) => (
        <rect key={i} x={c.x} y={c.y} width={w} height={h} rx="2" fill={c.up ? '#fff' : '#2b4c9b'} stroke="#9ca3af" stroke-width="0.5" />
      ))}
    </svg>
  );
}

export function RulesView({ game }: { game: Game }) {
  const other: Game = game === 'pyramide' ? 'double' : 'pyramide';
  const name = t(game === 'pyramide' ? 'gamePyramide' : 'gameDouble');
  return (
    <div class="rules-view" data-testid="rules-view" data-game={game}>
      <h1>{t('rulesTitle', { game: name })}</h1>
      <Picture game={game} />
      <ul class="rules">
        {RULES[game].map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p class="rules-links">
        <a href={href(game === 'pyramide' ? '/play/PY1-N-AAAAAAA' : '/play/DS1-D1N-AAAAAAB')} data-testid="rules-play">
          {t('rulesPlayOne')}
        </a>{' '}
        ·{' '}
        <a href={href(`/rules/${other}`)} data-testid="rules-other">
          {t('rulesTitle', { game: t(other === 'pyramide' ? 'gamePyramide' : 'gameDouble') })}
        </a>
      </p>
    </div>
  );
}
