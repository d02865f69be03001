import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/database.js';
import {
  configurationColumns,
  latestConfigurationJoin,
  type ConfigurationColumns,
} from '../../db/device-settings-sql.js';

/** A device fitted now to an asset, with the asset's configuration group and its settings state. */
export interface FittedDeviceRow extends ConfigurationColumns {
  device_id: number;
  device_name: string;
  identifier: string;
  asset_id: number;
  asset_name: string;
  configuration_group_id: number | null;
  /** The settings of the latest CONFIGURATION command (service → parameter → value). */
  cfg_settings: Record<string, Record<string, string>> | null;
}

const SUPERSEDED_REASON = 'superseded by newer settings';

export class DeviceSettingsRepository {
  constructor(readonly db: Db) {}

  /** The devices fitted now to the assets that match `where` (on assets a). */
  private async fitted(where: ReturnType<typeof sql>): Promise<FittedDeviceRow[]> {
    const { rows } = await sql<FittedDeviceRow>`
      SELECT d.id AS device_id, d.name AS device_name, d.identifier,
             a.id AS asset_id, a.name AS asset_name, a.configuration_group_id,
             ${configurationColumns}, cfg.settings AS cfg_settings
        FROM assets a
        JOIN device_links dl ON dl.asset_id = a.id AND dl.period @> now()
        JOIN devices d ON d.id = dl.device_id
        ${latestConfigurationJoin(sql`d.id`)}
       WHERE ${where}
       ORDER BY lower(a.name), a.id`.execute(this.db);
    return rows;
  }

  fittedToAssets(assetIds: number[]): Promise<FittedDeviceRow[]> {
    if (!assetIds.length) return Promise.resolve([]);
    return this.fitted(sql`a.id IN (${sql.join(assetIds)})`);
  }

  fittedInGroup(configurationGroupId: number): Promise<FittedDeviceRow[]> {
    return this.fitted(sql`a.configuration_group_id = ${configurationGroupId}`);
  }

  /**
   * Stores the device's new settings command (`send`) after marking its
   * earlier ones the device has not picked up as superseded: one pending
   * configuration per device. In one transaction, so two saves at once leave
   * one pending command.
   */
  replacePending(deviceId: number, send: (executor: Executor) => Promise<number>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // One writer per device at a time: the second save waits and supersedes the first.
      await sql`SELECT id FROM devices WHERE id = ${deviceId} FOR UPDATE`.execute(trx);
      await sql`
        UPDATE device_commands
           SET status = 'FAILED', reason = ${SUPERSEDED_REASON}, finished_at = now(),
               expires_at = created_at + interval '1 microsecond'
         WHERE device_id = ${deviceId} AND kind = 'CONFIGURATION'
           AND acknowledged_at IS NULL AND finished_at IS NULL`.execute(trx);
      return send(trx);
    });
  }

  /** The asset's configuration group (id and name), or null. */
  async configurationGroupOf(assetId: number) {
    const row = await this.db
      .selectFrom('assets')
      .leftJoin('configuration_groups as g', 'g.id', 'assets.configuration_group_id')
      .select(['g.id', 'g.name'])
      .where('assets.id', '=', assetId)
      .executeTakeFirst();
    return row?.id != null && row.name != null ? { id: row.id, name: row.name } : null;
  }
}
