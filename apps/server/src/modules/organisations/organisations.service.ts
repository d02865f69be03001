import type { AccessTokenClaims, Organisation } from '@fleet/contract';
import { conflict } from '../../lib/http-error.js';
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
    this.access.assertMayManageOrganisations(user);
    const created = await this.repository.create(name.trim(), parentId);
    // Names are unique across every tree (sign-in matches them): say it is taken, not whose it is.
    if (!created) throw conflict(`The name '${name.trim()}' is not available; choose another`);
    return created;
  }
}
