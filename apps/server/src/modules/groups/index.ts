// The groups module's front door; membership is the member routes configuration groups share.
import type { Db } from '../../db/database.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DriverReads } from '../drivers/index.js';
import { GroupRepository } from './groups.repository.js';
import { GroupService } from './groups.service.js';

export { groupRoutes } from './groups.routes.js';
export type { GroupService } from './groups.service.js';
export { Membership, type MemberKind } from './membership.js';
export { membershipRoutes } from './membership.routes.js';

/** What reports read of groups: their members. */
export type GroupMembers = Pick<
  GroupRepository,
  'assetIdsOf' | 'driverIdsOf' | 'idsInOrganisation'
>;
export const groupMembers = (db: Db): GroupMembers => new GroupRepository(db);

export function createGroups(deps: {
  db: Db;
  assets: AssetReads;
  drivers: DriverReads;
  fleetAccess: FleetAccess;
}) {
  return new GroupService(
    new GroupRepository(deps.db),
    deps.assets,
    deps.drivers,
    deps.fleetAccess,
  );
}
