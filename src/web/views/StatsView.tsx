/** Figures over the stored results: the winnable share with its 95% interval, and the histograms as bar charts. */
import { api, type Histogram, type StatsGroup } from '../api';
import { FilterSelect } from '../FilterSelect';
import { gameText } from '../games';
import { useGames, useLoad } from '../hooks';
import { formatNumber, formatPercent, language, t } from '../i18n/language';
import { tierText } from '../i18n/tiers';
import { href, navigate } from '../router';
import { STATIC_SITE } from '../staticSite';
import { NeedsServer } from './NeedsServer';

function percent(x: number): string {
  return formatPercent(x);
}

/** A bar's place: a CSS length, whatever the language. */
function length(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** A histogram as plain SVG bars: one bar per bucket, its count on hover. */
export function Bars({ title, buckets, name }: { title: string; buckets: Histogram[]; name: string }) {
  const width = 640;
  const height = 180;
  const pad = { left: 36, bottom: 22, top: 8, right: 8 };
  const max = Math.max(1, ...buckets.map((b) => b.count));
  const w = (width - pad.left - pad.right) / Math.max(1, buckets.length);
  const y = (count: number) => pad.top + (height - pad.top - pad.bottom) * (1 - count / max);
  const label = (b: Histogram) => (b.from === b.to ? `${b.from}` : `${b.from}–${b.to}`);
  const every = Math.max(1, Math.ceil(buckets.length / 12));
  return (
    <figure class="chart" data-testid={`chart-${name}`}>
      <figcaption>{title}</figcaption>
      {buckets.length === 0 ? (
        <p class="muted">{t('noData')}</p>
      ) : (
        <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
          <line x1={pad.left} y1={y(0)} x2={width - pad.right} y2={y(0)} class="axis" />
          <text x={pad.left - 4} y={y(max) + 4} class="tick" text-anchor="end">
            {max}
          </text>
          <text x={pad.left - 4} y={y(0)} class="tick" text-anchor="end">
            0
          </text>
          {buckets.map((b, i) => (
            <g key={label(b)} data-testid="bar" data-from={b.from} data-to={b.to} data-count={b.count}>
              <rect x={pad.left + i * w + 1} y={y(b.count)} width={Math.max(1, w - 2)} height={y(0) - y(b.count)} class="bar">
                <title>
                  {label(b)}: {b.count}
                </title>
              </rect>
              {i % every === 0 && (
                <text x={pad.left + i * w + w / 2} y={height - 6} class="tick" text-anchor="middle">
                  {label(b)}
                </text>
              )}
            </g>
          ))}
        </svg>
      )}
    </figure>
  );
}

/** Winnable deals per difficulty tier, as horizontal bars in the scale's order. */
function TierBars({ tiers }: { tiers: Record<string, number> }) {
  const entries = Object.entries(tiers);
  const max = Math.max(1, ...entries.map(([, n]) => n));
  const row = 22;
  const width = 640;
  const left = 80;
  return (
    <figure class="chart" data-testid="chart-tiers">
      <figcaption>{t('chartTiers')}</figcaption>
      <svg viewBox={`0 0 ${width} ${entries.length * row + 8}`} role="img" aria-label={t('chartTiers')}>
        {entries.map(([tier, n], i) => (
          <g key={tier} data-testid="tier-bar" data-tier={tier} data-count={n}>
            <text x={left - 6} y={i * row + 19} class="tick tier-name" text-anchor="end">
              {tier === 'unknown' ? t('statusUnknown') : tierText(tier)}
            </text>
            <rect x={left} y={i * row + 6} width={Math.max(n > 0 ? 2 : 0, ((width - left - 40) * n) / max)} height={row - 6} class="bar" />
            <text x={left + ((width - left - 40) * n) / max + 6} y={i * row + 19} class="tick">
              {n}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

function Group({ group, stuckTitle }: { group: StatsGroup; stuckTitle: string }) {
  const share = group.winnableShare;
  const interval = group.winnableInterval;
  return (
    <section class="stats-group" data-testid="stats-group" data-game={group.game} data-rules={group.rules}>
      <h2>
        {gameText(group.game)} · {group.rules}
      </h2>
      <p>
        {t('statsDeals', {
          count: group.deals,
          winnable: formatNumber(group.winnable),
          unwinnable: formatNumber(group.unwinnable),
          unknown: formatNumber(group.unknown),
        })}
      </p>
      {share !== null && (
        <p class="share" data-testid="winnable-share">
          {t('statsWinnable')} <b>{percent(share)}</b>
          {interval && (
            <span data-testid="winnable-interval">
              {' '}
              ({t('statsInterval', { low: percent(interval.low), high: percent(interval.high) })})
            </span>
          )}
        </p>
      )}
      {share !== null && interval && (
        <div class="share-bar" title={t('statsShareTitle')}>
          <div class="interval" style={{ left: length(interval.low), width: length(interval.high - interval.low) }} />
          <div class="point" style={{ left: length(share) }} />
        </div>
      )}
      <Bars title={t('chartMinMoves')} buckets={group.minMoves} name="minMoves" />
      <Bars title={t('chartStuck', { figure: stuckTitle })} buckets={group.stuck} name="stuck" />
      <Bars title={t('chartDifficulty')} buckets={group.difficulty} name="difficulty" />
      {group.tiers && <TierBars tiers={group.tiers} />}
    </section>
  );
}

export function StatsView({ query }: { query: URLSearchParams }) {
  return STATIC_SITE ? <NeedsServer title={t('navStats')} /> : <StoredStats query={query} />;
}

function StoredStats({ query }: { query: URLSearchParams }) {
  const games = useGames();
  const game = query.get('game') ?? '';
  const rules = query.get('rules') ?? '';
  const stats = useLoad(`${game}|${rules}`, (signal) => api.stats({ game, rules }, signal));
  const chosen = games.find((g) => g.id === game);
  return (
    <div class="stats-view" data-testid="stats-view">
      <h1>{t('navStats')}</h1>
      <form class="filters">
        <FilterSelect
          label="filterGame"
          value={game}
          empty="anyChoice"
          choices={games.map((g) => ({ value: g.id, text: gameText(g.id, g.name) }))}
          onChange={(id) => navigate(href('/stats', { game: id }))}
        />
        <FilterSelect
          label="filterRules"
          value={rules}
          empty="anyChoice"
          choices={(chosen ? chosen.rules : [...new Set(games.flatMap((g) => g.rules))]).map((r) => ({ value: r, text: r }))}
          onChange={(r) => navigate(href('/stats', { game, rules: r }))}
        />
      </form>
      {stats.error && <p class="error">{stats.error}</p>}
      {stats.data && stats.data.groups.length === 0 && <p class="muted">{t('noStoredResults')}</p>}
      {stats.data?.groups.map((group) => (
        <Group
          key={`${group.game}|${group.rules}`}
          group={group}
          stuckTitle={
            language() === 'en'
              ? (games.find((g) => g.id === group.game)?.stuck.title ?? group.stuckFigure ?? t('stuckFigure'))
              : t('stuckFigure')
          }
        />
      ))}
    </div>
  );
}
