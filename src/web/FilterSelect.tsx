/** A menu of the filters (daily, stats): a label, an empty choice, and the values in words. */
import { t } from './i18n/language';
import type { Key } from './i18n/messages';

interface Props {
  label: Key;
  value: string;
  /** The words of the empty choice (`defaultChoice`, `anyChoice`). */
  empty: Key;
  choices: readonly { value: string; text: string }[];
  onChange: (value: string) => void;
}

export function FilterSelect({ label, value, empty, choices, onChange }: Props) {
  return (
    <label>
      {t(label)}
      <select value={value} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}>
        <option value="">{t(empty)}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    </label>
  );
}
