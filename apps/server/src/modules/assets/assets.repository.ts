import { sql } from 'kysely';
import type { Asset, AssetListItem, AssetListQuery } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { FleetRecords } from '../../db/fleet-records.js';
import { ASSETS, toAsset, type AssetRow } from '../../db/fleet-rows.js';
import type { ListSpec, Page } from '../../db/list-page.js';
import { syncMarkColumns, toSyncMarks, type SyncMarkRow } from '../../db/sync-marks.js';

interface AssetListRow extends SyncMarkRow {
  id: number;
  organisation_id: number;
  name: string;
  licence_plate: string | null;
  configuration_group_id: number | null;
  device_id: number | null;
  device_name: string | null;
  driver_id: number | null;
  driver_name: string | null;
  configuration_group_name: string | null;
}

/**
 * The assets list: each asset with the device fitted and the driver linked
 * now (the exclusion constraints allow one of each at a moment) and its
 * configuration group's name.
 */
const listSpec = (organisationId: number): ListSpec<string, string> => ({
  columns: sql`a.id, a.organisation_id, a.name, a.licence_plate, a.configuration_group_id,
    d.id AS device_id, d.name AS device_name,
    dr.id AS driver_id, dr.first_name || ' ' || dr.last_name AS driver_name,
    cg.name AS configuration_group_name, ${syncMarkColumns('a')}`,
  base: sql`assets a`,
  from: sql`assets a
    LEFT JOIN device_links dl ON dl.asset_id = a.id AND dl.period @> now()
    LEFT JOIN devices d ON d.id = dl.device_id
    LEFT JOIN driver_links rl ON rl.asset_id = a.id AND rl.period @> now()
    LEFT JOIN drivers dr ON dr.id = rl.driver_id
    LEFT JOIN configuration_groups cg ON cg.id = a.configuration_group_id`,
  where: sql`a.organisation_id = ${organisationId}`,
  search: (pattern) => sql`lower(a.name) LIKE ${pattern} OR lower(a.licence_plate) LIKE ${pattern}`,
  filters: { unlinked: sql`dl.id IS NULL` },
  sorts: {
    name: { base: true, expression: sql`lower(a.name)` },
    licencePlate: { base: true, expression: sql`lower(a.licence_plate)`, nullable: true },
    device: { expression: sql`lower(d.name)`, nullable: true },
    driver: { expression: sql`lower(dr.first_name || ' ' || dr.last_name)`, nullable: true },
    configurationGroup: { expression: sql`lower(cg.name)`, nullable: true },
  },
  defaultSort: 'name',
  id: sql`a.id`,
});

const toAssetListItem = (row: AssetListRow): AssetListItem => ({
  ...toAsset(row),
  deviceId: row.device_id,
  deviceName: row.device_name,
  driverId: row.driver_id,
  driverName: row.driver_name,
  configurationGroupName: row.configuration_group_name,
  ...toSyncMarks(row),
});

export interface AssetFields {
  name: string;
  licencePlate: string | null;
}

export class AssetRepository {
  private readonly records: FleetRecords<AssetRow, Asset>;

  constructor(private readonly db: Db) {
    this.records = new FleetRecords(db, ASSETS);
  }

  /** The asset with its synchronisation marks. */
  find(id: number): Promise<Asset | undefined> {
    return this.records.find(id);
  }

  /** The organisation's own assets (not its descendants'), by name. */
  listByOrganisation(organisationId: number): Promise<Asset[]> {
    return this.records.listByOrganisation(organisationId);
  }

  /** The organisation's own assets for the list screen: search, filter, sort and page. */
  list(organisationId: number, query: AssetListQuery): Promise<Page<AssetListItem>> {
    return this.records.list(listSpec(organisationId), query, toAssetListItem);
  }

  create(organisationId: number, fields: AssetFields): Promise<Asset> {
    return this.records.create({
      organisation_id: organisationId,
      name: fields.name,
      licence_plate: fields.licencePlate,
    });
  }

  update(id: number, fields: Partial<AssetFields>): Promise<Asset | undefined> {
    return this.records.update(id, { name: fields.name, licence_plate: fields.licencePlate });
  }

  /**
   * Deletes the asset with its ended links, group memberships and history,
   * unless a device or driver link of it has not ended: then nothing is
   * deleted and the answer says what holds it. The asset's row is locked
   * first, so a link made meanwhile waits for this and finds the asset gone.
   */
  deleteUnlessLinked(
    id: number,
  ): Promise<{ name: string; devices: number; drivers: number } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ name: string; devices: number; drivers: number }>`
        SELECT a.name,
               (SELECT count(*) FROM device_links l
                 WHERE l.asset_id = a.id AND coalesce(l.until, 'infinity') > now())::integer AS devices,
               (SELECT count(*) FROM driver_links l
                 WHERE l.asset_id = a.id AND coalesce(l.until, 'infinity') > now())::integer AS drivers
          FROM (SELECT id, name FROM assets WHERE id = ${id} FOR UPDATE) a`.execute(trx);
      const holds = rows[0];
      if (!holds || holds.devices || holds.drivers) return holds;
      await trx.deleteFrom('assets').where('id', '=', id).execute();
      return undefined;
    });
  }
}
