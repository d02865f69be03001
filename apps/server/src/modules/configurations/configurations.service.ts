import {
  checkSettingValue,
  type AccessTokenClaims,
  type DeviceConfiguration,
  type GroupConfiguration,
  type GroupConfigurationsQuery,
  type GroupConfigurationUpdate,
} from '@fleet/contract';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { AccessService } from '../access/index.js';
import type {
  ConfigurationRepository,
  DeviceConfigurationRow,
} from './configurations.repository.js';
import { DEFINITION_BY_KEY, DEFINITION_ORDER, settingKey } from './definitions.js';

/**
 * A row of device_configurations with the type and bounds its definition in
 * code gives it. Rows no definition knows any more (retired settings, which
 * are never deleted) are left out of every answer and refused on write.
 */
function toDeviceConfiguration(row: DeviceConfigurationRow): DeviceConfiguration | undefined {
  const definition = DEFINITION_BY_KEY.get(settingKey(row.service, row.parameter));
  if (!definition) return undefined;
  return {
    id: row.id,
    service: row.service,
    parameter: row.parameter,
    category: definition.category,
    description: row.description,
    defaultValue: row.default_value,
    type: definition.type,
    ...(definition.min !== undefined && { min: definition.min }),
    ...(definition.max !== undefined && { max: definition.max }),
    ...(definition.options && { options: [...definition.options] }),
  };
}

const order = (d: DeviceConfiguration) =>
  DEFINITION_ORDER.get(settingKey(d.service, d.parameter)) ?? Number.MAX_SAFE_INTEGER;

export class ConfigurationService {
  constructor(
    private readonly repository: ConfigurationRepository,
    private readonly access: AccessService,
    /** After a save: the settings go to the group's devices (DeviceSettingsService). */
    private readonly saved: (configurationGroupId: number) => Promise<void> = async () => {},
  ) {}

  /** Every setting with the group's value or else its default, each with its definition; no group: the defaults. */
  async effective(configurationGroupId: number | null): Promise<GroupConfiguration[]> {
    const query = { defaults: true, definitions: true };
    if (configurationGroupId !== null) return this.list(configurationGroupId, query);
    return (await this.definitions()).map((d) => ({
      deviceConfigurationId: d.id,
      value: d.defaultValue,
      deviceConfiguration: d,
    }));
  }

  /** Every setting a configuration group can hold, in the order of the settings page. */
  async definitions(): Promise<DeviceConfiguration[]> {
    const rows = await this.repository.listDefinitions();
    return rows
      .map(toDeviceConfiguration)
      .filter((d): d is DeviceConfiguration => d !== undefined)
      .sort((a, b) => order(a) - order(b));
  }

  async groupConfigurations(
    user: AccessTokenClaims,
    configurationGroupId: number,
    query: GroupConfigurationsQuery,
  ): Promise<GroupConfiguration[]> {
    await this.assertGroupAccess(user, configurationGroupId);
    return this.list(configurationGroupId, query);
  }

  /**
   * Checks every value against its setting's type and bounds first, and writes
   * only when all pass, in one transaction: a save is whole or not at all.
   */
  async update(
    user: AccessTokenClaims,
    configurationGroupId: number,
    updates: GroupConfigurationUpdate[],
    query: GroupConfigurationsQuery,
  ): Promise<GroupConfiguration[]> {
    await this.assertGroupAccess(user, configurationGroupId);
    this.access.assertMayManageFleet(user);
    const byId = new Map((await this.definitions()).map((d) => [d.id, d]));
    const problems: string[] = [];
    const seen = new Set<number>();
    const values = updates.flatMap(({ deviceConfigurationId: id, value }) => {
      const definition = byId.get(id);
      if (!definition) {
        problems.push(`device configuration ${id} does not exist`);
        return [];
      }
      const name = `${definition.service}.${definition.parameter}`;
      if (seen.has(id)) {
        problems.push(`${name} is given more than once`);
        return [];
      }
      seen.add(id);
      const check = checkSettingValue(definition, value);
      if (!check.ok) {
        problems.push(`${name} ${check.rule} (got '${value}')`);
        return [];
      }
      return [{ device_configuration_id: id, value: check.value }];
    });
    if (problems.length) throw badRequest(`Nothing was saved: ${problems.join('; ')}`);
    if (!(await this.repository.writeGroupValues(configurationGroupId, values))) {
      throw notFound(`Configuration group ${configurationGroupId} does not exist`);
    }
    await this.saved(configurationGroupId);
    return this.list(configurationGroupId, query);
  }

  private async assertGroupAccess(user: AccessTokenClaims, configurationGroupId: number) {
    const organisationId = await this.repository.findGroupOrganisation(configurationGroupId);
    if (organisationId === undefined) {
      throw notFound(`Configuration group ${configurationGroupId} does not exist`);
    }
    await this.access.assertWithin(
      user,
      organisationId,
      `Configuration group ${configurationGroupId}`,
    );
  }

  /** defaults: every setting, the group's value or else the default; otherwise only the group's values. */
  private async list(
    configurationGroupId: number,
    { defaults = false, definitions = false }: GroupConfigurationsQuery,
  ): Promise<GroupConfiguration[]> {
    const [all, values] = await Promise.all([
      this.definitions(),
      this.repository.groupValues(configurationGroupId),
    ]);
    const held = new Map(values.map((v) => [v.device_configuration_id, v.value]));
    return all
      .filter((d) => defaults || held.has(d.id))
      .map((d) => ({
        deviceConfigurationId: d.id,
        value: held.get(d.id) ?? d.defaultValue,
        ...(definitions && { deviceConfiguration: d }),
      }));
  }
}
