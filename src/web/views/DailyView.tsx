/**
 * The deal of the day, phone first: today's deal on top, large, its tiers as big buttons; the
 * month below as a compact calendar, where a tap on a day shows that day's tiers the same way.
 */
import type { DailyMonth } from '../api';
import { dailyMonth } from '../data';
import { useGames, useLoad } from '../hooks';
import { formatDay, formatMonth, language, t, weekdays } from '../i18n/language';
import { gameText, tierText } from '../i18n/tiers';
import { href, navigate } from '../router';

function thisMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

function shift(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/** One day's deals, a large button a tier. */
function DayDeals({ data, date, rules, testid }: { data: DailyMonth; date: string; rules: string; testid: string }) {
  const day = data.days.find((d) => d.date === date);
  if (!day) return null;
  return (
    <section class="day-deals" data-testid={testid} data-date={date} aria-labelledby={`${testid}-title`}>
      <h2 id={`${testid}-title`}>{formatDay(date, 'weekday')}</h2>
      <div class="tier-buttons">
        {data.tiers.map((tier) => {
          const code = day.deals[tier];
          return code ? (
            <a
              key={tier}
              class={`tier-button ${tier}`}
              href={href(`/deal/${encodeURIComponent(code)}`, { rules: rules || undefined })}
              data-testid="daily-deal"
              data-tier={tier}
              data-code={code}
            >
              <b>{tierText(tier)}</b>
              <span class="code">{code}</span>
            </a>
          ) : null;
        })}
      </div>
    </section>
  );
}

export function DailyView({ query }: { query: URLSearchParams }) {
  const games = useGames();
  const game = query.get('game') ?? '';
  const rules = query.get('rules') ?? '';
  const month = /^\d{4}-\d{2}$/.test(query.get('month') ?? '') ? query.get('month')! : thisMonth();
  const days = useLoad(`${game}|${rules}|${month}`, (signal) => dailyMonth({ game, rules, month }, signal));
  const chosen = games.find((g) => g.id === game);
  const data = days.data;
  const today = new Date().toISOString().slice(0, 10);
  const picked = /^\d{4}-\d{2}-\d{2}$/.test(query.get('day') ?? '') ? query.get('day')! : null;
  const open = (changes: Record<string, string>) => navigate(href('/daily', { game, rules, month, day: picked, ...changes }));

  const [y, m] = month.split('-').map(Number);
  // Weeks start on Monday; the blanks before the first day.
  const blanks = (new Date(Date.UTC(y!, m! - 1, 1)).getUTCDay() + 6) % 7;
  const english = language() === 'en';

  return (
    <div class="daily-view" data-testid="daily-view">
      <h1>{t('dailyTitle')}</h1>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('filterGame')}
          <select value={game} onChange={(e) => open({ game: (e.currentTarget as HTMLSelectElement).value, rules: '' })}>
            <option value="">{t('defaultChoice')}</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {gameText(g.id, g.name)}
              </option>
            ))}
          </select>
        </label>
        {chosen && (
          <label>
            {t('filterRules')}
            <select value={rules} onChange={(e) => open({ rules: (e.currentTarget as HTMLSelectElement).value })}>
              <option value="">{t('defaultChoice')}</option>
              {chosen.rules.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        )}
      </form>
      {days.error && <p class="error">{days.error}</p>}
      {days.loading && <p class="muted">{t('loading')}</p>}
      {data && data.tiers.length > 0 && today.startsWith(month) && <DayDeals data={data} date={today} rules={rules} testid="today" />}
      {data && data.tiers.length === 0 ? (
        // No tier has a list: say why rather than draw a month of empty days.
        <div class="daily-missing" data-testid="daily-missing">
          <p>{t('dailyNone', { game: gameText(data.game), rules: data.rules })}</p>
          <ul>
            {Object.entries(data.missing).map(([tier, why]) => (
              <li key={tier}>
                <b>{tierText(tier)}</b>: {english ? why : t('dailyNoList')}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <section class="month" aria-labelledby="month-title">
          <div class="month-head">
            <button
              type="button"
              data-testid="month-prev"
              aria-label={t('monthPrevious')}
              onClick={() => open({ month: shift(month, -1), day: '' })}
            >
              ◀
            </button>
            <h2 id="month-title" data-testid="month" data-month={month}>
              {formatMonth(month)}
            </h2>
            <button
              type="button"
              data-testid="month-next"
              aria-label={t('monthNext')}
              onClick={() => open({ month: shift(month, 1), day: '' })}
            >
              ▶
            </button>
          </div>
          <div class="calendar" data-testid="calendar">
            {weekdays().map((d) => (
              <div key={d} class="weekday" aria-hidden="true">
                {d}
              </div>
            ))}
            {Array.from({ length: blanks }, (_, i) => (
              <div key={`blank${i}`} class="day blank" />
            ))}
            {data?.days.map((day) => (
              <button
                type="button"
                key={day.date}
                class={`day${day.date === today ? ' today' : ''}${day.date === picked ? ' picked' : ''}`}
                data-testid="day"
                data-date={day.date}
                aria-label={formatDay(day.date)}
                aria-pressed={day.date === picked}
                onClick={() => open({ day: day.date === picked ? '' : day.date })}
              >
                {Number(day.date.slice(8))}
              </button>
            ))}
          </div>
        </section>
      )}
      {/* Today chosen: it shows above already. */}
      {data && picked !== today && picked?.startsWith(month) && <DayDeals data={data} date={picked} rules={rules} testid="day-deals" />}
      {data && Object.keys(data.notes ?? {}).length > 0 && (
        <ul class="muted" data-testid="daily-notes">
          {Object.entries(data.notes).map(([tier, said]) => (
            <li key={tier}>{english ? `${tier}: ${said.join('; ')}` : t('dailyRepeats', { tier: tierText(tier) })}</li>
          ))}
        </ul>
      )}
      {data && data.tiers.length > 0 && Object.keys(data.missing).length > 0 && (
        <ul class="muted" data-testid="daily-missing">
          {Object.entries(data.missing).map(([tier, why]) => (
            <li key={tier}>
              {tierText(tier)}: {english ? why : t('dailyNoList')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
