import { DEFAULT_PAGE_SIZE } from '@fleet/contract';

/**
 * The page count and the items of one page, by default the contract's page size (spec §9); a
 * page past the end shows the last one.
 */
export function paginate<T>(items: readonly T[], page: number, size = DEFAULT_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const first = (current - 1) * size;
  return { page: current, pages, first, items: items.slice(first, first + size) };
}
