import type {
  AccessTokenClaims,
  GroupListItem,
  GroupListQuery,
  CreateGroupBody,
  Group,
  GroupMembers,
  UpdateGroupBody,
} from '@fleet/contract';
import { notFound } from '../../lib/http-error.js';
import type { Page } from '../../db/list-page.js';
import type { FleetAccess, Intent } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DriverReads } from '../drivers/index.js';
import type { GroupRepository } from './groups.repository.js';
import { Membership } from './membership.js';

/** Groups gather assets and drivers of their own organisation, e.g. to filter reports. */
export class GroupService {
  /** Its assets and drivers: the same implementation as configuration groups'. */
  readonly membership: Membership<GroupMembers>;

  constructor(
    private readonly repository: GroupRepository,
    assets: AssetReads,
    drivers: DriverReads,
    private readonly access: FleetAccess,
  ) {
    this.membership = new Membership(
      'Group',
      (id) => repository.find(id),
      repository,
      { asset: (id) => assets.find(id), driver: (id) => drivers.find(id) },
      access,
    );
  }

  async list(
    user: AccessTokenClaims,
    organisationId: number,
    query: GroupListQuery,
  ): Promise<Page<GroupListItem>> {
    await this.access.organisation(user, organisationId, 'read');
    return this.repository.list(organisationId, query);
  }

  async create(
    user: AccessTokenClaims,
    organisationId: number,
    body: CreateGroupBody,
  ): Promise<Group> {
    await this.access.organisation(user, organisationId, 'write');
    return this.repository.create(organisationId, {
      name: body.name.trim(),
      active: body.active ?? true,
    });
  }

  get(user: AccessTokenClaims, id: number): Promise<Group> {
    return this.find(user, id, 'read');
  }

  async update(user: AccessTokenClaims, id: number, body: UpdateGroupBody): Promise<Group> {
    await this.find(user, id, 'write');
    const updated = await this.repository.update(id, {
      name: body.name?.trim(),
      active: body.active,
    });
    if (!updated) throw notFound(`Group ${id} does not exist`);
    return updated;
  }

  async delete(user: AccessTokenClaims, id: number): Promise<void> {
    await this.find(user, id, 'write');
    await this.repository.delete(id);
  }

  private async find(user: AccessTokenClaims, id: number, intent: Intent): Promise<Group> {
    return this.access.record(user, await this.repository.find(id), `Group ${id}`, intent);
  }
}
