/** The deals of the day's game and rule set (the defaults: the first game, its first rule set). */
import type { ApiGame } from '../../contract';
import { gameText } from '../games';
import { t } from '../i18n/language';

interface Props {
  games: ApiGame[];
  game: string;
  rules: string;
  open: (changes: Record<string, string>) => void;
}

export function DailyFilters({ games, game, rules, open }: Props) {
  const chosen = games.find((g) => g.id === game);
  return (
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
  );
}
