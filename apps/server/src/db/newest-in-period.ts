import { sql, type RawBuilder } from 'kysely';

/** What a list of one record's events asks: whose, within [from, until), at most how many. */
export interface NewestInPeriod {
  /** The column naming the record, e.g. `r.asset_id`. */
  owner: string;
  id: number;
  /** The column of the event's moment, e.g. `r.requested_at`; its table's id sorts ties. */
  time: string;
  from: Date | undefined;
  until: Date | undefined;
  limit: number;
}

/**
 * `select` narrowed to one record's events within [from, until) (either end open), newest
 * first, at most `limit` (monitorings, their requests, media requests).
 */
export function newestInPeriod<T>(select: RawBuilder<unknown>, q: NewestInPeriod): RawBuilder<T> {
  const alias = q.time.split('.')[0]!;
  return sql<T>`
    ${select}
    WHERE ${sql.ref(q.owner)} = ${q.id}
      AND ${sql.ref(q.time)} >= ${q.from ?? new Date(0)}
      AND ${sql.ref(q.time)} < ${q.until ?? new Date('9999-12-31T00:00:00Z')}
    ORDER BY ${sql.ref(q.time)} DESC, ${sql.ref(`${alias}.id`)} DESC
    LIMIT ${q.limit}`;
}
