/** The results view's filters: the game, rule set, verdict and tier menus, and the ranges of the fewest moves and the stuck figure. */
import { useEffect, useState } from 'preact/hooks';
import type { ApiGame } from '../../contract';
import type { Query } from '../api';
import { statusText } from '../board';
import { gameText } from '../games';
import { type Key, t } from '../i18n/language';
import { tierText } from '../i18n/tiers';
import { href } from '../router';
import { joinRange, splitRange } from './query';

type Menu = 'game' | 'rules' | 'verdict' | 'tier';

const MENU_NAMES: Record<Menu, Key> = { game: 'filterGame', rules: 'filterRules', verdict: 'filterVerdict', tier: 'filterTier' };

const CHOICE_TEXTS: Record<Menu, (choice: string) => string> = {
  game: (c) => gameText(c),
  rules: (c) => c,
  verdict: statusText,
  tier: tierText,
};

interface Props {
  games: ApiGame[];
  filters: Query;
  query: URLSearchParams;
  stuck: { name: string; title: string };
  open: (changes: Query) => void;
}

/** A figure's range filter: two number boxes, low .. high (either may be empty). */
function RangeInput(props: {
  label: string;
  title?: string;
  name: string;
  range: [string, string];
  onChange: (range: [string, string]) => void;
}) {
  const { label, title, name, range, onChange } = props;
  const set = (end: 0 | 1) => (e: Event) => {
    const value = (e.currentTarget as HTMLInputElement).value;
    onChange(end === 0 ? [value, range[1]] : [range[0], value]);
  };
  return (
    <label title={title}>
      {label}
      <input type="number" min={0} data-testid={`filter-${name}-low`} value={range[0]} onInput={set(0)} />
      ..
      <input type="number" min={0} data-testid={`filter-${name}-high`} value={range[1]} onInput={set(1)} />
    </label>
  );
}

/** A menu of choices; a value in the URL that is not among them stays chosen. */
function Select({ name, choices, filters, open }: { name: Menu; choices: readonly string[] } & Pick<Props, 'filters' | 'open'>) {
  const chosen = String(filters[name] ?? '');
  return (
    <label>
      {t(MENU_NAMES[name])}
      <select
        name={name}
        data-testid={`filter-${name}`}
        value={chosen}
        onChange={(e) => {
          const value = (e.currentTarget as HTMLSelectElement).value;
          open(name === 'game' ? { game: value, rules: undefined, tier: undefined, page: 1 } : { [name]: value, page: 1 });
        }}
      >
        <option value="">{t('anyChoice')}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {CHOICE_TEXTS[name](c)}
          </option>
        ))}
        {chosen && !choices.includes(chosen) && <option value={chosen}>{chosen}</option>}
      </select>
    </label>
  );
}

export function Filters({ games, filters, query, stuck, open }: Props) {
  const game = games.find((g) => g.id === filters.game);
  const ruleChoices = game ? game.rules : [...new Set(games.flatMap((g) => g.rules))];
  const tierChoices = [
    ...new Set(
      (game ? [game] : games).flatMap((g) => Object.entries(g.tiers).flatMap(([r, t]) => (!filters.rules || r === filters.rules ? t : []))),
    ),
  ];
  const [moves, setMoves] = useState(splitRange(query.get('minMoves')));
  const [most, setMost] = useState(splitRange(query.get('stuck')));
  useEffect(() => setMoves(splitRange(query.get('minMoves'))), [query.get('minMoves')]);
  useEffect(() => setMost(splitRange(query.get('stuck'))), [query.get('stuck')]);
  const menu = { filters, open };
  return (
    <form
      class="filters"
      data-testid="filters"
      onSubmit={(e) => {
        e.preventDefault();
        open({ minMoves: joinRange(moves[0], moves[1]), stuck: joinRange(most[0], most[1]), page: 1 });
      }}
    >
      <Select name="game" choices={games.map((g) => g.id)} {...menu} />
      <Select name="rules" choices={ruleChoices} {...menu} />
      <Select name="verdict" choices={['winnable', 'unwinnable', 'unknown']} {...menu} />
      <Select name="tier" choices={tierChoices} {...menu} />
      <RangeInput label={t('columnMinMoves')} name="minMoves" range={moves} onChange={setMoves} />
      <RangeInput label={stuck.name} title={stuck.title} name="stuck" range={most} onChange={setMost} />
      <button type="submit" data-testid="apply">
        {t('apply')}
      </button>
      <a href={href('/results')}>{t('clear')}</a>
    </form>
  );
}
