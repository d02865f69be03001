// The organisations module's front door: the tree, and deleting an organisation or its data.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AccessService } from '../access/index.js';
import { DataDeletionRepository } from './data-deletion.repository.js';
import { DataDeletionService } from './data-deletion.service.js';
import { OrganisationRepository } from './organisations.repository.js';
import { OrganisationService } from './organisations.service.js';

export { organisationRoutes } from './organisations.routes.js';
export type { OrganisationService } from './organisations.service.js';
export { assertConfirmed, type DataDeletionService } from './data-deletion.service.js';

/** What other modules may read of the tree. */
export type OrganisationTree = Pick<OrganisationRepository, 'find' | 'isWithin' | 'subtree'>;
export const organisationTree = (db: Db): OrganisationTree => new OrganisationRepository(db);

export function createOrganisations(deps: {
  db: Db;
  access: AccessService;
  log: FastifyBaseLogger;
}) {
  const deletion = new DataDeletionService(new DataDeletionRepository(deps.db), deps.log);
  const organisations = new OrganisationService(
    new OrganisationRepository(deps.db),
    deps.access,
    deletion,
  );
  return { organisations, deletion };
}
