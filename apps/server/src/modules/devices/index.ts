// The devices module's front door.
import type { Db } from '../../db/database.js';
import type { SyncedRecords } from '../../db/synced-records.js';
import type { FleetAccess } from '../access/index.js';
import { DeviceRepository } from './devices.repository.js';
import { DeviceService } from './devices.service.js';

export { deviceRoutes } from './devices.routes.js';
export type { DeviceService } from './devices.service.js';
export { issueCredential, parseCredential } from './device-credentials.js';

/** What other modules may read of devices. */
export type DeviceReads = Pick<DeviceRepository, 'find'>;
export const deviceReads = (db: Db): DeviceReads => new DeviceRepository(db);
/** What the device API asks when a device calls: its credential, and that it was heard from. */
export type DeviceLogins = Pick<DeviceRepository, 'credentialHashes' | 'touchLastSeen'>;
export const deviceLogins = (db: Db): DeviceLogins => new DeviceRepository(db);

export function createDevices(deps: {
  db: Db;
  fleetAccess: FleetAccess;
  synced: SyncedRecords;
  identifierClashesPerHour: number;
  /** a device's credential was re-issued, or the device deleted: the old one is refused now */
  credentialChanged?: (deviceId: number) => void;
}) {
  return new DeviceService(
    new DeviceRepository(deps.db),
    deps.fleetAccess,
    deps.synced,
    deps.identifierClashesPerHour,
    deps.credentialChanged,
  );
}
