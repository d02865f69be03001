// The drivers module's front door.
import type { Db } from '../../db/database.js';
import type { SyncedRecords } from '../../db/synced-records.js';
import type { FleetAccess } from '../access/index.js';
import { DriverRepository } from './drivers.repository.js';
import { DriverService } from './drivers.service.js';

export { driverRoutes } from './drivers.routes.js';
export type { DriverService } from './drivers.service.js';

/** What other modules may read of drivers. */
export type DriverReads = Pick<DriverRepository, 'find' | 'listByOrganisation' | 'namesByIds'>;
export const driverReads = (db: Db): DriverReads => new DriverRepository(db);

export function createDrivers(deps: { db: Db; fleetAccess: FleetAccess; synced: SyncedRecords }) {
  return new DriverService(new DriverRepository(deps.db), deps.fleetAccess, deps.synced);
}
