import { TOTAL_COUNT_HEADER } from '@fleet/contract';

/** A page of a list and how many rows match (whatever the page). */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Answers a page: its rows, with X-Total-Count. */
export function sendPage<T>(
  reply: { header(name: string, value: string): unknown },
  page: Page<T>,
): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.rows;
}
