/** The stored results as a table: filters, sorting by the headers, pages, and the list as a download. */
import { useEffect, useState } from 'preact/hooks';
import type { ResultRow, ResultsPage } from '../../contract';
import { api, apiUrl, describeError, downloadWithToken, hasToken, type Query } from '../api';
import { onPress, statusText } from '../board';
import { useGames, useLoad } from '../hooks';
import { type Key, language, t } from '../i18n/language';
import { gameText, tierText } from '../i18n/tiers';
import { href, navigate } from '../router';
import { STATIC_SITE } from '../staticSite';
import { NeedsServer } from './NeedsServer';

const FILTERS = ['game', 'rules', 'verdict', 'tier', 'minMoves', 'stuck'] as const;
const SORTABLE = ['code', 'minMoves', 'stuck', 'difficulty', 'ms'] as const;
type Sortable = (typeof SORTABLE)[number];

function filtersOf(query: URLSearchParams): Query {
  const out: Query = {};
  for (const key of FILTERS) out[key] = query.get(key) ?? undefined;
  return out;
}

/** `A..B` in two halves, and back. */
function splitRange(range: string | null): [string, string] {
  if (!range) return ['', ''];
  const [low = '', high = ''] = range.split('..');
  return [low, range.includes('..') ? high : low];
}

function joinRange(low: string, high: string): string {
  if (low === '' && high === '') return '';
  return `${low}..${high}`;
}

/** A figure's range filter: two number boxes, low .. high (either may be empty). */
function RangeInput(props: {
  label: string;
  title?: string;
  name: string;
  range: [string, string];
  onChange: (range: [string, string]) => void;
}) {
  const { label, title, name, range, onChange } = props;
  const set = (end: 0 | 1) => (e: Event) => {
    const value = (e.currentTarget as HTMLInputElement).value;
    onChange(end === 0 ? [value, range[1]] : [range[0], value]);
  };
  return (
    <label title={title}>
      {label}
      <input type="number" min={0} data-testid={`filter-${name}-low`} value={range[0]} onInput={set(0)} />
      ..
      <input type="number" min={0} data-testid={`filter-${name}-high`} value={range[1]} onInput={set(1)} />
    </label>
  );
}

export function ResultsView({ query }: { query: URLSearchParams }) {
  return STATIC_SITE ? <NeedsServer title={t('navResults')} /> : <StoredResults query={query} />;
}

function StoredResults({ query }: { query: URLSearchParams }) {
  const games = useGames();
  const filters = filtersOf(query);
  const sort = (query.get('sort') ?? 'code') as Sortable;
  const order = query.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const pageSize = Math.max(1, Number.parseInt(query.get('pageSize') ?? '50', 10) || 50);
  const request: Query = { ...filters, sort, order, page, pageSize };
  const key = JSON.stringify(request);
  const result = useLoad<ResultsPage>(key, (signal) => api.results(request, signal));

  const open = (changes: Query) => {
    const next: Record<string, string | number | null> = {};
    for (const [k, v] of Object.entries({ ...filters, sort, order, page, pageSize: pageSize === 50 ? null : pageSize, ...changes })) {
      next[k] = v === undefined || typeof v === 'boolean' ? null : v;
    }
    if (next.sort === 'code') next.sort = null;
    if (next.order === 'asc') next.order = null;
    if (next.page === 1) next.page = null;
    navigate(href('/results', next));
  };

  const game = games.find((g) => g.id === filters.game);
  const ruleChoices = game ? game.rules : [...new Set(games.flatMap((g) => g.rules))];
  const tierChoices = [
    ...new Set(
      (game ? [game] : games).flatMap((g) => Object.entries(g.tiers).flatMap(([r, t]) => (!filters.rules || r === filters.rules ? t : []))),
    ),
  ];
  // The field's short name labels the column; its title explains it on hover.
  // The server names the figure in English: another language says it in its own words.
  const english = language() === 'en';
  const stuckName = english ? (game?.stuck.field ?? 'stuck') : t('columnStuck');
  const stuckTitle = english ? (game?.stuck.title ?? t('stuckFigure')) : t('stuckFigure');

  const [moves, setMoves] = useState(splitRange(query.get('minMoves')));
  const [stuck, setStuck] = useState(splitRange(query.get('stuck')));
  useEffect(() => setMoves(splitRange(query.get('minMoves'))), [query.get('minMoves')]);
  useEffect(() => setStuck(splitRange(query.get('stuck'))), [query.get('stuck')]);

  const exportQuery = (format: string) => apiUrl('export', { ...filters, format });
  // Under `serve --token` a plain link cannot send the token: the file is fetched with it.
  const withToken = (e: MouseEvent) => {
    if (!hasToken()) return;
    e.preventDefault();
    const url = (e.currentTarget as HTMLAnchorElement).getAttribute('href')!;
    downloadWithToken(url).catch((error: unknown) => window.alert(describeError(error)));
  };
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const header = (field: Sortable, title: string, hint?: string) => (
    <th title={hint}>
      <button
        type="button"
        class={`sort${sort === field ? ` ${order}` : ''}`}
        data-testid={`sort-${field}`}
        onClick={() => open({ sort: field, order: sort === field && order === 'asc' ? 'desc' : 'asc', page: 1 })}
      >
        {title}
        {sort === field ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );

  const FILTER_NAMES: Record<'game' | 'rules' | 'verdict' | 'tier', Key> = {
    game: 'filterGame',
    rules: 'filterRules',
    verdict: 'filterVerdict',
    tier: 'filterTier',
  };
  const choiceText = (name: 'game' | 'rules' | 'verdict' | 'tier', c: string) =>
    name === 'game' ? gameText(c) : name === 'verdict' ? statusText(c) : name === 'tier' ? tierText(c) : c;
  const select = (name: 'game' | 'rules' | 'verdict' | 'tier', choices: readonly string[]) => (
    <label>
      {t(FILTER_NAMES[name])}
      <select
        name={name}
        data-testid={`filter-${name}`}
        value={String(filters[name] ?? '')}
        onChange={(e) => {
          const value = (e.currentTarget as HTMLSelectElement).value;
          open(name === 'game' ? { game: value, rules: undefined, tier: undefined, page: 1 } : { [name]: value, page: 1 });
        }}
      >
        <option value="">{t('anyChoice')}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {choiceText(name, c)}
          </option>
        ))}
        {filters[name] && !choices.includes(String(filters[name])) && (
          <option value={String(filters[name])}>{String(filters[name])}</option>
        )}
      </select>
    </label>
  );

  const rowLink = (row: ResultRow) => (row.code ? href(`/deal/${encodeURIComponent(row.code)}`, { rules: row.rules }) : null);

  return (
    <div class="results-view" data-testid="results-view">
      <h1>{t('navResults')}</h1>
      <form
        class="filters"
        data-testid="filters"
        onSubmit={(e) => {
          e.preventDefault();
          open({ minMoves: joinRange(moves[0], moves[1]), stuck: joinRange(stuck[0], stuck[1]), page: 1 });
        }}
      >
        {select(
          'game',
          games.map((g) => g.id),
        )}
        {select('rules', ruleChoices)}
        {select('verdict', ['winnable', 'unwinnable', 'unknown'])}
        {select('tier', tierChoices)}
        <RangeInput label={t('columnMinMoves')} name="minMoves" range={moves} onChange={setMoves} />
        <RangeInput label={stuckName} title={stuckTitle} name="stuck" range={stuck} onChange={setStuck} />
        <button type="submit" data-testid="apply">
          {t('apply')}
        </button>
        <a href={href('/results')}>{t('clear')}</a>
      </form>
      <p class="downloads">
        {t('downloadList')}{' '}
        <a href={exportQuery('csv')} download data-testid="download-csv" onClick={withToken}>
          CSV
        </a>{' '}
        ·{' '}
        <a href={exportQuery('json')} download data-testid="download-json" onClick={withToken}>
          JSON
        </a>{' '}
        ·{' '}
        <a href={exportQuery('jsonl')} download data-testid="download-jsonl" onClick={withToken}>
          {t('jsonLines')}
        </a>
      </p>
      {result.error && (
        <p class="error" data-testid="error">
          {result.error}
        </p>
      )}
      {data && (
        <p data-testid="total" data-total={data.total}>
          {t('resultsCount', { count: data.total })}
          {result.loading && <span class="muted"> ({t('loading')})</span>}
        </p>
      )}
      <table class="results" data-testid="results-table">
        <thead>
          <tr>
            {header('code', t('columnCode'))}
            <th>{t('filterRules')}</th>
            <th>{t('filterVerdict')}</th>
            <th>{t('filterTier')}</th>
            {header('difficulty', t('columnDifficulty'))}
            {header('minMoves', t('columnMinMoves'))}
            {header('stuck', stuckName, stuckTitle)}
            {header('ms', t('columnMs'))}
          </tr>
        </thead>
        <tbody>
          {data?.rows.map((row) => {
            const link = rowLink(row);
            return (
              <tr
                key={`${row.dealKey}|${row.rules}|${row.solverVersion}`}
                data-testid="result-row"
                data-code={row.code ?? ''}
                class={link ? 'clickable' : ''}
                onClick={link ? () => navigate(link) : undefined}
                onKeyDown={onPress(link ? () => navigate(link) : undefined)}
              >
                <td>{link ? <a href={link}>{row.code}</a> : row.dealKey}</td>
                <td>{row.rules}</td>
                <td class={`verdict ${row.verdict}`}>{statusText(row.verdict)}</td>
                <td>{row.tier ? tierText(row.tier) : ''}</td>
                <td class="num">{row.difficulty ?? ''}</td>
                <td class="num">
                  {row.minMoves ?? ''}
                  {row.minMoves !== null && !row.minMovesProved ? '?' : ''}
                </td>
                <td class="num">
                  {row.stuck ?? ''}
                  {row.stuck !== null && row.stuckExact === false ? '?' : ''}
                </td>
                <td class="num">{Math.round(row.ms)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {data && (
        <div class="pager" data-testid="pager">
          <button type="button" data-testid="page-prev" disabled={page <= 1} onClick={() => open({ page: page - 1 })}>
            ◀ {t('stepPrevious')}
          </button>
          <span data-testid="page">{t('pageOf', { n: page, total: pages })}</span>
          <button type="button" data-testid="page-next" disabled={page >= pages} onClick={() => open({ page: page + 1 })}>
            {t('stepNext')} ▶
          </button>
        </div>
      )}
    </div>
  );
}
