import { sql } from 'kysely';
import type { Driver, DriverListItem, DriverListQuery } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { FleetRecords } from '../../db/fleet-records.js';
import { DRIVERS, toDriver, type DriverRow } from '../../db/fleet-rows.js';
import type { ListSpec, Page } from '../../db/list-page.js';
import { syncMarkColumns, toSyncMarks, type SyncMarkRow } from '../../db/sync-marks.js';

interface DriverListRow extends SyncMarkRow {
  id: number;
  organisation_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  asset_id: number | null;
  asset_name: string | null;
}

/** The drivers list: each driver with the asset it is linked to now. */
const listSpec = (organisationId: number): ListSpec<string, string> => ({
  columns: sql`r.id, r.organisation_id, r.first_name, r.last_name, r.phone,
    a.id AS asset_id, a.name AS asset_name, ${syncMarkColumns('r')}`,
  base: sql`drivers r`,
  from: sql`drivers r
    LEFT JOIN driver_links rl ON rl.driver_id = r.id AND rl.period @> now()
    LEFT JOIN assets a ON a.id = rl.asset_id`,
  where: sql`r.organisation_id = ${organisationId}`,
  search: (pattern) =>
    sql`lower(r.first_name || ' ' || r.last_name) LIKE ${pattern} OR lower(r.phone) LIKE ${pattern}`,
  filters: { unlinked: sql`rl.id IS NULL` },
  sorts: {
    // As the portal shows a driver: first name, then last name.
    name: { base: true, expression: [sql`lower(r.first_name)`, sql`lower(r.last_name)`] },
    lastName: { base: true, expression: [sql`lower(r.last_name)`, sql`lower(r.first_name)`] },
    phone: { base: true, expression: sql`r.phone`, nullable: true },
    asset: { expression: sql`lower(a.name)`, nullable: true },
  },
  defaultSort: 'name',
  id: sql`r.id`,
});

const toDriverListItem = (row: DriverListRow): DriverListItem => ({
  ...toDriver(row),
  assetId: row.asset_id,
  assetName: row.asset_name,
  ...toSyncMarks(row),
});

export interface DriverFields {
  firstName: string;
  lastName: string;
  phone: string | null;
}

export class DriverRepository {
  private readonly records: FleetRecords<DriverRow, Driver>;

  constructor(private readonly db: Db) {
    this.records = new FleetRecords(db, DRIVERS);
  }

  /** The driver with its synchronisation marks. */
  find(id: number): Promise<Driver | undefined> {
    return this.records.find(id);
  }

  /** The organisation's own drivers, by name as the portal shows it: first, then last. */
  listByOrganisation(organisationId: number): Promise<Driver[]> {
    return this.records.listByOrganisation(organisationId);
  }

  /** The organisation's own drivers for the list screen: search, filter, sort and page. */
  list(organisationId: number, query: DriverListQuery): Promise<Page<DriverListItem>> {
    return this.records.list(listSpec(organisationId), query, toDriverListItem);
  }

  /** Names ('first last') of drivers by id, wherever they belong: a trip may have a driver of another organisation. */
  async namesByIds(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('drivers')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
  }

  create(organisationId: number, fields: DriverFields): Promise<Driver> {
    return this.records.create({
      organisation_id: organisationId,
      first_name: fields.firstName,
      last_name: fields.lastName,
      phone: fields.phone,
    });
  }

  update(id: number, fields: Partial<DriverFields>): Promise<Driver | undefined> {
    const { firstName, lastName, phone } = fields;
    return this.records.update(id, { first_name: firstName, last_name: lastName, phone });
  }

  /**
   * Deletes the driver with its ended links and group memberships, unless a
   * link of it has not ended: then nothing is deleted and the answer names
   * the asset (the row is locked first, as for assets).
   */
  deleteUnlessLinked(id: number): Promise<{ assetName: string } | undefined> {
    return this.records.deleteUnlessLinked(id, { table: 'driver_links', column: 'driver_id' });
  }
}
