/** The stored results as a table: filters, sorting by the headers, pages, and the list as a download. */
import type { ApiGame, ResultsPage } from '../../contract';
import { api, type Query } from '../api';
import { useGames, useLoad } from '../hooks';
import { language, t } from '../i18n/language';
import { Downloads } from '../results/Downloads';
import { Filters } from '../results/Filters';
import { resultsLink, resultsQuery, resultsRequest } from '../results/query';
import { ResultsTable } from '../results/ResultsTable';
import { navigate } from '../router';
import { STATIC_SITE } from '../staticSite';
import { NeedsServer } from './NeedsServer';

export function ResultsView({ query }: { query: URLSearchParams }) {
  return STATIC_SITE ? <NeedsServer title={t('navResults')} /> : <StoredResults query={query} />;
}

/**
 * The stuck figure's column: its short name labels it, its title explains it on hover. The
 * server names the figure in English: another language says it in its own words.
 */
function stuckLabels(game: ApiGame | undefined): { name: string; title: string } {
  if (language() !== 'en') return { name: t('columnStuck'), title: t('stuckFigure') };
  return { name: game?.stuck.field ?? 'stuck', title: game?.stuck.title ?? t('stuckFigure') };
}

function Pager({ page, pages, open }: { page: number; pages: number; open: (changes: Query) => void }) {
  return (
    <div class="pager" data-testid="pager">
      <button type="button" data-testid="page-prev" disabled={page <= 1} onClick={() => open({ page: page - 1 })}>
        ◀ {t('stepPrevious')}
      </button>
      <span data-testid="page">{t('pageOf', { n: page, total: pages })}</span>
      <button type="button" data-testid="page-next" disabled={page >= pages} onClick={() => open({ page: page + 1 })}>
        {t('stepNext')} ▶
      </button>
    </div>
  );
}

function StoredResults({ query }: { query: URLSearchParams }) {
  const games = useGames();
  const asked = resultsQuery(query);
  const request = resultsRequest(asked);
  const result = useLoad<ResultsPage>(JSON.stringify(request), (signal) => api.results(request, signal));
  const open = (changes: Query) => navigate(resultsLink(asked, changes));
  const stuck = stuckLabels(games.find((g) => g.id === asked.filters.game));
  const data = result.data;
  return (
    <div class="results-view" data-testid="results-view">
      <h1>{t('navResults')}</h1>
      <Filters games={games} filters={asked.filters} query={query} stuck={stuck} open={open} />
      <Downloads filters={asked.filters} />
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
      <ResultsTable rows={data?.rows ?? []} sort={asked.sort} order={asked.order} stuck={stuck} open={open} />
      {data && <Pager page={asked.page} pages={Math.max(1, Math.ceil(data.total / data.pageSize))} open={open} />}
    </div>
  );
}
