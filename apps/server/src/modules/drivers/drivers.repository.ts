import { sql } from 'kysely';
import type { Driver, DriverListItem, DriverListQuery } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { DRIVER_COLUMNS, toDriver } from '../../db/fleet-rows.js';
import { listPage, type ListSpec, type Page } from '../../db/list-page.js';
import {
  syncMarkColumns,
  syncMarkSelections,
  LOCAL,
  toSyncMarks,
  type SyncMarkRow,
} from '../../db/sync-marks.js';

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
  constructor(private readonly db: Db) {}

  /** The driver with its synchronisation marks. */
  async find(id: number): Promise<Driver | undefined> {
    const row = await this.db
      .selectFrom('drivers')
      .select(DRIVER_COLUMNS)
      .select(syncMarkSelections('drivers'))
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...toDriver(row), ...toSyncMarks(row) };
  }

  /** The organisation's own drivers, by name as the portal shows it: first, then last. */
  async listByOrganisation(organisationId: number): Promise<Driver[]> {
    const rows = await this.db
      .selectFrom('drivers')
      .select(DRIVER_COLUMNS)
      .where('organisation_id', '=', organisationId)
      .orderBy((eb) => eb.fn('lower', ['first_name']))
      .orderBy((eb) => eb.fn('lower', ['last_name']))
      .orderBy('id')
      .execute();
    return rows.map(toDriver);
  }

  /** The organisation's own drivers for the list screen: search, filter, sort and page. */
  async list(organisationId: number, query: DriverListQuery): Promise<Page<DriverListItem>> {
    const page = await listPage<DriverListRow, string, string>(
      this.db,
      listSpec(organisationId),
      query,
    );
    return { rows: page.rows.map(toDriverListItem), total: page.total };
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

  async create(organisationId: number, fields: DriverFields): Promise<Driver> {
    const row = await this.db
      .insertInto('drivers')
      .values({
        organisation_id: organisationId,
        first_name: fields.firstName,
        last_name: fields.lastName,
        phone: fields.phone,
      })
      .returning(DRIVER_COLUMNS)
      .executeTakeFirstOrThrow();
    return { ...toDriver(row), ...LOCAL };
  }

  async update(id: number, fields: Partial<DriverFields>): Promise<Driver | undefined> {
    if (Object.values(fields).every((value) => value === undefined)) return this.find(id);
    const row = await this.db
      .updateTable('drivers')
      .set({ first_name: fields.firstName, last_name: fields.lastName, phone: fields.phone })
      .where('id', '=', id)
      .returning(DRIVER_COLUMNS)
      .returning(syncMarkSelections('drivers'))
      .executeTakeFirst();
    return row && { ...toDriver(row), ...toSyncMarks(row) };
  }

  /**
   * Deletes the driver with its ended links and group memberships, unless a
   * link of it has not ended: then nothing is deleted and the answer names
   * the asset (the row is locked first, as for assets).
   */
  deleteUnlessLinked(id: number): Promise<{ assetName: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ asset_name: string | null }>`
        SELECT (SELECT a.name FROM driver_links l JOIN assets a ON a.id = l.asset_id
                 WHERE l.driver_id = r.id AND coalesce(l.until, 'infinity') > now()
                 ORDER BY l."from" LIMIT 1) AS asset_name
          FROM (SELECT id FROM drivers WHERE id = ${id} FOR UPDATE) r`.execute(trx);
      const assetName = rows[0]?.asset_name;
      if (assetName) return { assetName };
      await trx.deleteFrom('drivers').where('id', '=', id).execute();
      return undefined;
    });
  }
}
