import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { DEFINITIONS, settingKey, type SettingDefinition, type SettingKey } from './definitions.js';

export interface DeviceConfigurationRow {
  id: number;
  service: string;
  parameter: string;
  category: string;
  description: string;
  default_value: string;
}

export interface GroupValueRow {
  device_configuration_id: number;
  value: string;
}

export class ConfigurationRepository {
  constructor(private readonly db: Db) {}

  /**
   * Brings device_configurations in line with the definitions in code: inserts
   * the missing, updates category, description and default of the others, and
   * never deletes (group values may still point at a retired setting).
   * Idempotent, and safe when two servers start at once (one statement).
   */
  async syncDefinitions(definitions: readonly SettingDefinition[] = DEFINITIONS): Promise<void> {
    if (!definitions.length) return;
    await this.db
      .insertInto('device_configurations')
      .values(
        definitions.map((d) => ({
          service: d.service,
          parameter: d.parameter,
          category: d.category,
          description: d.description,
          default_value: d.defaultValue,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['service', 'parameter'])
          .doUpdateSet({
            category: (eb) => eb.ref('excluded.category'),
            description: (eb) => eb.ref('excluded.description'),
            default_value: (eb) => eb.ref('excluded.default_value'),
          })
          // Rows already current are left alone: no new row versions at every start.
          .where(
            sql<boolean>`(device_configurations.category, device_configurations.description, device_configurations.default_value)
              IS DISTINCT FROM (excluded.category, excluded.description, excluded.default_value)`,
          ),
      )
      .execute();
  }

  listDefinitions(): Promise<DeviceConfigurationRow[]> {
    return this.db
      .selectFrom('device_configurations')
      .select(['id', 'service', 'parameter', 'category', 'description', 'default_value'])
      .orderBy('id')
      .execute();
  }

  async findGroupOrganisation(configurationGroupId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('configuration_groups')
      .select('organisation_id')
      .where('id', '=', configurationGroupId)
      .executeTakeFirst();
    return row?.organisation_id;
  }

  groupValues(configurationGroupId: number): Promise<GroupValueRow[]> {
    return this.db
      .selectFrom('group_configurations')
      .select(['device_configuration_id', 'value'])
      .where('configuration_group_id', '=', configurationGroupId)
      .execute();
  }

  /**
   * Writes all values in one transaction, replacing the group's earlier ones.
   * Answers false, writing nothing, when the group no longer exists.
   */
  writeGroupValues(configurationGroupId: number, values: GroupValueRow[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // Holds off a concurrent delete of the group until the values are in.
      const group = await trx
        .selectFrom('configuration_groups')
        .select('id')
        .where('id', '=', configurationGroupId)
        .forShare()
        .executeTakeFirst();
      if (!group) return false;
      if (!values.length) return true;
      await trx
        .insertInto('group_configurations')
        .values(
          values.map((v) => ({
            configuration_group_id: configurationGroupId,
            device_configuration_id: v.device_configuration_id,
            value: v.value,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['configuration_group_id', 'device_configuration_id'])
            .doUpdateSet({ value: (eb) => eb.ref('excluded.value') }),
        )
        .execute();
      return true;
    });
  }

  /**
   * The values a configuration group holds, by 'service.parameter', for
   * scoreSettings() and the like; settings it does not hold are absent (their
   * defaults apply). No group (an asset outside any) → an empty map.
   */
  async valuesByKey(configurationGroupId: number | null): Promise<Map<SettingKey, string>> {
    if (configurationGroupId === null) return new Map();
    const rows = await this.db
      .selectFrom('group_configurations as g')
      .innerJoin('device_configurations as d', 'd.id', 'g.device_configuration_id')
      .select(['d.service', 'd.parameter', 'g.value'])
      .where('g.configuration_group_id', '=', configurationGroupId)
      .execute();
    return new Map(rows.map((r) => [settingKey(r.service, r.parameter), r.value]));
  }
}
