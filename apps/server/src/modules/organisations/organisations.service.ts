import type {
  AccessTokenClaims,
  DeletionProgress,
  Organisation,
  OrganisationListItem,
  OrganisationListQuery,
  UpdateOrganisationBody,
} from '@fleet/contract';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { visibleName } from '../../lib/text.js';
import type { Page } from '../../db/list-page.js';
import type { ProgressWork } from '../../lib/progress-stream.js';
import type { AccessService } from '../access/index.js';
import { assertConfirmed, type DataDeletionService } from './data-deletion.service.js';
import type { OrganisationRepository } from './organisations.repository.js';

// Names are unique across every tree (sign-in matches them), in their normalised form, regardless
// of case (look-alikes are the same name): say it is taken, not whose it is.
const nameTaken = (name: string) => conflict(`The name '${name}' is not available; choose another`);

export class OrganisationService {
  constructor(
    private readonly repository: OrganisationRepository,
    private readonly access: AccessService,
    private readonly deletion: DataDeletionService,
  ) {}

  list(user: AccessTokenClaims): Promise<Organisation[]> {
    return this.repository.subtree(user.organisation_id);
  }

  /** The overview of the organisation's subtree (the OEM organisation overview). Any role of the subtree reads it. */
  async overview(
    user: AccessTokenClaims,
    rootId: number,
    query: OrganisationListQuery,
  ): Promise<Page<OrganisationListItem>> {
    await this.access.organisation(user, rootId);
    return this.repository.list(rootId, query);
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
    this.access.assertMayChangeOrganisation(user, { action: 'create', targetId: parentId });
    const normalised = visibleName(name, 'name');
    const created = await this.repository.create(normalised, parentId);
    if (!created) throw nameTaken(normalised);
    return created;
  }

  /**
   * Renames and/or moves: both the organisation and its new parent must lie in the caller's
   * subtree (404 otherwise, as if missing), the caller's role must allow it, and nobody moves
   * their own organisation (403). A parent below the organisation itself would make a cycle (400).
   */
  async update(
    user: AccessTokenClaims,
    id: number,
    body: UpdateOrganisationBody,
  ): Promise<Organisation> {
    const organisation = await this.access.organisation(user, id);
    const name = body.name === undefined ? undefined : visibleName(body.name, 'name');
    const moves = body.parentId !== undefined && body.parentId !== organisation.parentId;
    if (name !== undefined)
      this.access.assertMayChangeOrganisation(user, { action: 'rename', targetId: id });
    if (moves) {
      this.access.assertMayChangeOrganisation(user, { action: 'move', targetId: id });
      await this.access.organisation(user, body.parentId!);
    }
    if (name === undefined && !moves) {
      this.access.assertMayChangeOrganisation(user, { action: 'rename', targetId: id });
      return organisation;
    }
    const result = await this.repository.update(id, {
      name,
      parentId: moves ? body.parentId : undefined,
    });
    if ('updated' in result) return result.updated;
    switch (result.refused) {
      case 'name-taken':
        throw nameTaken(name ?? '');
      case 'below-itself':
        throw badRequest(
          `parentId must not be the organisation itself or one below it: ${organisation.name} cannot move under its own subtree`,
        );
      case 'missing':
        throw notFound(`Organisation ${id} does not exist`);
    }
  }

  /**
   * Checks the deletion of an organisation with everything in and below it (its organisations,
   * users, fleet, records and media), confirmed with its name, and answers the work: one
   * transaction, streamed progress.
   */
  async delete(
    user: AccessTokenClaims,
    id: number,
    confirm: string,
  ): Promise<ProgressWork<DeletionProgress>> {
    const organisation = await this.access.organisation(user, id);
    this.access.assertMayChangeOrganisation(user, { action: 'delete', targetId: id });
    assertConfirmed(organisation, confirm);
    return (report, signal) => this.deletion.run(id, true, report, signal);
  }
}
