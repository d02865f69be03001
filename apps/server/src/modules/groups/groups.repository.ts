import { sql } from 'kysely';
import type { Group, GroupListItem, GroupListQuery, GroupMembers } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { listPage, type ListSpec, type Page } from '../../db/list-page.js';
import { conflict } from '../../lib/http-error.js';
import { isPostgresError, UNIQUE_VIOLATION } from '../../lib/postgres-errors.js';
import { ASSET_COLUMNS, toAsset } from '../../db/fleet-rows.js';
import { DRIVER_COLUMNS, toDriver } from '../../db/fleet-rows.js';
import { syncMarkSelections, toSyncMarks } from '../../db/sync-marks.js';
import type { MemberKind } from './membership.js';

const COLUMNS = ['id', 'organisation_id', 'name', 'active'] as const;

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
  constructor(private readonly db: Db) {}

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
  async assetIdsOf(groupIds: number[]): Promise<number[]> {
    if (!groupIds.length) return [];
    const rows = await this.db
      .selectFrom('group_assets')
      .select('asset_id')
      .distinct()
      .where('group_id', 'in', groupIds)
      .execute();
    return rows.map((r) => r.asset_id);
  }

  /** Ids of the drivers in any of the groups. */
  async driverIdsOf(groupIds: number[]): Promise<number[]> {
    if (!groupIds.length) return [];
    const rows = await this.db
      .selectFrom('group_drivers')
      .select('driver_id')
      .distinct()
      .where('group_id', 'in', groupIds)
      .execute();
    return rows.map((r) => r.driver_id);
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
      this.db
        .selectFrom('assets')
        .innerJoin('group_assets', 'group_assets.asset_id', 'assets.id')
        .select(ASSET_COLUMNS)
        .select(syncMarkSelections('assets'))
        .where('group_assets.group_id', '=', groupId)
        .orderBy((eb) => eb.fn('lower', ['assets.name']))
        .orderBy('assets.id')
        .execute(),
      this.db
        .selectFrom('drivers')
        .innerJoin('group_drivers', 'group_drivers.driver_id', 'drivers.id')
        .select(DRIVER_COLUMNS)
        .select(syncMarkSelections('drivers'))
        .where('group_drivers.group_id', '=', groupId)
        .orderBy((eb) => eb.fn('lower', ['drivers.first_name']))
        .orderBy((eb) => eb.fn('lower', ['drivers.last_name']))
        .orderBy('drivers.id')
        .execute(),
    ]);
    return {
      assets: assets.map((row) => ({ ...toAsset(row), ...toSyncMarks(row) })),
      drivers: drivers.map((row) => ({ ...toDriver(row), ...toSyncMarks(row) })),
    };
  }

  /** Assets and drivers of the group's organisation that are not in it yet. */
  async candidates(group: { id: number; organisationId: number }): Promise<GroupMembers> {
    const [assets, drivers] = await Promise.all([
      this.db
        .selectFrom('assets')
        .select(ASSET_COLUMNS)
        .select(syncMarkSelections('assets'))
        .where('assets.organisation_id', '=', group.organisationId)
        .where('assets.id', 'not in', (eb) =>
          eb.selectFrom('group_assets').select('asset_id').where('group_id', '=', group.id),
        )
        .orderBy((eb) => eb.fn('lower', ['assets.name']))
        .orderBy('assets.id')
        .execute(),
      this.db
        .selectFrom('drivers')
        .select(DRIVER_COLUMNS)
        .select(syncMarkSelections('drivers'))
        .where('drivers.organisation_id', '=', group.organisationId)
        .where('drivers.id', 'not in', (eb) =>
          eb.selectFrom('group_drivers').select('driver_id').where('group_id', '=', group.id),
        )
        .orderBy((eb) => eb.fn('lower', ['drivers.first_name']))
        .orderBy((eb) => eb.fn('lower', ['drivers.last_name']))
        .orderBy('drivers.id')
        .execute(),
    ]);
    return {
      assets: assets.map((row) => ({ ...toAsset(row), ...toSyncMarks(row) })),
      drivers: drivers.map((row) => ({ ...toDriver(row), ...toSyncMarks(row) })),
    };
  }

  async add(groupId: number, kind: MemberKind, memberId: number): Promise<void> {
    if (kind === 'asset') await this.addAsset(groupId, memberId);
    else await this.addDriver(groupId, memberId);
  }

  async remove(groupId: number, kind: MemberKind, memberId: number): Promise<void> {
    if (kind === 'asset') await this.removeAsset(groupId, memberId);
    else await this.removeDriver(groupId, memberId);
  }

  async addAsset(groupId: number, assetId: number): Promise<void> {
    await this.db
      .insertInto('group_assets')
      .values({ group_id: groupId, asset_id: assetId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeAsset(groupId: number, assetId: number): Promise<void> {
    await this.db
      .deleteFrom('group_assets')
      .where('group_id', '=', groupId)
      .where('asset_id', '=', assetId)
      .execute();
  }

  async addDriver(groupId: number, driverId: number): Promise<void> {
    await this.db
      .insertInto('group_drivers')
      .values({ group_id: groupId, driver_id: driverId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeDriver(groupId: number, driverId: number): Promise<void> {
    await this.db
      .deleteFrom('group_drivers')
      .where('group_id', '=', groupId)
      .where('driver_id', '=', driverId)
      .execute();
  }
}
