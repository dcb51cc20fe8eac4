/** Figures over the stored results: the winnable share with its 95% interval, and the histograms as bar charts. */
import { api, type Histogram, type StatsGroup } from '../api';
import { useGames, useLoad } from '../hooks';
import { href, navigate } from '../router';
import { STATIC_SITE } from '../staticSite';
import { NeedsServer } from './NeedsServer';

function percent(x: number): string {
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
        <p class="muted">no data</p>
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
      <figcaption>Winnable deals per tier</figcaption>
      <svg viewBox={`0 0 ${width} ${entries.length * row + 8}`} role="img" aria-label="winnable deals per tier">
        {entries.map(([tier, n], i) => (
          <g key={tier} data-testid="tier-bar" data-tier={tier} data-count={n}>
            <text x={left - 6} y={i * row + 19} class="tick tier-name" text-anchor="end">
              {tier}
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
      <h3>
        {group.game} · {group.rules}
      </h3>
      <p>
        {group.deals} deals: {group.winnable} winnable, {group.unwinnable} unwinnable, {group.unknown} unknown.
      </p>
      {share !== null && (
        <p class="share" data-testid="winnable-share">
          Winnable: <b>{percent(share)}</b>
          {interval && (
            <span data-testid="winnable-interval">
              {' '}
              (95% interval {percent(interval.low)} – {percent(interval.high)})
            </span>
          )}
        </p>
      )}
      {share !== null && interval && (
        <div class="share-bar" title="winnable share and its 95% interval">
          <div class="interval" style={{ left: percent(interval.low), width: percent(interval.high - interval.low) }} />
          <div class="point" style={{ left: percent(share) }} />
        </div>
      )}
      <Bars title="Fewest moves (winnable deals)" buckets={group.minMoves} name="minMoves" />
      <Bars title={`${stuckTitle} (unwinnable deals)`} buckets={group.stuck} name="stuck" />
      <Bars title="Difficulty score (winnable deals)" buckets={group.difficulty} name="difficulty" />
      {group.tiers && <TierBars tiers={group.tiers} />}
    </section>
  );
}

export function StatsView({ query }: { query: URLSearchParams }) {
  return STATIC_SITE ? <NeedsServer title="Stats" /> : <StoredStats query={query} />;
}

function StoredStats({ query }: { query: URLSearchParams }) {
  const games = useGames();
  const game = query.get('game') ?? '';
  const rules = query.get('rules') ?? '';
  const stats = useLoad(`${game}|${rules}`, (signal) => api.stats({ game, rules }, signal));
  const chosen = games.find((g) => g.id === game);
  return (
    <div class="stats-view" data-testid="stats-view">
      <h2>Stats</h2>
      <form class="filters">
        <label>
          game
          <select value={game} onChange={(e) => navigate(href('/stats', { game: (e.currentTarget as HTMLSelectElement).value }))}>
            <option value="">any</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          rules
          <select value={rules} onChange={(e) => navigate(href('/stats', { game, rules: (e.currentTarget as HTMLSelectElement).value }))}>
            <option value="">any</option>
            {(chosen ? chosen.rules : [...new Set(games.flatMap((g) => g.rules))]).map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      </form>
      {stats.error && <p class="error">{stats.error}</p>}
      {stats.data && stats.data.groups.length === 0 && <p class="muted">No stored results.</p>}
      {stats.data?.groups.map((group) => (
        <Group
          key={`${group.game}|${group.rules}`}
          group={group}
          stuckTitle={games.find((g) => g.id === group.game)?.stuck.title ?? group.stuckFigure ?? 'stuck figure'}
        />
      ))}
    </div>
  );
}
