import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';

/** The period a list of events asks for (either end open) and how many at most. */
export interface EventPeriod {
  from: Date | undefined;
  until: Date | undefined;
  limit: number;
}

/** The columns of an event naming its asset (and driver), and its moment, e.g. `m.start_at`. */
export interface EventColumns {
  asset: string;
  driver?: string;
  time: string;
}

/**
 * `select` narrowed to one asset's or driver's events within [from, until), newest first
 * (ties by the id of the moment's table), at most `limit`: monitorings, their requests and
 * media requests.
 */
export async function newestInPeriod<T>(
  db: Db,
  select: RawBuilder<unknown>,
  columns: EventColumns,
  owner: { by: 'asset' | 'driver'; id: number },
  period: EventPeriod,
): Promise<T[]> {
  const ownerColumn = owner.by === 'driver' ? columns.driver : columns.asset;
  if (!ownerColumn) throw new Error(`These events have no ${owner.by}`);
  const time = sql.ref(columns.time);
  const id = sql.ref(`${columns.time.split('.')[0]}.id`);
  const { rows } = await sql<T>`
    ${select}
    WHERE ${sql.ref(ownerColumn)} = ${owner.id}
      AND ${time} >= ${period.from ?? new Date(0)}
      AND ${time} < ${period.until ?? new Date('9999-12-31T00:00:00Z')}
    ORDER BY ${time} DESC, ${id} DESC
    LIMIT ${period.limit}`.execute(db);
  return rows;
}
