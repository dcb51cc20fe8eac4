/** The game menu of the filters (daily, stats): the games the server names, in words. */
import type { ApiGame } from '../../contract';
import { t } from '../i18n/language';
import type { Key } from '../i18n/messages';
import { gameText } from './index';

interface Props {
  games: readonly ApiGame[];
  value: string;
  /** The words of the empty choice (`defaultChoice`, `anyChoice`). */
  empty: Key;
  onChange: (game: string) => void;
}

export function GameSelect({ games, value, empty, onChange }: Props) {
  return (
    <label>
      {t('filterGame')}
      <select value={value} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}>
        <option value="">{t(empty)}</option>
        {games.map((g) => (
          <option key={g.id} value={g.id}>
            {gameText(g.id, g.name)}
          </option>
        ))}
      </select>
    </label>
  );
}
