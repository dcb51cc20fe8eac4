/** The stored results as a table, sorted by a click on a header; a row opens its deal. */
import type { ResultRow } from '../../contract';
import type { Query } from '../api';
import { onPress, statusText } from '../board';
import { t } from '../i18n/language';
import { tierText } from '../i18n/tiers';
import { href, navigate } from '../router';
import type { Sortable } from './query';

interface Props {
  rows: readonly ResultRow[];
  sort: Sortable;
  order: 'asc' | 'desc';
  stuck: { name: string; title: string };
  open: (changes: Query) => void;
}

function rowLink(row: ResultRow): string | null {
  return row.code ? href(`/deal/${encodeURIComponent(row.code)}`, { rules: row.rules }) : null;
}

function Row({ row }: { row: ResultRow }) {
  const link = rowLink(row);
  return (
    <tr
      data-testid="result-row"
      data-code={row.code ?? ''}
      class={link ? 'clickable' : ''}
      onClick={link ? () => navigate(link) : undefined}
      onKeyDown={onPress(link ? () => navigate(link) : undefined)}
    >
      <td>{link ? <a href={link}>{row.code}</a> : row.dealKey}</td>
      <td>{row.rules}</td>
      <td class={`verdict ${row.verdict}`}>{statusText(row.verdict)}</td>
      <td>{row.tier ? tierText(row.tier) : ''}</td>
      <td class="num">{row.difficulty ?? ''}</td>
      <td class="num">
        {row.minMoves ?? ''}
        {row.minMoves !== null && !row.minMovesProved ? '?' : ''}
      </td>
      <td class="num">
        {row.stuck ?? ''}
        {row.stuck !== null && row.stuckExact === false ? '?' : ''}
      </td>
      <td class="num">{Math.round(row.ms)}</td>
    </tr>
  );
}

export function ResultsTable({ rows, sort, order, stuck, open }: Props) {
  const header = (field: Sortable, title: string, hint?: string) => (
    <th title={hint}>
      <button
        type="button"
        class={`sort${sort === field ? ` ${order}` : ''}`}
        data-testid={`sort-${field}`}
        onClick={() => open({ sort: field, order: sort === field && order === 'asc' ? 'desc' : 'asc', page: 1 })}
      >
        {title}
        {sort === field ? (order === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
  return (
    <table class="results" data-testid="results-table">
      <thead>
        <tr>
          {header('code', t('columnCode'))}
          <th>{t('filterRules')}</th>
          <th>{t('filterVerdict')}</th>
          <th>{t('filterTier')}</th>
          {header('difficulty', t('columnDifficulty'))}
          {header('minMoves', t('columnMinMoves'))}
          {header('stuck', stuck.name, stuck.title)}
          {header('ms', t('columnMs'))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Row key={`${row.dealKey}|${row.rules}|${row.solverVersion}`} row={row} />
        ))}
      </tbody>
    </table>
  );
}
