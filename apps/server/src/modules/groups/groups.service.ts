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
import type { Page } from '../../lib/list-page.js';
import type { FleetAccess, Intent } from '../access/fleet-access.js';
import type { AssetRepository } from '../assets/assets.repository.js';
import type { DriverRepository } from '../drivers/drivers.repository.js';
import type { GroupRepository } from './groups.repository.js';

/** Groups gather assets and drivers of their own organisation, e.g. to filter reports. */
export class GroupService {
  constructor(
    private readonly repository: GroupRepository,
    private readonly assets: AssetRepository,
    private readonly drivers: DriverRepository,
    private readonly access: FleetAccess,
  ) {}

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

  async members(user: AccessTokenClaims, id: number): Promise<GroupMembers> {
    await this.find(user, id, 'read');
    return this.repository.members(id);
  }

  async candidates(user: AccessTokenClaims, id: number): Promise<GroupMembers> {
    return this.repository.candidates(await this.find(user, id, 'read'));
  }

  /** Adding a member twice, or removing one that is not in, changes nothing. */
  async setAsset(user: AccessTokenClaims, id: number, assetId: number, member: boolean) {
    const group = await this.find(user, id, 'write');
    const asset = await this.access.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'write',
    );
    this.access.assertSameOrganisation(group, asset, `Asset ${assetId}`, `group ${id}`);
    if (member) await this.repository.addAsset(id, assetId);
    else await this.repository.removeAsset(id, assetId);
  }

  async setDriver(user: AccessTokenClaims, id: number, driverId: number, member: boolean) {
    const group = await this.find(user, id, 'write');
    const driver = await this.access.record(
      user,
      await this.drivers.find(driverId),
      `Driver ${driverId}`,
      'write',
    );
    this.access.assertSameOrganisation(group, driver, `Driver ${driverId}`, `group ${id}`);
    if (member) await this.repository.addDriver(id, driverId);
    else await this.repository.removeDriver(id, driverId);
  }

  private async find(user: AccessTokenClaims, id: number, intent: Intent): Promise<Group> {
    return this.access.record(user, await this.repository.find(id), `Group ${id}`, intent);
  }
}
