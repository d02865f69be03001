import type {
  AccessTokenClaims,
  ConfigurationGroupListItem,
  ConfigurationGroupListQuery,
  ConfigurationGroup,
  ConfigurationGroupMembers,
  CreateConfigurationGroupBody,
  UpdateConfigurationGroupBody,
} from '@fleet/contract';
import { conflict, notFound } from '../../lib/http-error.js';
import { plural } from '../../lib/text.js';
import type { Page } from '../../lib/list-page.js';
import type { FleetAccess, Intent } from '../access/fleet-access.js';
import type { AssetRepository } from '../assets/assets.repository.js';
import type { ConfigurationGroupRepository } from './configuration-groups.repository.js';

/** A configuration group holds the device settings of its assets; an asset is in at most one. */
export class ConfigurationGroupService {
  constructor(
    private readonly repository: ConfigurationGroupRepository,
    private readonly assets: AssetRepository,
    private readonly access: FleetAccess,
  ) {}

  async list(
    user: AccessTokenClaims,
    organisationId: number,
    query: ConfigurationGroupListQuery,
  ): Promise<Page<ConfigurationGroupListItem>> {
    await this.access.organisation(user, organisationId, 'read');
    return this.repository.list(organisationId, query);
  }

  async create(
    user: AccessTokenClaims,
    organisationId: number,
    body: CreateConfigurationGroupBody,
  ): Promise<ConfigurationGroup> {
    await this.access.organisation(user, organisationId, 'write');
    return this.repository.create(organisationId, body.name.trim());
  }

  get(user: AccessTokenClaims, id: number): Promise<ConfigurationGroup> {
    return this.find(user, id, 'read');
  }

  async update(
    user: AccessTokenClaims,
    id: number,
    body: UpdateConfigurationGroupBody,
  ): Promise<ConfigurationGroup> {
    await this.find(user, id, 'write');
    const updated = await this.repository.update(id, body.name?.trim());
    if (!updated) throw notFound(`Configuration group ${id} does not exist`);
    return updated;
  }

  /** Refused (409) while it holds assets: their devices would fall back to the defaults. */
  async delete(user: AccessTokenClaims, id: number): Promise<void> {
    const group = await this.find(user, id, 'write');
    const assets = await this.repository.deleteUnlessHoldingAssets(id);
    if (assets) {
      throw conflict(
        `Configuration group '${group.name}' still holds ${plural(assets, 'asset')}; take ${assets > 1 ? 'them' : 'it'} out first`,
      );
    }
  }

  async members(user: AccessTokenClaims, id: number): Promise<ConfigurationGroupMembers> {
    await this.find(user, id, 'read');
    return this.repository.members(id);
  }

  async candidates(user: AccessTokenClaims, id: number): Promise<ConfigurationGroupMembers> {
    return this.repository.candidates(await this.find(user, id, 'read'));
  }

  /** Adding moves the asset here from any other configuration group; removing one not in it changes nothing. */
  async setAsset(user: AccessTokenClaims, id: number, assetId: number, member: boolean) {
    const group = await this.find(user, id, 'write');
    const asset = await this.access.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'write',
    );
    this.access.assertSameOrganisation(
      group,
      asset,
      `Asset ${assetId}`,
      `configuration group ${id}`,
    );
    if (member) await this.repository.addAsset(id, assetId);
    else await this.repository.removeAsset(id, assetId);
  }

  private async find(
    user: AccessTokenClaims,
    id: number,
    intent: Intent,
  ): Promise<ConfigurationGroup> {
    return this.access.record(
      user,
      await this.repository.find(id),
      `Configuration group ${id}`,
      intent,
    );
  }
}
