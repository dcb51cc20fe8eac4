/** The deals of the day's game and rule set (the defaults: the first game, its first rule set). */
import type { ApiGame } from '../../contract';
import { FilterSelect } from '../FilterSelect';
import { gameText } from '../games';

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
      <FilterSelect
        label="filterGame"
        value={game}
        empty="defaultChoice"
        choices={games.map((g) => ({ value: g.id, text: gameText(g.id, g.name) }))}
        onChange={(id) => open({ game: id, rules: '' })}
      />
      {chosen && (
        <FilterSelect
          label="filterRules"
          value={rules}
          empty="defaultChoice"
          choices={chosen.rules.map((r) => ({ value: r, text: r }))}
          onChange={(r) => open({ rules: r })}
        />
      )}
    </form>
  );
}
