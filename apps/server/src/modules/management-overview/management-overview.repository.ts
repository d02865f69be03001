import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { configurationNotApplied, latestConfigurationJoin } from '../../db/device-settings-sql.js';
import { silentDevice } from '../../db/fleet-rows.js';

export interface OverviewCounts {
  assets: number;
  devices: number;
  drivers: number;
  groups: number;
  devices_without_asset: number;
  assets_without_device: number;
  silent_devices: number;
  pending_devices: number;
}

export class ManagementOverviewRepository {
  constructor(private readonly db: Db) {}

  /** The organisation's own records; the same conditions as the list filters. */
  async counts(organisationId: number): Promise<OverviewCounts> {
    const { rows } = await sql<OverviewCounts>`
      SELECT
        (SELECT count(*) FROM assets WHERE organisation_id = ${organisationId})::integer AS assets,
        (SELECT count(*) FROM drivers WHERE organisation_id = ${organisationId})::integer AS drivers,
        (SELECT count(*) FROM groups WHERE organisation_id = ${organisationId})::integer AS groups,
        dev.devices, dev.devices_without_asset, dev.silent_devices, dev.pending_devices,
        (SELECT count(*) FROM assets a
          WHERE a.organisation_id = ${organisationId}
            AND NOT EXISTS (SELECT FROM device_links dl
                             WHERE dl.asset_id = a.id AND dl.period @> now()))::integer
          AS assets_without_device
      FROM (
        SELECT count(*)::integer AS devices,
               (count(*) FILTER (WHERE dl.id IS NULL))::integer AS devices_without_asset,
               (count(*) FILTER (WHERE ${silentDevice}))::integer AS silent_devices,
               (count(*) FILTER (WHERE ${configurationNotApplied}))::integer AS pending_devices
          FROM devices d
          LEFT JOIN device_links dl ON dl.device_id = d.id AND dl.period @> now()
          ${latestConfigurationJoin(sql`d.id`)}
         WHERE d.organisation_id = ${organisationId}
      ) dev`.execute(this.db);
    return rows[0]!;
  }
}
