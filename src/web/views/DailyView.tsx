/**
 * The deal of the day, phone first: today's deal on top, large, its tiers as big buttons; the
 * month below as a compact calendar, where a tap on a day shows that day's tiers the same way.
 */
import { Calendar } from '../daily/Calendar';
import { DailyFilters } from '../daily/DailyFilters';
import { DailyNotes, NoLists } from '../daily/DailyNotes';
import { DayDeals } from '../daily/DayDeals';
import { dailyMonth } from '../data';
import { useGames, useLoad } from '../hooks';
import { t } from '../i18n/language';
import { href, navigate } from '../router';

function thisMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

export function DailyView({ query }: { query: URLSearchParams }) {
  const games = useGames();
  const game = query.get('game') ?? '';
  const rules = query.get('rules') ?? '';
  const month = /^\d{4}-\d{2}$/.test(query.get('month') ?? '') ? query.get('month')! : thisMonth();
  const days = useLoad(`${game}|${rules}|${month}`, (signal) => dailyMonth({ game, rules, month }, signal));
  const data = days.data;
  const today = new Date().toISOString().slice(0, 10);
  const picked = /^\d{4}-\d{2}-\d{2}$/.test(query.get('day') ?? '') ? query.get('day')! : null;
  const open = (changes: Record<string, string>) => navigate(href('/daily', { game, rules, month, day: picked, ...changes }));

  return (
    <div class="daily-view" data-testid="daily-view">
      <h1>{t('dailyTitle')}</h1>
      <DailyFilters games={games} game={game} rules={rules} open={open} />
      {days.error && <p class="error">{days.error}</p>}
      {days.loading && <p class="muted">{t('loading')}</p>}
      {data && data.tiers.length > 0 && today.startsWith(month) && <DayDeals data={data} date={today} rules={rules} testid="today" />}
      {data && data.tiers.length === 0 ? (
        <NoLists data={data} />
      ) : (
        <Calendar month={month} data={data} today={today} picked={picked} open={open} />
      )}
      {/* Today chosen: it shows above already. */}
      {data && picked !== today && picked?.startsWith(month) && <DayDeals data={data} date={picked} rules={rules} testid="day-deals" />}
      {data && <DailyNotes data={data} />}
    </div>
  );
}
