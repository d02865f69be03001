import { sql } from 'kysely';
import type {
  Asset,
  Driver,
  Group,
  GroupListItem,
  GroupListQuery,
  GroupMembers,
} from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { listPage, type ListSpec, type Page } from '../../db/list-page.js';
import { conflict } from '../../lib/http-error.js';
import { isPostgresError, UNIQUE_VIOLATION } from '../../lib/postgres-errors.js';
import { FleetRecords } from '../../db/fleet-records.js';
import { ASSETS, DRIVERS, type AssetRow, type DriverRow } from '../../db/fleet-rows.js';
import type { MemberKind } from './membership.js';

const COLUMNS = ['id', 'organisation_id', 'name', 'active'] as const;

/** Where a group's members of each kind are kept. */
const MEMBER_TABLES = {
  asset: { table: 'group_assets', column: 'asset_id' },
  driver: { table: 'group_drivers', column: 'driver_id' },
} as const;

const toGroup = (row: {
  id: number;
  organisation_id: number;
  name: string;
  active: boolean;
}): Group => ({
  id: row.id,
  organisationId: row.organisation_id,
  name: row.name,
  active: row.active,
});

/** The groups list: each group with its number of assets and drivers. */
const listSpec = (organisationId: number): ListSpec<string, string> => ({
  columns: sql`g.id, g.organisation_id, g.name, g.active,
    (SELECT count(*) FROM group_assets ga WHERE ga.group_id = g.id)::integer AS asset_count,
    (SELECT count(*) FROM group_drivers gd WHERE gd.group_id = g.id)::integer AS driver_count`,
  base: sql`groups g`,
  from: sql`groups g`,
  where: sql`g.organisation_id = ${organisationId}`,
  search: (pattern) => sql`lower(g.name) LIKE ${pattern}`,
  filters: {},
  sorts: {
    name: { base: true, expression: sql`lower(g.name)` },
    active: { base: true, expression: sql`g.active` },
    assetCount: { expression: sql`asset_count` },
    driverCount: { expression: sql`driver_count` },
  },
  defaultSort: 'name',
  id: sql`g.id`,
});

export interface GroupFields {
  name: string;
  active: boolean;
}

/** Group names are unique in their organisation, regardless of case. */
async function nameUnique<T>(name: string | undefined, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (isPostgresError(error, UNIQUE_VIOLATION, 'groups_name_key')) {
      throw conflict(`A group named '${name}' already exists in this organisation`);
    }
    throw error;
  }
}

export class GroupRepository {
  private readonly assets: FleetRecords<AssetRow, Asset>;
  private readonly drivers: FleetRecords<DriverRow, Driver>;

  constructor(private readonly db: Db) {
    this.assets = new FleetRecords(db, ASSETS);
    this.drivers = new FleetRecords(db, DRIVERS);
  }

  async find(id: number): Promise<Group | undefined> {
    const row = await this.db
      .selectFrom('groups')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toGroup(row);
  }

  async listByOrganisation(organisationId: number): Promise<Group[]> {
    const rows = await this.db
      .selectFrom('groups')
      .select(COLUMNS)
      .where('organisation_id', '=', organisationId)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
    return rows.map(toGroup);
  }

  /** The organisation's own groups for the list screen: search, sort and page. */
  async list(organisationId: number, query: GroupListQuery): Promise<Page<GroupListItem>> {
    const page = await listPage<
      Parameters<typeof toGroup>[0] & { asset_count: number; driver_count: number },
      string,
      string
    >(this.db, listSpec(organisationId), query);
    return {
      rows: page.rows.map((r) => ({
        ...toGroup(r),
        assetCount: r.asset_count,
        driverCount: r.driver_count,
      })),
      total: page.total,
    };
  }

  /** Of the given ids, those of the organisation's own groups. */
  async idsInOrganisation(organisationId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('groups')
      .select('id')
      .where('organisation_id', '=', organisationId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Ids of the assets in any of the groups. */
  assetIdsOf(groupIds: number[]): Promise<number[]> {
    return this.memberIdsOf('asset', groupIds);
  }

  /** Ids of the drivers in any of the groups. */
  driverIdsOf(groupIds: number[]): Promise<number[]> {
    return this.memberIdsOf('driver', groupIds);
  }

  private async memberIdsOf(kind: MemberKind, groupIds: number[]): Promise<number[]> {
    if (!groupIds.length) return [];
    const { table, column } = MEMBER_TABLES[kind];
    const { rows } = await sql<{ id: number }>`
      SELECT DISTINCT ${sql.ref(column)} AS id FROM ${sql.table(table)}
       WHERE group_id IN (${sql.join(groupIds)})`.execute(this.db);
    return rows.map((r) => r.id);
  }

  create(organisationId: number, fields: GroupFields): Promise<Group> {
    return nameUnique(fields.name, async () => {
      const row = await this.db
        .insertInto('groups')
        .values({ organisation_id: organisationId, name: fields.name, active: fields.active })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toGroup(row);
    });
  }

  async update(id: number, fields: Partial<GroupFields>): Promise<Group | undefined> {
    if (fields.name === undefined && fields.active === undefined) return this.find(id);
    return nameUnique(fields.name, async () => {
      const row = await this.db
        .updateTable('groups')
        .set({ name: fields.name, active: fields.active })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst();
      return row && toGroup(row);
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('groups').where('id', '=', id).execute();
  }

  async members(groupId: number): Promise<GroupMembers> {
    const [assets, drivers] = await Promise.all([
      this.assets.matching(
        sql`id IN (SELECT asset_id FROM group_assets WHERE group_id = ${groupId})`,
      ),
      this.drivers.matching(
        sql`id IN (SELECT driver_id FROM group_drivers WHERE group_id = ${groupId})`,
      ),
    ]);
    return { assets, drivers };
  }

  /** Assets and drivers of the group's organisation that are not in it yet. */
  async candidates(group: { id: number; organisationId: number }): Promise<GroupMembers> {
    const [assets, drivers] = await Promise.all([
      this.assets.matching(sql`organisation_id = ${group.organisationId}
        AND id NOT IN (SELECT asset_id FROM group_assets WHERE group_id = ${group.id})`),
      this.drivers.matching(sql`organisation_id = ${group.organisationId}
        AND id NOT IN (SELECT driver_id FROM group_drivers WHERE group_id = ${group.id})`),
    ]);
    return { assets, drivers };
  }

  async add(groupId: number, kind: MemberKind, memberId: number): Promise<void> {
    const { table, column } = MEMBER_TABLES[kind];
    await sql`INSERT INTO ${sql.table(table)} (group_id, ${sql.ref(column)})
              VALUES (${groupId}, ${memberId}) ON CONFLICT DO NOTHING`.execute(this.db);
  }

  async remove(groupId: number, kind: MemberKind, memberId: number): Promise<void> {
    const { table, column } = MEMBER_TABLES[kind];
    await sql`DELETE FROM ${sql.table(table)}
               WHERE group_id = ${groupId} AND ${sql.ref(column)} = ${memberId}`.execute(this.db);
  }
}
