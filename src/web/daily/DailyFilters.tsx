/** The deals of the day's game and rule set (the defaults: the first game, its first rule set). */
import type { ApiGame } from '../../contract';
import { GameSelect } from '../games/GameSelect';
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
      <GameSelect games={games} value={game} empty="defaultChoice" onChange={(id) => open({ game: id, rules: '' })} />
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
