import { sql } from 'kysely';
import { MAX_QUERY_POINTS } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import type { Window } from '../../lib/window.js';

/** What an import re-processes: organisations (a subtree), or one asset. */
export type ImportScope =
  { kind: 'organisations'; organisationIds: number[] } | { kind: 'asset'; assetId: number };

export class AdminDataRepository {
  constructor(
    private readonly db: Db,
    /** the fleet's time zone: its local days are the engine's asset-days */
    private readonly timezone: string,
  ) {}

  /**
   * The devices whose records an import re-processes: those of the organisations that hold
   * records in the window; for one asset, those that sent records attributed to it in the
   * window or were fitted to it during it (a link made late brings their records to it).
   */
  async devicesWithRecords(scope: ImportScope, window: Window): Promise<number[]> {
    const candidates =
      scope.kind === 'asset'
        ? sql`SELECT DISTINCT r.device_id AS id FROM raw_records r
              WHERE r.asset_id = ${scope.assetId}
                AND r."timestamp" >= ${window.from} AND r."timestamp" < ${window.until}
              UNION
              SELECT dl.device_id FROM device_links dl
              WHERE dl.asset_id = ${scope.assetId} AND dl.period && tstzrange(${window.from}, ${window.until})`
        : sql`SELECT d.id FROM devices d WHERE d.organisation_id = ANY(${scope.organisationIds}::integer[])`;
    const { rows } = await sql<{ id: number }>`
      SELECT c.id FROM (${candidates}) c
      WHERE EXISTS (SELECT 1 FROM raw_records r WHERE r.device_id = c.id
                    AND r."timestamp" >= ${window.from} AND r."timestamp" < ${window.until})
      ORDER BY c.id`.execute(this.db);
    return rows.map((r) => r.id);
  }

  /**
   * The devices' records in the window: how many, and on how many device-days (UTC) they
   * lie, the work an import would cause.
   */
  async recordsOf(
    deviceIds: number[],
    window: Window,
  ): Promise<{ records: number; deviceDays: number }> {
    const { rows } = await sql<{ records: number; device_days: number }>`
      SELECT count(*)::integer AS records,
             count(DISTINCT (r.device_id, date_trunc('day', r."timestamp")))::integer AS device_days
      FROM raw_records r
      WHERE r.device_id = ANY(${deviceIds}::integer[])
        AND r."timestamp" >= ${window.from} AND r."timestamp" < ${window.until}`.execute(this.db);
    return { records: rows[0]?.records ?? 0, deviceDays: rows[0]?.device_days ?? 0 };
  }

  /** Asset-days of the scope waiting in the engine's queue. */
  async queued(scope: ImportScope): Promise<number> {
    const { rows } =
      scope.kind === 'asset'
        ? await sql<{ n: number }>`
            SELECT count(*)::integer AS n FROM engine_queue WHERE asset_id = ${scope.assetId}`.execute(
            this.db,
          )
        : await sql<{ n: number }>`
            SELECT count(*)::integer AS n FROM engine_queue q JOIN assets a ON a.id = q.asset_id
            WHERE a.organisation_id = ANY(${scope.organisationIds}::integer[])`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  /** The asset-days (local days) the devices' records of the window lie on, now that they have their assets. */
  async assetDays(deviceIds: number[], window: Window): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT (asset_id, ("timestamp" AT TIME ZONE ${this.timezone})::date))::integer AS n
      FROM raw_records
      WHERE device_id = ANY(${deviceIds}::integer[]) AND asset_id IS NOT NULL
        AND "timestamp" >= ${window.from} AND "timestamp" < ${window.until}`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  /** Where the asset was: raw record positions and datapoints, by source, oldest first. */
  async queryPoints(assetId: number, window: Window) {
    const { rows } = await sql<{
      timestamp: Date;
      source: string;
      transfer_reason: string | null;
      latitude: number;
      longitude: number;
      speed: number | null;
    }>`
      SELECT "timestamp", 'RECORD' AS source, transfer_reason, latitude, longitude, speed
      FROM raw_records WHERE asset_id = ${assetId} AND latitude IS NOT NULL
        AND "timestamp" >= ${window.from} AND "timestamp" <= ${window.until}
      UNION ALL
      SELECT "timestamp", 'DATAPOINT', NULL, latitude, longitude, speed
      FROM datapoints WHERE asset_id = ${assetId}
        AND "timestamp" >= ${window.from} AND "timestamp" <= ${window.until}
      ORDER BY 1
      LIMIT ${MAX_QUERY_POINTS}`.execute(this.db);
    return rows;
  }
}
