import { permissions, type AccessTokenClaims, type Organisation } from '@fleet/contract';
import { conflict, forbidden } from '../../lib/http-error.js';
import type { AccessService } from '../access/access.service.js';
import type { OrganisationRepository } from './organisations.repository.js';

export class OrganisationService {
  constructor(
    private readonly repository: OrganisationRepository,
    private readonly access: AccessService,
  ) {}

  list(user: AccessTokenClaims): Promise<Organisation[]> {
    return this.repository.subtree(user.organisation_id);
  }

  get(user: AccessTokenClaims, id: number): Promise<Organisation> {
    return this.access.organisation(user, id);
  }

  async createChild(
    user: AccessTokenClaims,
    parentId: number,
    name: string,
  ): Promise<Organisation> {
    await this.access.organisation(user, parentId);
    if (!permissions.manageOrganisations(user.user_role)) {
      throw forbidden('Only OEM, reseller and integrator users create organisations');
    }
    const created = await this.repository.create(name.trim(), parentId);
    if (!created) throw conflict(`An organisation named '${name.trim()}' already exists`);
    return created;
  }
}
