/** On the static site, a view of the stored results: it needs the database, which only `cardsolve serve` reads. */
export function NeedsServer({ title, what }: { title: string; what: string }) {
  return (
    <div class="needs-server" data-testid="needs-server">
      <h2>{title}</h2>
      <p>
        {what} come from a database of stored results, which this page, served as plain files, cannot read. Run{' '}
        <code>npx cardsolve serve</code> (with <code>--db results.sqlite</code> for your own) and open the page it prints.
      </p>
      <p>Deals, play, hints and the deal of the day work here, offline too.</p>
    </div>
  );
}
