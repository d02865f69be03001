import { sql, type RawBuilder } from 'kysely';
import type { SyncEntityKind } from '@fleet/contract';
import type { Db } from '../../db/database.js';

/** One exported record: its id, change stamp and fields, as the database holds them. */
export interface ExportRow {
  id: number;
  stamp: string;
  [field: string]: unknown;
}

interface Source {
  columns: RawBuilder<unknown>;
  from: (org: number) => RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  stamp: RawBuilder<unknown>;
}

/** The organisation's own records of `table` that are not deactivated. */
const own = (table: 'assets' | 'drivers' | 'devices', columns: RawBuilder<unknown>): Source => ({
  columns,
  from: (org) =>
    sql`${sql.table(table)} t WHERE t.organisation_id = ${org} AND t.deactivated_at IS NULL`,
  id: sql`t.id`,
  stamp: sql`t.change_stamp`,
});

/** Links of the organisation's assets to a device or driver of its own, both ends exported. */
const links = (other: 'device' | 'driver'): Source => {
  const column = sql.ref(`l.${other}_id`);
  return {
    columns: sql`l.asset_id::text AS "assetExternalId", ${column}::text AS ${sql.ref(`${other}ExternalId`)},
      l."from", l.until`,
    from: (org) => sql`${sql.table(`${other}_links`)} l
      JOIN assets a ON a.id = l.asset_id AND a.deactivated_at IS NULL
      JOIN ${sql.table(`${other}s`)} d ON d.id = ${column} AND d.deactivated_at IS NULL
        AND d.organisation_id = a.organisation_id
      WHERE a.organisation_id = ${org} AND l.deactivated_at IS NULL`,
    id: sql`l.id`,
    stamp: sql`l.change_stamp`,
  };
};

/**
 * What each kind exports of an organisation: its own records that are not deactivated (a
 * server that itself mirrors exports what it mirrors), links of its assets whose both ends
 * are exported too (a link to a device or driver of the organisation above, a reseller's
 * spare, is not: the mirror could not resolve it). Ordered by id: the cursor is the last id
 * of a page.
 */
const SOURCES: Record<SyncEntityKind, Source> = {
  ASSET: own('assets', sql`t.name, t.licence_plate AS "licencePlate"`),
  DRIVER: own('drivers', sql`t.first_name AS "firstName", t.last_name AS "lastName", t.phone`),
  DEVICE: own('devices', sql`t.name, t.identifier`),
  DEVICE_LINK: links('device'),
  DRIVER_LINK: links('driver'),
};

/** The export side's reads (docs/synchronisation.md, "The protocol"). */
export class SyncExportRepository {
  constructor(private readonly db: Db) {}

  /**
   * The listing stamp: the oldest transaction still open now. Anything committed after this
   * listing read has a change stamp at or above it.
   */
  async stamp(): Promise<string> {
    const { rows } = await sql<{ stamp: string }>`
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS stamp`.execute(this.db);
    return rows[0]!.stamp;
  }

  /** One page: records after id `after`, changed at or after `since` when given. */
  async page(
    kind: SyncEntityKind,
    organisationId: number,
    page: { after: number; limit: number; since: string | undefined },
  ): Promise<ExportRow[]> {
    const source = SOURCES[kind];
    const since = page.since ? sql`AND ${source.stamp} >= ${page.since}::xid8` : sql``;
    const { rows } = await sql<ExportRow>`
      SELECT ${source.id} AS id, ${source.stamp}::text AS stamp, ${source.columns}
      FROM ${source.from(organisationId)} AND ${source.id} > ${page.after} ${since}
      ORDER BY ${source.id}
      LIMIT ${page.limit}`.execute(this.db);
    return rows;
  }

  async ids(
    kind: SyncEntityKind,
    organisationId: number,
    page: { after: number; limit: number },
  ): Promise<number[]> {
    const source = SOURCES[kind];
    const { rows } = await sql<{ id: number }>`
      SELECT ${source.id} AS id FROM ${source.from(organisationId)} AND ${source.id} > ${page.after}
      ORDER BY ${source.id}
      LIMIT ${page.limit}`.execute(this.db);
    return rows.map((row) => row.id);
  }
}
