import type {
  Asset,
  ConfigurationGroup,
  ConfigurationGroupListItem,
  ConfigurationGroupListQuery,
  ConfigurationGroupMembers,
  ConfigurationGroupSetting,
} from '@fleet/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { conflict } from '../../lib/http-error.js';
import { listPage, type ListSpec, type Page } from '../../db/list-page.js';
import { isPostgresError, UNIQUE_VIOLATION } from '../../lib/postgres-errors.js';
import { FleetRecords } from '../../db/fleet-records.js';
import { ASSETS, type AssetRow } from '../../db/fleet-rows.js';
import type { MemberKind } from '../groups/index.js';

/** The settings the group holds (spec §3 groupConfigurations), as one JSON value. */
const settings = sql<ConfigurationGroupSetting[]>`coalesce((
    SELECT json_agg(json_build_object(
      'deviceConfigurationId', g.device_configuration_id,
      'value', g.value,
      'deviceConfiguration', json_build_object(
        'service', d.service, 'parameter', d.parameter, 'description', d.description)
    ) ORDER BY d.service, d.parameter)
    FROM group_configurations g
    JOIN device_configurations d ON d.id = g.device_configuration_id
    WHERE g.configuration_group_id = configuration_groups.id
  ), '[]'::json)`.as('group_configurations');

const COLUMNS = ['id', 'organisation_id', 'name', settings] as const;

const toConfigurationGroup = (row: {
  id: number;
  organisation_id: number;
  name: string;
  group_configurations: ConfigurationGroupSetting[];
}): ConfigurationGroup => ({
  id: row.id,
  organisationId: row.organisation_id,
  name: row.name,
  groupConfigurations: row.group_configurations,
});

/** The configuration groups list: each with its settings and number of assets. */
const listSpec = (organisationId: number): ListSpec<string, string> => ({
  columns: sql`configuration_groups.id, configuration_groups.organisation_id, configuration_groups.name,
    ${settings},
    (SELECT count(*) FROM assets a WHERE a.configuration_group_id = configuration_groups.id)::integer AS asset_count`,
  base: sql`configuration_groups`,
  from: sql`configuration_groups`,
  where: sql`configuration_groups.organisation_id = ${organisationId}`,
  search: (pattern) => sql`lower(configuration_groups.name) LIKE ${pattern}`,
  filters: {},
  sorts: {
    name: { base: true, expression: sql`lower(configuration_groups.name)` },
    assetCount: { expression: sql`asset_count` },
  },
  defaultSort: 'name',
  id: sql`configuration_groups.id`,
});

/** Configuration group names are unique in their organisation, regardless of case. */
async function nameUnique<T>(name: string, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (isPostgresError(error, UNIQUE_VIOLATION, 'configuration_groups_name_key')) {
      throw conflict(`A configuration group named '${name}' already exists in this organisation`);
    }
    throw error;
  }
}

export class ConfigurationGroupRepository {
  private readonly assets: FleetRecords<AssetRow, Asset>;

  constructor(private readonly db: Db) {
    this.assets = new FleetRecords(db, ASSETS);
  }

  async find(id: number): Promise<ConfigurationGroup | undefined> {
    const row = await this.db
      .selectFrom('configuration_groups')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toConfigurationGroup(row);
  }

  async listByOrganisation(organisationId: number): Promise<ConfigurationGroup[]> {
    const rows = await this.db
      .selectFrom('configuration_groups')
      .select(COLUMNS)
      .where('organisation_id', '=', organisationId)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
    return rows.map(toConfigurationGroup);
  }

  /** The organisation's own configuration groups for the list screen: search, sort and page. */
  async list(
    organisationId: number,
    query: ConfigurationGroupListQuery,
  ): Promise<Page<ConfigurationGroupListItem>> {
    const page = await listPage<
      Parameters<typeof toConfigurationGroup>[0] & { asset_count: number },
      string,
      string
    >(this.db, listSpec(organisationId), query);
    return {
      rows: page.rows.map((r) => ({ ...toConfigurationGroup(r), assetCount: r.asset_count })),
      total: page.total,
    };
  }

  create(organisationId: number, name: string): Promise<ConfigurationGroup> {
    return nameUnique(name, async () => {
      const row = await this.db
        .insertInto('configuration_groups')
        .values({ organisation_id: organisationId, name })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toConfigurationGroup(row);
    });
  }

  async update(id: number, name: string | undefined): Promise<ConfigurationGroup | undefined> {
    if (name === undefined) return this.find(id);
    return nameUnique(name, async () => {
      const row = await this.db
        .updateTable('configuration_groups')
        .set({ name })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst();
      return row && toConfigurationGroup(row);
    });
  }

  /**
   * Deletes the group with its settings unless it holds assets (their devices
   * would fall back to the defaults unseen): then the answer is how many.
   * The row is locked first, so an asset added meanwhile waits and fails.
   */
  deleteUnlessHoldingAssets(id: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ assets: number }>`
        SELECT (SELECT count(*) FROM assets a WHERE a.configuration_group_id = g.id)::integer AS assets
          FROM (SELECT id FROM configuration_groups WHERE id = ${id} FOR UPDATE) g`.execute(trx);
      const assets = rows[0]?.assets ?? 0;
      if (assets) return assets;
      await trx.deleteFrom('configuration_groups').where('id', '=', id).execute();
      return 0;
    });
  }

  async members(id: number): Promise<ConfigurationGroupMembers> {
    return { assets: await this.assets.matching(sql`configuration_group_id = ${id}`) };
  }

  /** Assets of the group's organisation that are not in it: without one, or in another. */
  async candidates(group: {
    id: number;
    organisationId: number;
  }): Promise<ConfigurationGroupMembers> {
    return {
      assets: await this.assets.matching(
        sql`organisation_id = ${group.organisationId} AND configuration_group_id IS DISTINCT FROM ${group.id}`,
      ),
    };
  }

  /** Configuration groups hold assets only (Membership asks for no other kind). */
  async add(id: number, _kind: MemberKind, assetId: number): Promise<void> {
    await this.addAsset(id, assetId);
  }

  async remove(id: number, _kind: MemberKind, assetId: number): Promise<void> {
    await this.removeAsset(id, assetId);
  }

  /** An asset has at most one configuration group: adding it here takes it out of another. */
  async addAsset(id: number, assetId: number): Promise<void> {
    await this.db
      .updateTable('assets')
      .set({ configuration_group_id: id })
      .where('id', '=', assetId)
      .execute();
  }

  /** Only when the asset is in this group: removing it from another would surprise. */
  async removeAsset(id: number, assetId: number): Promise<void> {
    await this.db
      .updateTable('assets')
      .set({ configuration_group_id: null })
      .where('id', '=', assetId)
      .where('configuration_group_id', '=', id)
      .execute();
  }
}
