/** One day's deals of the day, a large button a tier. */
import type { DailyMonth } from '../api';
import { formatDay } from '../i18n/language';
import { tierText } from '../i18n/tiers';
import { href } from '../router';

/** One day's deals, a large button a tier. */
export function DayDeals({ data, date, rules, testid }: { data: DailyMonth; date: string; rules: string; testid: string }) {
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
