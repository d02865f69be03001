import { sql, type Selectable } from 'kysely';
import type { ZoneShape } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import type { ZoneVersionTable } from '../../db/schema.js';
import type { BBox } from './zone-visits.core.js';

/** A zone with its current version. */
export interface ZoneRow {
  id: number;
  organisation_id: number;
  created_at: Date;
  updated_at: Date;
  name: string;
  shape: ZoneShape;
  speed_limit: number | null;
  group_id: number | null;
  colour: string;
}

export interface VersionValues {
  name: string;
  shape: ZoneShape;
  speed_limit: number | null;
  group_id: number | null;
  colour: string;
  bbox: BBox;
}

/** One asset-day's part of a visit, with the names the report shows. */
export interface VisitPartRow {
  zone_id: number;
  zone_name: string;
  asset_id: number;
  asset_name: string;
  driver_id: number | null;
  driver_name: string | null;
  entered_at: Date;
  exited_at: Date | null;
  last_seen_at: Date;
  continued: boolean;
  continues: boolean;
  max_speed: number;
  speeding_seconds: number;
}

const versionRow = (zoneId: number, validFrom: Date | 'now' | '-infinity', v: VersionValues) => ({
  zone_id: zoneId,
  valid_from: sql<Date>`${validFrom === 'now' ? sql`now()` : sql`${validFrom}::timestamptz`}`,
  name: v.name,
  shape: JSON.stringify(v.shape),
  speed_limit: v.speed_limit,
  group_id: v.group_id,
  colour: v.colour,
  min_lon: v.bbox.minLon,
  min_lat: v.bbox.minLat,
  max_lon: v.bbox.maxLon,
  max_lat: v.bbox.maxLat,
});

/** Zones, their versions and the visits the engine wrote (modules/zones). */
export class ZonesRepository {
  constructor(private readonly db: Db) {}

  private current() {
    return this.db
      .selectFrom('zones as z')
      .innerJoin('zone_versions as v', (j) =>
        j.onRef('v.zone_id', '=', 'z.id').on('v.valid_until', 'is', null),
      )
      .select([
        'z.id',
        'z.organisation_id',
        'z.created_at',
        'z.updated_at',
        'v.name',
        'v.shape',
        'v.speed_limit',
        'v.group_id',
        'v.colour',
      ])
      .where('z.deleted_at', 'is', null);
  }

  list(organisationId: number): Promise<ZoneRow[]> {
    return this.current()
      .where('z.organisation_id', '=', organisationId)
      .orderBy('v.name')
      .orderBy('z.id')
      .execute();
  }

  find(id: number): Promise<ZoneRow | undefined> {
    return this.current().where('z.id', '=', id).executeTakeFirst();
  }

  /** The zone and its first version, valid from -infinity (any day processed after counts). */
  async create(organisationId: number, values: VersionValues): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('zones')
        .values({ organisation_id: organisationId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('zone_versions')
        .values(versionRow(id, '-infinity', values))
        .execute();
      return id;
    });
  }

  /**
   * Ends the current version now and starts `values` from now (or ends it, a deletion);
   * false when the zone is gone meanwhile.
   */
  async newVersion(id: number, values: VersionValues | 'deleted'): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const zone = await trx
        .updateTable('zones')
        .set(values === 'deleted' ? { deleted_at: sql`now()` } : { updated_at: sql`now()` })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!zone) return false;
      await trx
        .updateTable('zone_versions')
        .set({ valid_until: sql`greatest(now(), valid_from)` })
        .where('zone_id', '=', id)
        .where('valid_until', 'is', null)
        .execute();
      if (values !== 'deleted')
        await trx
          .insertInto('zone_versions')
          .values(versionRow(id, 'now', values))
          .execute();
      return true;
    });
  }

  /** A zone's organisation, deleted or not (the visits of a deleted zone stay readable). */
  async zoneOrganisation(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('zones')
      .select('organisation_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.organisation_id;
  }

  async groupOrganisation(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('groups')
      .select('organisation_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.organisation_id;
  }

  /**
   * The visit parts of the organisation's zones (deleted ones too) within [from, until), in
   * order of asset, zone and time, so the report can join the parts of a stay over midnight.
   */
  async visitParts(
    organisationId: number,
    from: Date,
    until: Date,
    filter: { zoneId?: number; groupId?: number },
    limit: number,
  ): Promise<VisitPartRow[]> {
    const { rows } = await sql<VisitPartRow>`
      SELECT p.zone_id,
             (SELECT name FROM zone_versions v WHERE v.zone_id = p.zone_id
               ORDER BY v.valid_from DESC LIMIT 1) AS zone_name,
             p.asset_id, a.name AS asset_name, p.driver_id,
             CASE WHEN d.id IS NULL THEN NULL ELSE trim(d.first_name || ' ' || d.last_name) END AS driver_name,
             p.entered_at, p.exited_at, p.last_seen_at, p.continued, p.continues,
             p.max_speed, p.speeding_seconds
        FROM zones z
        JOIN zone_visits p ON p.zone_id = z.id
         AND p.entered_at < ${until} AND coalesce(p.exited_at, p.last_seen_at) >= ${from}
        JOIN assets a ON a.id = p.asset_id
        LEFT JOIN drivers d ON d.id = p.driver_id
       WHERE z.organisation_id = ${organisationId}
         AND (${filter.zoneId ?? null}::integer IS NULL OR z.id = ${filter.zoneId ?? null}::integer)
         AND (${filter.groupId ?? null}::integer IS NULL OR EXISTS (
               SELECT 1 FROM group_assets g
                WHERE g.group_id = ${filter.groupId ?? null}::integer AND g.asset_id = p.asset_id))
       ORDER BY p.asset_id, p.zone_id, p.entered_at
       LIMIT ${limit}`.execute(this.db);
    return rows;
  }
}

export type ZoneVersionRow = Selectable<ZoneVersionTable>;
