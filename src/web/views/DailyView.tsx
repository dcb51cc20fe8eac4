/** The deal of the day per tier, on a month calendar. */
import { dailyMonth } from '../data';
import { useGames, useLoad } from '../hooks';
import { href, navigate } from '../router';

function thisMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

function shift(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

export function DailyView({ query }: { query: URLSearchParams }) {
  const games = useGames();
  const game = query.get('game') ?? '';
  const rules = query.get('rules') ?? '';
  const month = /^\d{4}-\d{2}$/.test(query.get('month') ?? '') ? query.get('month')! : thisMonth();
  const days = useLoad(`${game}|${rules}|${month}`, (signal) => dailyMonth({ game, rules, month }, signal));
  const chosen = games.find((g) => g.id === game);
  const data = days.data;
  const open = (changes: Record<string, string>) => navigate(href('/daily', { game, rules, month, ...changes }));

  const [y, m] = month.split('-').map(Number);
  // Weeks start on Monday; the blanks before the first day.
  const blanks = (new Date(Date.UTC(y!, m! - 1, 1)).getUTCDay() + 6) % 7;
  const today = new Date().toISOString().slice(0, 10);

  return (
    <div class="daily-view" data-testid="daily-view">
      <h2>Deal of the day</h2>
      <form class="filters">
        <label>
          game
          <select value={game} onChange={(e) => open({ game: (e.currentTarget as HTMLSelectElement).value, rules: '' })}>
            <option value="">default</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        {chosen && (
          <label>
            rules
            <select value={rules} onChange={(e) => open({ rules: (e.currentTarget as HTMLSelectElement).value })}>
              <option value="">default</option>
              {chosen.rules.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" data-testid="month-prev" onClick={() => open({ month: shift(month, -1) })}>
          ◀
        </button>
        <b data-testid="month">{month}</b>
        <button type="button" data-testid="month-next" onClick={() => open({ month: shift(month, 1) })}>
          ▶
        </button>
      </form>
      {days.error && <p class="error">{days.error}</p>}
      {days.loading && <p class="muted">Loading…</p>}
      {data && data.tiers.length === 0 ? (
        // No tier has a list: say why rather than draw a month of empty days.
        <div class="daily-missing" data-testid="daily-missing">
          <p>
            No deal of the day for {data.game} ({data.rules}) yet:
          </p>
          <ul>
            {Object.entries(data.missing).map(([tier, why]) => (
              <li key={tier}>
                <b>{tier}</b>: {why}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div class="calendar" data-testid="calendar">
          {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => (
            <div key={d} class="weekday">
              {d}
            </div>
          ))}
          {Array.from({ length: blanks }, (_, i) => (
            <div key={`blank${i}`} class="day blank" />
          ))}
          {data?.days.map((day) => (
            <div key={day.date} class={`day${day.date === today ? ' today' : ''}`} data-testid="day" data-date={day.date}>
              <div class="date">{Number(day.date.slice(8))}</div>
              {data.tiers.map((tier) => {
                const code = day.deals[tier];
                return code ? (
                  <a
                    key={tier}
                    class={`tier ${tier}`}
                    href={href(`/deal/${encodeURIComponent(code)}`, { rules: rules || undefined })}
                    title={code}
                    data-testid="daily-deal"
                    data-tier={tier}
                    data-code={code}
                  >
                    {tier}
                  </a>
                ) : null;
              })}
            </div>
          ))}
        </div>
      )}
      {data && Object.keys(data.notes ?? {}).length > 0 && (
        <ul class="muted" data-testid="daily-notes">
          {Object.entries(data.notes).map(([tier, said]) => (
            <li key={tier}>
              {tier}: {said.join('; ')}
            </li>
          ))}
        </ul>
      )}
      {data && data.tiers.length > 0 && Object.keys(data.missing).length > 0 && (
        <ul class="muted" data-testid="daily-missing">
          {Object.entries(data.missing).map(([tier, why]) => (
            <li key={tier}>
              {tier}: {why}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
