/** On the static site, a view of the stored results: it needs the database, which only `cardsolve serve` reads. */
export function NeedsServer({ title }: { title: string }) {
  return (
    <div class="needs-server" data-testid="needs-server">
      <h2>{title}</h2>
      <p>
        {title} need <code>cardsolve serve</code>: they are read from a database of stored analyses, which a page served as plain files
        cannot open. Run <code>npx cardsolve serve</code> (<code>--db results.sqlite</code> for a database of your own) and open the address
        it prints.
      </p>
      <p>Deals, play, hints and the deal of the day work here, offline too.</p>
    </div>
  );
}
