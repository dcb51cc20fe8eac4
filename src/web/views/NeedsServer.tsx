import { t } from '../i18n/language';

/** On the static site, a view of the stored results (reached by an old link: its menu does not offer it) needs the database, which only `cardsolve serve` reads. */
export function NeedsServer({ title }: { title: string }) {
  return (
    <div class="needs-server" data-testid="needs-server">
      <h1>{title}</h1>
      <p>
        {t('needsServer', { title })} <code>npx cardsolve serve</code> (<code>--db results.sqlite</code>) {t('needsServerRun')}
      </p>
      <p>{t('needsServerHere')}</p>
    </div>
  );
}
