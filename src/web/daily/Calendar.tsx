/** A month of deals of the day as a compact calendar, weeks from Monday; a tap on a day picks it. */
import type { DailyMonth } from '../api';
import { formatDay, formatMonth, t, weekdays } from '../i18n/language';

interface Props {
  month: string;
  data: DailyMonth | null;
  today: string;
  picked: string | null;
  open: (changes: Record<string, string>) => void;
}

/** The month `by` months after `month` (`2026-01`). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/** The blank days before the month's first: weeks start on Monday. */
function blanksBefore(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return (new Date(Date.UTC(y!, m! - 1, 1)).getUTCDay() + 6) % 7;
}

export function Calendar({ month, data, today, picked, open }: Props) {
  return (
    <section class="month" aria-labelledby="month-title">
      <div class="month-head">
        <button
          type="button"
          data-testid="month-prev"
          aria-label={t('monthPrevious')}
          onClick={() => open({ month: shiftMonth(month, -1), day: '' })}
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
          onClick={() => open({ month: shiftMonth(month, 1), day: '' })}
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
        {Array.from({ length: blanksBefore(month) }, (_, i) => (
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
  );
}
