import { sql } from 'kysely';
import { RAW_RETENTION_DAYS } from '@fleet/contract';
import type { Db } from '../../db/database.js';

/** The tables partitioned by month of their "timestamp" (migration 0014). */
export const PARTITIONED = ['raw_records', 'datapoints'] as const;
export type PartitionedTable = (typeof PARTITIONED)[number];

/** A partition change waits this long for its lock, then gives up until the next try. */
const LOCK_TIMEOUT = '1s';

export interface OrganisationRetention {
  organisationId: number;
  days: number;
}

/** The month partitions of raw records and datapoints, and the rows retention removes. */
export class RawDataRepository {
  constructor(private readonly db: Db) {}

  /** The months ('YYYY-MM-01') that have a partition of `table`. */
  async months(table: PartitionedTable): Promise<string[]> {
    const { rows } = await sql<{ month: string }>`
      SELECT to_char(to_date(substring(c.relname FROM '_p([0-9]{6})$'), 'YYYYMM'), 'YYYY-MM-DD') AS month
        FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = ${table}::regclass AND c.relname ~ '_p[0-9]{6}$'
       ORDER BY 1`.execute(this.db);
    return rows.map((r) => r.month);
  }

  /** Creates the month's partition (moving its rows out of the default partition); false: it existed. */
  async create(table: PartitionedTable, month: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
      const { rows } = await sql<{ created: boolean }>`
        SELECT fleet_month_partition(${table}, ${month}::date) AS created`.execute(trx);
      return rows[0]!.created;
    });
  }

  /** Drops the month's partition: its rows go at once, without a row-by-row delete. */
  async drop(table: PartitionedTable, month: string): Promise<void> {
    const name = `${table}_p${month.slice(0, 4)}${month.slice(5, 7)}`;
    await this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
      await sql`DROP TABLE IF EXISTS ${sql.table(name)}`.execute(trx);
    });
  }

  /** The raw-data retention of every organisation that has devices (the default where none was saved). */
  async retentions(): Promise<OrganisationRetention[]> {
    const { rows } = await sql<{ organisation_id: number; days: number }>`
      SELECT o.id AS organisation_id, coalesce(s.raw_retention_days, ${RAW_RETENTION_DAYS.default}) AS days
        FROM organisations o
        LEFT JOIN organisation_settings s ON s.organisation_id = o.id
       WHERE EXISTS (SELECT FROM devices d WHERE d.organisation_id = o.id)
       ORDER BY o.id`.execute(this.db);
    return rows.map((r) => ({ organisationId: r.organisation_id, days: r.days }));
  }

  /** The raw-data retention of each of these organisations (the default where none was saved). */
  async retentionsOf(organisationIds: number[]): Promise<OrganisationRetention[]> {
    if (organisationIds.length === 0) return [];
    const { rows } = await sql<{ organisation_id: number; days: number }>`
      SELECT o.id AS organisation_id, coalesce(s.raw_retention_days, ${RAW_RETENTION_DAYS.default}) AS days
        FROM organisations o
        LEFT JOIN organisation_settings s ON s.organisation_id = o.id
       WHERE o.id = ANY(${organisationIds}::integer[])
       ORDER BY o.id`.execute(this.db);
    return rows.map((r) => ({ organisationId: r.organisation_id, days: r.days }));
  }

  /**
   * Deletes up to `limit` rows of the organisation's devices before `cutoff` from `table`;
   * answers how many. Only partitions before the cutoff are read.
   */
  async deleteExpired(
    table: PartitionedTable,
    organisationId: number,
    cutoff: string,
    limit: number,
  ): Promise<number> {
    const before = `${cutoff}T00:00:00Z`;
    const key =
      table === 'raw_records'
        ? sql`device_id, "timestamp", transfer_reason`
        : sql`device_id, "timestamp"`;
    const result = await sql`
      DELETE FROM ${sql.table(table)}
       WHERE "timestamp" < ${before}::timestamptz
         AND (${key}) IN (
           SELECT ${key} FROM ${sql.table(table)}
            WHERE "timestamp" < ${before}::timestamptz
              AND device_id IN (SELECT id FROM devices WHERE organisation_id = ${organisationId})
            LIMIT ${limit})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }
}
