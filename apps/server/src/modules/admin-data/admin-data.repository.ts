import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Window } from '../../lib/window.js';

export class AdminDataRepository {
  constructor(private readonly db: Db) {}

  /** Devices of the organisations that have records in the window. */
  async devicesWithRecords(organisationIds: number[], window: Window): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      SELECT d.id FROM devices d
      WHERE d.organisation_id = ANY(${organisationIds}::integer[])
        AND EXISTS (SELECT 1 FROM raw_records r WHERE r.device_id = d.id
                    AND r."timestamp" >= ${window.from} AND r."timestamp" < ${window.until})`.execute(
      this.db,
    );
    return rows.map((r) => r.id);
  }

  /** How many device-days (UTC) of the organisations' devices hold records in the window: the work an import would cause. */
  async deviceDaysWithRecords(organisationIds: number[], window: Window): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT (r.device_id, date_trunc('day', r."timestamp")))::integer AS n
      FROM raw_records r JOIN devices d ON d.id = r.device_id
      WHERE d.organisation_id = ANY(${organisationIds}::integer[])
        AND r."timestamp" >= ${window.from} AND r."timestamp" < ${window.until}`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  async queued(organisationIds: number[]): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM engine_queue q JOIN assets a ON a.id = q.asset_id
      WHERE a.organisation_id = ANY(${organisationIds}::integer[])`.execute(this.db);
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
      LIMIT 50000`.execute(this.db);
    return rows;
  }

  /**
   * Removes every record devices sent for the organisations' assets and
   * devices, and all that was derived from them, in one transaction. The
   * assets, devices, drivers and links stay.
   */
  async deleteData(organisationIds: number[]): Promise<Record<string, number>> {
    return this.db.transaction().execute(async (trx) => {
      const assets = sql`(SELECT id FROM assets WHERE organisation_id = ANY(${organisationIds}::integer[]))`;
      const devices = sql`(SELECT id FROM devices WHERE organisation_id = ANY(${organisationIds}::integer[]))`;
      const count = async (statement: ReturnType<typeof sql>) =>
        Number((await statement.execute(trx)).numAffectedRows ?? 0);
      return {
        rawRecords: await count(
          sql`DELETE FROM raw_records WHERE asset_id IN ${assets} OR device_id IN ${devices}`,
        ),
        datapoints: await count(
          sql`DELETE FROM datapoints WHERE asset_id IN ${assets} OR device_id IN ${devices}`,
        ),
        events: await count(sql`DELETE FROM events WHERE asset_id IN ${assets}`),
        trips: await count(sql`DELETE FROM trips WHERE asset_id IN ${assets}`),
        hourly: await count(sql`DELETE FROM stats_hourly WHERE asset_id IN ${assets}`),
        daily: await count(sql`DELETE FROM stats_daily WHERE asset_id IN ${assets}`),
        states: await count(sql`DELETE FROM asset_state WHERE asset_id IN ${assets}`),
        queued: await count(sql`DELETE FROM engine_queue WHERE asset_id IN ${assets}`),
      };
    });
  }
}
