// The access module's front door: who may see and change what (docs/architecture.md).
import type { OrganisationTree } from '../organisations/index.js';
import { AccessService } from './access.service.js';
import { FleetAccess } from './fleet-access.js';

export type { AccessService } from './access.service.js';
export type { FleetAccess, Intent } from './fleet-access.js';
export { assertLinkOpens } from './caller-access.js';
export { MonitoringAccess, type Viewer } from './monitoring-access.js';
export {
  SafetyAccess,
  safetyRefusal,
  type SafetyActor,
  type SafetyDeed,
  type SafetySubject,
} from './safety-access.js';

/** The organisation rule and the fleet rules over the organisation tree. */
export function createAccess(tree: OrganisationTree) {
  const access = new AccessService(tree);
  return { access, fleetAccess: new FleetAccess(access, tree) };
}
