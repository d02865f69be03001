// The configurations module's front door: setting definitions, configuration-group values,
// the settings sent to the devices, and the score settings read from them (as plain data).
import type { Db } from '../../db/database.js';
import type { AccessService, FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DeviceChannelService } from '../device-channel/index.js';
import { ConfigurationRepository } from './configurations.repository.js';
import { ConfigurationService } from './configurations.service.js';
import { DeviceSettingsRepository } from './device-settings.repository.js';
import { DeviceSettingsService } from './device-settings.service.js';
import { ScoreSettingsService } from './score-settings.js';

export { configurationRoutes } from './configurations.routes.js';
export type { ConfigurationService } from './configurations.service.js';
export type { DeviceSettingsService } from './device-settings.service.js';
export { scoreSettings, type ScoreSettingsService } from './score-settings.js';
export { DEFINITION_BY_KEY } from './definitions.js';

/** Brings the stored setting definitions in line with definitions.ts (at every start). */
export const syncDefinitions = (db: Db) => new ConfigurationRepository(db).syncDefinitions();

export function createConfigurations(deps: {
  db: Db;
  access: AccessService;
  fleetAccess: FleetAccess;
  assets: AssetReads;
  deviceChannel: DeviceChannelService;
}) {
  const repository = new ConfigurationRepository(deps.db);
  // Settings reach the devices when a group is saved, an asset joins or leaves a configuration
  // group, or a device is fitted.
  const configurations = new ConfigurationService(repository, deps.access, (groupId) =>
    deviceSettings.pushToGroup(groupId),
  );
  const deviceSettings: DeviceSettingsService = new DeviceSettingsService(
    new DeviceSettingsRepository(deps.db),
    configurations,
    deps.deviceChannel,
    deps.assets,
    deps.fleetAccess,
  );
  return { configurations, deviceSettings, scoreSettings: new ScoreSettingsService(repository) };
}
