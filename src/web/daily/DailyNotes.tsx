/**
 * What the deals of the day say besides the deals: why a tier has none (no list shipped for
 * it), and a list repeating its deals. The server's words in English; the same in short in
 * another language.
 */
import type { DailyMonth } from '../api';
import { gameText } from '../games';
import { language, t } from '../i18n/language';
import { tierText } from '../i18n/tiers';

/** No tier has a list: say why rather than draw a month of empty days. */
export function NoLists({ data }: { data: DailyMonth }) {
  const english = language() === 'en';
  return (
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
  );
}

/** Under the calendar: the tiers whose lists repeat deals, and those with no list. */
export function DailyNotes({ data }: { data: DailyMonth }) {
  const english = language() === 'en';
  return (
    <>
      {Object.keys(data.notes ?? {}).length > 0 && (
        <ul class="muted" data-testid="daily-notes">
          {Object.entries(data.notes).map(([tier, said]) => (
            <li key={tier}>{english ? `${tier}: ${said.join('; ')}` : t('dailyRepeats', { tier: tierText(tier) })}</li>
          ))}
        </ul>
      )}
      {data.tiers.length > 0 && Object.keys(data.missing).length > 0 && (
        <ul class="muted" data-testid="daily-missing">
          {Object.entries(data.missing).map(([tier, why]) => (
            <li key={tier}>
              {tierText(tier)}: {english ? why : t('dailyNoList')}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
