// The admin base's data module's front door: re-processing, query points, deleting data.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AccessService, FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { EngineService } from '../engine/index.js';
import type { DataDeletionService, OrganisationTree } from '../organisations/index.js';
import type { RawDataService } from '../raw-data/index.js';
import { AdminDataRepository } from './admin-data.repository.js';
import { AdminDataService } from './admin-data.service.js';

export { adminDataRoutes } from './admin-data.routes.js';
export type { AdminDataService } from './admin-data.service.js';

export function createAdminData(deps: {
  db: Db;
  timezone: string;
  tree: OrganisationTree;
  assets: AssetReads;
  engine: EngineService;
  access: AccessService;
  fleetAccess: FleetAccess;
  deletion: DataDeletionService;
  rawData: RawDataService;
  log: FastifyBaseLogger;
}) {
  return new AdminDataService(
    new AdminDataRepository(deps.db, deps.timezone),
    deps.tree,
    deps.assets,
    deps.engine,
    deps.access,
    deps.fleetAccess,
    deps.deletion,
    deps.rawData,
    deps.log,
  );
}
