// The fleet overview's front door.
import type { Db } from '../../db/database.js';
import type { HeavyWork } from '../../db/heavy-work.js';
import type { AccessService } from '../access/index.js';
import type { ScoreSettingsService } from '../configurations/index.js';
import type { OrganisationTree } from '../organisations/index.js';
import { FleetRepository } from './fleet.repository.js';
import { FleetService } from './fleet.service.js';

export { fleetRoutes } from './fleet.routes.js';
export type { FleetService } from './fleet.service.js';

export function createFleet(deps: {
  db: Db;
  tree: OrganisationTree;
  access: AccessService;
  scoreSettings: ScoreSettingsService;
  heavyWork: HeavyWork;
}) {
  return new FleetService(
    new FleetRepository(deps.db),
    deps.tree,
    deps.access,
    deps.scoreSettings,
    deps.heavyWork,
  );
}
