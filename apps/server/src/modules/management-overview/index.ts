// The management overview's front door: counts and checks.
import type { Db } from '../../db/database.js';
import type { AccessService } from '../access/index.js';
import { ManagementOverviewRepository } from './management-overview.repository.js';
import { ManagementOverviewService } from './management-overview.service.js';

export { managementOverviewRoutes } from './management-overview.routes.js';
export type { ManagementOverviewService } from './management-overview.service.js';

export function createManagementOverview(deps: { db: Db; access: AccessService }) {
  return new ManagementOverviewService(new ManagementOverviewRepository(deps.db), deps.access);
}
