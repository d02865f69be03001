// The links module's front door: assets linked to devices and to drivers over time.
import type { Db } from '../../db/database.js';
import type { SyncedRecords } from '../../db/synced-records.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DeviceReads } from '../devices/index.js';
import type { DriverReads } from '../drivers/index.js';
import { LinkRepository } from './links.repository.js';
import { LinkService, type LinkChanged } from './links.service.js';

export { assetDriverLinkRoute, linkRoutes } from './links.routes.js';
export type { LinkChanged, LinkService } from './links.service.js';

export function createLinks(deps: {
  db: Db;
  assets: AssetReads;
  devices: DeviceReads;
  drivers: DriverReads;
  fleetAccess: FleetAccess;
  synced: SyncedRecords;
  /** A link changed: the engine re-processes the days it covers. */
  changed: LinkChanged;
  /** A device was fitted: its settings go to it. */
  deviceFitted: (assetId: number) => Promise<void>;
}) {
  const repository = new LinkRepository(deps.db);
  return {
    deviceLinks: new LinkService(
      'device',
      repository,
      deps.assets,
      deps.devices,
      deps.fleetAccess,
      deps.synced,
      deps.changed,
      deps.deviceFitted,
    ),
    driverLinks: new LinkService(
      'driver',
      repository,
      deps.assets,
      deps.drivers,
      deps.fleetAccess,
      deps.synced,
      deps.changed,
    ),
  };
}
