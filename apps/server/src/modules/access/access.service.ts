import type { AccessTokenClaims, Organisation } from '@fleet/contract';
import { forbidden, notFound } from '../../lib/http-error.js';
import type { OrganisationRepository } from '../organisations/organisations.repository.js';

/**
 * The one place that decides who may act on what. A user acts on its own
 * organisation and every descendant, never outside that subtree. Every
 * organisation-scoped route asks here: 404 for an id that does not exist,
 * 403 for one outside the caller's subtree.
 */
export class AccessService {
  constructor(private readonly organisations: OrganisationRepository) {}

  async organisation(user: AccessTokenClaims, organisationId: number): Promise<Organisation> {
    const organisation = await this.organisations.find(organisationId);
    if (!organisation) throw notFound(`Organisation ${organisationId} does not exist`);
    await this.assertWithin(user, organisationId);
    return organisation;
  }

  /** For records that belong to an organisation (users, assets, …) once their owner is known. */
  async assertWithin(user: AccessTokenClaims, organisationId: number): Promise<void> {
    if (organisationId === user.organisation_id) return;
    if (!(await this.organisations.isWithin(organisationId, user.organisation_id))) {
      throw forbidden('This belongs to an organisation outside yours');
    }
  }
}
