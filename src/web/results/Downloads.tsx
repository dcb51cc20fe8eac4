/** The filtered list as a download: CSV, JSON or JSON lines, as `cardsolve export` writes it. */
import { apiUrl, describeError, downloadWithToken, hasToken, type Query } from '../api';
import { t } from '../i18n/language';

/** Under `serve --token` a plain link cannot send the token: the file is fetched with it. */
function withToken(e: MouseEvent): void {
  if (!hasToken()) return;
  e.preventDefault();
  const url = (e.currentTarget as HTMLAnchorElement).getAttribute('href')!;
  downloadWithToken(url).catch((error: unknown) => window.alert(describeError(error)));
}

export function Downloads({ filters }: { filters: Query }) {
  const exportQuery = (format: string) => apiUrl('export', { ...filters, format });
  return (
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
  );
}
