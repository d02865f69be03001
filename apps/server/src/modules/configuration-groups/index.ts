// The configuration groups module's front door.
import type { Db } from '../../db/database.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import { ConfigurationGroupRepository } from './configuration-groups.repository.js';
import { ConfigurationGroupService } from './configuration-groups.service.js';

export { configurationGroupRoutes } from './configuration-groups.routes.js';
export type { ConfigurationGroupService } from './configuration-groups.service.js';

export function createConfigurationGroups(deps: {
  db: Db;
  assets: AssetReads;
  fleetAccess: FleetAccess;
  /** The device settings: whose devices a group has, and pushing settings to moved assets. */
  settings: ConstructorParameters<typeof ConfigurationGroupService>[3];
}) {
  return new ConfigurationGroupService(
    new ConfigurationGroupRepository(deps.db),
    deps.assets,
    deps.fleetAccess,
    deps.settings,
  );
}
