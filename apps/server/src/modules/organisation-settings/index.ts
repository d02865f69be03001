// The organisation settings module's front door (the control room's webhook, live-view limits).
import type { Db } from '../../db/database.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import type { AccessService } from '../access/index.js';
import { OrganisationSettingsRepository } from './organisation-settings.repository.js';
import { OrganisationSettingsService } from './organisation-settings.service.js';

export { organisationSettingsRoutes } from './organisation-settings.routes.js';
export type { OrganisationSettingsService } from './organisation-settings.service.js';

export function createOrganisationSettings(deps: {
  db: Db;
  access: AccessService;
  outbound: OutboundPolicy;
}) {
  return new OrganisationSettingsService(
    new OrganisationSettingsRepository(deps.db),
    deps.access,
    deps.outbound,
  );
}
