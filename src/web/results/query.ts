/** The results view's URL: the filters, the sort and the page it asks for, and the link to another choice of them. */
import type { Query } from '../api';
import { href } from '../router';

export const FILTERS = ['game', 'rules', 'verdict', 'tier', 'minMoves', 'stuck'] as const;
export const SORTABLE = ['code', 'minMoves', 'stuck', 'difficulty', 'ms'] as const;
export type Sortable = (typeof SORTABLE)[number];

export interface ResultsQuery {
  filters: Query;
  sort: Sortable;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export function resultsQuery(query: URLSearchParams): ResultsQuery {
  const filters: Query = {};
  for (const key of FILTERS) filters[key] = query.get(key) ?? undefined;
  return {
    filters,
    sort: (query.get('sort') ?? 'code') as Sortable,
    order: query.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1),
    pageSize: Math.max(1, Number.parseInt(query.get('pageSize') ?? '50', 10) || 50),
  };
}

/** What the server is asked: the filters, the sort and the page. */
export function resultsRequest({ filters, sort, order, page, pageSize }: ResultsQuery): Query {
  return { ...filters, sort, order, page, pageSize };
}

/** The link to the results with `changes` made, the defaults left out. */
export function resultsLink({ filters, sort, order, page, pageSize }: ResultsQuery, changes: Query): string {
  const next: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries({ ...filters, sort, order, page, pageSize: pageSize === 50 ? null : pageSize, ...changes })) {
    next[k] = v === undefined || typeof v === 'boolean' ? null : v;
  }
  if (next.sort === 'code') next.sort = null;
  if (next.order === 'asc') next.order = null;
  if (next.page === 1) next.page = null;
  return href('/results', next);
}

/** `A..B` in two halves, and back. */
export function splitRange(range: string | null): [string, string] {
  if (!range) return ['', ''];
  const [low = '', high = ''] = range.split('..');
  return [low, range.includes('..') ? high : low];
}

export function joinRange(low: string, high: string): string {
  if (low === '' && high === '') return '';
  return `${low}..${high}`;
}
