// The zones module's front door (issue 21 §1): zones, their versions, the visits report, and
// the pure core the engine derives the visits with.
import type { Db } from '../../db/database.js';
import type { AccessService } from '../access/index.js';
import { organisationTree } from '../organisations/index.js';
import { ZonesRepository } from './zones.repository.js';
import { ZonesService } from './zones.service.js';

export { zoneRoutes } from './zones.routes.js';
export type { ZonesService } from './zones.service.js';
export {
  boundingBox,
  emptyZoneFold,
  finishZoneVisits,
  foldZoneVisits,
  HYSTERESIS_METRES,
  sortVisits,
  zoneVisits,
  type OpenVisit,
  type VisitPart,
  type ZoneFold,
  type ZonePoint,
  type ZoneVersion,
} from './zone-visits.core.js';

export function createZones(deps: { db: Db; access: AccessService }) {
  return new ZonesService(new ZonesRepository(deps.db), deps.access, organisationTree(deps.db));
}
