// The assets module's front door.
import type { Db } from '../../db/database.js';
import type { SyncedRecords } from '../../db/synced-records.js';
import type { FleetAccess } from '../access/index.js';
import { AssetRepository } from './assets.repository.js';
import { AssetService } from './assets.service.js';

export { assetRoutes } from './assets.routes.js';
export type { AssetService } from './assets.service.js';

/** What other modules may read of assets. */
export type AssetReads = Pick<AssetRepository, 'find' | 'listByOrganisation'>;
export const assetReads = (db: Db): AssetReads => new AssetRepository(db);

export function createAssets(deps: { db: Db; fleetAccess: FleetAccess; synced: SyncedRecords }) {
  return new AssetService(new AssetRepository(deps.db), deps.fleetAccess, deps.synced);
}
