import { DEFAULT_PAGE_SIZE } from '@fleet/contract';

/**
 * The list screen's state lives in the URL (?search&sort&order&page and filters), so a link
 * (the management overview's) opens a filtered list and the back button restores a page.
 */
export type SortOrder = 'asc' | 'desc';

export type ListState = {
  search: string;
  sort: string | undefined;
  order: SortOrder;
  page: number;
  /** Every other parameter: filters the server understands, e.g. withoutAsset=true. */
  filters: Record<string, string>;
};

const OWN = new Set(['search', 'sort', 'order', 'page']);

export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  const filters: Record<string, string> = {};
  for (const [key, value] of params) if (!OWN.has(key)) filters[key] = value;
  return {
    search: params.get('search') ?? '',
    sort: params.get('sort') || undefined,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    filters,
  };
}

/** The URL parameters of a state; defaults are left out so URLs stay short. */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams(state.filters);
  if (state.search) params.set('search', state.search);
  if (state.sort) params.set('sort', state.sort);
  if (state.sort && state.order === 'desc') params.set('order', 'desc');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The server's query for one page: ?search&sort&order&limit&offset plus the filters. */
export function serverQuery(
  state: ListState,
  size = DEFAULT_PAGE_SIZE,
): Record<string, string | number> {
  return {
    ...state.filters,
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
    ...(state.sort ? { sort: state.sort, order: state.order } : {}),
    limit: size,
    offset: (state.page - 1) * size,
  };
}

/** A click on a column header: sort by it ascending, or turn the order round when it sorts already. */
export function toggleSort(state: ListState, column: string): ListState {
  const order: SortOrder = state.sort === column && state.order === 'asc' ? 'desc' : 'asc';
  return { ...state, sort: column, order, page: 1 };
}

export type Page<T> = { items: T[]; total: number };

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * For a server that answered the whole list without X-Total-Count: the same search (any of the
 * given fields contains the text, ignoring case), sort and page done here.
 */
export function pageLocally<T extends object>(
  items: T[],
  state: ListState,
  searchFields: (keyof T)[],
  size = DEFAULT_PAGE_SIZE,
): Page<T> {
  const needle = state.search.trim().toLocaleLowerCase();
  let rows = needle
    ? items.filter((item) =>
        searchFields.some((field) => text(item[field]).toLocaleLowerCase().includes(needle)),
      )
    : items;
  if (state.sort) {
    const key = state.sort as keyof T;
    const sign = state.order === 'desc' ? -1 : 1;
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    rows = [...rows].sort((a, b) => sign * collator.compare(text(a[key]), text(b[key])));
  }
  const offset = (state.page - 1) * size;
  return { items: rows.slice(offset, offset + size), total: rows.length };
}

/** The number of pages for a total (at least one, so an empty list still shows page 1). */
export const pageCount = (total: number, size = DEFAULT_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / size));
